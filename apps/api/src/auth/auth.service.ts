import { BadRequestException, ConflictException, ForbiddenException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { AppConfig } from '@app/config';
import type { AuthUser as AuthUserData } from '@app/contracts';
import { Database } from '@app/db';
import { emailIdentityKey, usernameError, validateLogin, validateRegister } from '@app/domain';
import { EmailTakenError, USERNAME_TAKEN_MESSAGE, UserRepository, UsernameTakenError } from '../users/user.repository.js';
import { AUTH_MESSAGES } from './auth-messages.js';
import { CommonPasswords } from './common-passwords.js';
import type { RegisterDto } from './dto/register.dto.js';
import { LoginBackoff } from './login-backoff.js';
import { OtpService } from './otp.service.js';
import { Passwords } from './passwords.js';
import { RateLimiter } from './rate-limiter.js';
import { SessionService, toAuthUser, type IssuedSession } from './session.service.js';

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

function invalid(result: { error: string; errors: Record<string, string | undefined> }): BadRequestException {
  return new BadRequestException({ message: result.error, errors: result.errors });
}

/** 409: the username is another account's (ignoring case); the form shows it under the username field. */
function usernameTaken(): ConflictException {
  return new ConflictException({ message: USERNAME_TAKEN_MESSAGE, errors: { username: USERNAME_TAKEN_MESSAGE } });
}

function referralError(message: string): BadRequestException {
  return new BadRequestException({ message, errors: { referralCode: message } });
}

/** Registration by e-mailed code, and login. */
@Injectable()
export class AuthService {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(UserRepository) private readonly users: UserRepository,
    @Inject(OtpService) private readonly otp: OtpService,
    @Inject(Passwords) private readonly passwords: Passwords,
    @Inject(SessionService) private readonly sessions: SessionService,
    @Inject(RateLimiter) private readonly limits: RateLimiter,
    @Inject(LoginBackoff) private readonly backoff: LoginBackoff,
    @Inject(CommonPasswords) private readonly commonPasswords: CommonPasswords,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  /** Domains a login may use: the registration domains, and the configured super-admin's. */
  private get loginDomains(): string[] {
    const adminDomain = this.config.ADMIN_EMAIL?.toLowerCase().split('@')[1];
    return adminDomain ? [...this.config.ALLOWED_EMAIL_DOMAINS, adminDomain] : this.config.ALLOWED_EMAIL_DOMAINS;
  }

  /** The form's rules (the same as the web form's, with the common-password list): 400 with the first message. */
  private validRegistration(dto: RegisterDto, requireOtp: boolean) {
    const result = validateRegister(dto, { allowedEmailDomains: this.config.ALLOWED_EMAIL_DOMAINS, requireOtp, commonPasswords: this.commonPasswords.set });
    if (!result.ok) throw invalid(result);
    const details = result.value;
    const nameError = usernameError(details.username);
    if (nameError) throw new BadRequestException({ message: nameError, errors: { username: nameError } });
    return details;
  }

  /**
   * What the database says of a valid registration: the referral code must exist and be neither an administrator's
   * nor one held by the same e-mail identity (an alias of the registrant's own address: that account is the
   * registrant's own, so the bonus would pay them for themselves); then the identity and the username (ignoring
   * case) must be free (409).
   */
  private async checkAgainstAccounts(details: { email: string; username: string; referralCode?: string }): Promise<string | null> {
    let referredBy: string | null = null;
    if (details.referralCode) {
      const referrer = await this.users.referrerByCode(this.db, details.referralCode.toUpperCase());
      if (!referrer) throw referralError(AUTH_MESSAGES.invalidReferral);
      if (referrer.role === 'super-admin') throw referralError(AUTH_MESSAGES.adminReferral);
      if (referrer.email_key === emailIdentityKey(details.email)) throw referralError(AUTH_MESSAGES.ownReferral);
      referredBy = referrer.id;
    }
    if (await this.users.emailExists(this.db, details.email)) throw new ConflictException(AUTH_MESSAGES.emailTaken);
    if (await this.users.usernameTaken(this.db, details.username)) throw usernameTaken();
    return referredBy;
  }

  /**
   * Step 1: validate, count the attempt against the per-address and per-client limits (before anything that tells
   * whether an address is registered), then e-mail a code.
   */
  async requestRegistrationCode(dto: RegisterDto, client: ClientInfo): Promise<{ otpSent: true; email: string }> {
    const details = this.validRegistration(dto, false);
    await this.otp.limitSend(details.email, client.ip);
    await this.checkAgainstAccounts(details);
    await this.otp.issue('register', details.email, client.ip);
    return { otpSent: true, email: details.email };
  }

  /**
   * Step 2: count the check against the limits, re-check the details, then check the code and create the player
   * with their wallet, in one transaction with the code's use.
   */
  async register(dto: RegisterDto, client: ClientInfo): Promise<AuthUserData> {
    const details = this.validRegistration(dto, true);
    await this.otp.limitCheck(details.email, client.ip);
    const referredBy = await this.checkAgainstAccounts(details);
    try {
      const user = await this.otp.check('register', details.email, details.otp!, async (trx, code) => {
        await this.otp.consume(trx, code.id);
        // Hashed only once the code is right: wrong guesses cost no hashing.
        const passwordHash = await this.passwords.hash(details.password);
        return this.users.createPlayer(trx, { username: details.username, email: details.email, passwordHash, referredBy });
      });
      return toAuthUser(user);
    } catch (error) {
      if (error instanceof EmailTakenError) throw new ConflictException(AUTH_MESSAGES.emailTaken);
      if (error instanceof UsernameTakenError) throw usernameTaken();
      throw error;
    }
  }

  /**
   * Login, with any alias of the registered address (it names the same person). Unknown address and wrong
   * password give the same answer (and take the same time). Attempts are limited per client address; wrong
   * passwords slow down that client address for that account (LoginBackoff), never the owner elsewhere.
   */
  async login(email: string | undefined, password: string | undefined, client: ClientInfo): Promise<IssuedSession> {
    const result = validateLogin({ email, password }, { allowedEmailDomains: this.loginDomains });
    if (!result.ok) throw invalid(result);
    const credentials = result.value;
    const account = emailIdentityKey(credentials.email);
    await this.limits.hit('loginIp', client.ip);
    await this.backoff.check(account, client.ip);
    const user = await this.users.findByEmail(this.db, credentials.email);
    const valid = user ? await this.passwords.verify(user.password_hash, credentials.password) : await this.passwords.verifyNobody(credentials.password);
    if (!user || !valid) {
      await this.backoff.failed(account, client.ip);
      throw new UnauthorizedException(AUTH_MESSAGES.invalidCredentials);
    }
    if (user.status === 'banned') throw new ForbiddenException(AUTH_MESSAGES.accountSuspended);
    await this.backoff.succeeded(account, client.ip);
    await this.users.recordLogin(this.db, user.id);
    return this.sessions.start(user, client);
  }
}
