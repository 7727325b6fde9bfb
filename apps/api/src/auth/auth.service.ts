import { BadRequestException, ConflictException, ForbiddenException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { AppConfig } from '@app/config';
import { usernameError, type AuthUser as AuthUserData } from '@app/contracts';
import { Database } from '@app/db';
import { validateLogin, validateRegister } from '@app/domain';
import { EmailTakenError, UserRepository } from '../users/user.repository.js';
import { AUTH_MESSAGES } from './auth-messages.js';
import type { RegisterDto } from './dto/register.dto.js';
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
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  /** Domains a login may use: the registration domains, and the configured super-admin's. */
  private get loginDomains(): string[] {
    const adminDomain = this.config.ADMIN_EMAIL?.toLowerCase().split('@')[1];
    return adminDomain ? [...this.config.ALLOWED_EMAIL_DOMAINS, adminDomain] : this.config.ALLOWED_EMAIL_DOMAINS;
  }

  /** Validates a registration; returns the normalised details and the referrer. Throws 400/409. */
  private async checkRegistration(dto: RegisterDto, requireOtp: boolean) {
    const result = validateRegister(dto, { allowedEmailDomains: this.config.ALLOWED_EMAIL_DOMAINS, requireOtp });
    if (!result.ok) throw invalid(result);
    const details = result.value;
    const nameError = usernameError(details.username);
    if (nameError) throw new BadRequestException({ message: nameError, errors: { username: nameError } });
    if (await this.users.emailExists(this.db, details.email)) throw new ConflictException(AUTH_MESSAGES.emailTaken);
    let referredBy: string | null = null;
    if (details.referralCode) {
      referredBy = (await this.users.idByReferralCode(this.db, details.referralCode.toUpperCase())) ?? null;
      if (!referredBy) throw new BadRequestException({ message: AUTH_MESSAGES.invalidReferral, errors: { referralCode: AUTH_MESSAGES.invalidReferral } });
    }
    return { ...details, referredBy };
  }

  /** Step 1: validate, then e-mail a code. */
  async requestRegistrationCode(dto: RegisterDto, client: ClientInfo): Promise<{ otpSent: true; email: string }> {
    const details = await this.checkRegistration(dto, false);
    await this.otp.limitSend(details.email, client.ip);
    await this.otp.issue('register', details.email, client.ip);
    return { otpSent: true, email: details.email };
  }

  /** Step 2: check the code and create the player with their wallet, in one transaction with the code's use. */
  async register(dto: RegisterDto, client: ClientInfo): Promise<AuthUserData> {
    const details = await this.checkRegistration(dto, true);
    try {
      const user = await this.otp.check('register', details.email, details.otp!, client.ip, async (trx, code) => {
        await this.otp.consume(trx, code.id);
        // Hashed only once the code is right: wrong guesses cost no hashing.
        const passwordHash = await this.passwords.hash(details.password);
        return this.users.createPlayer(trx, { username: details.username, email: details.email, passwordHash, referredBy: details.referredBy });
      });
      return toAuthUser(user);
    } catch (error) {
      if (error instanceof EmailTakenError) throw new ConflictException(AUTH_MESSAGES.emailTaken);
      throw error;
    }
  }

  /**
   * Login. Unknown address and wrong password give the same answer (and take the same time). Wrong passwords
   * are limited per account, attempts per client address.
   */
  async login(email: string | undefined, password: string | undefined, client: ClientInfo): Promise<IssuedSession> {
    const result = validateLogin({ email, password }, { allowedEmailDomains: this.loginDomains });
    if (!result.ok) throw invalid(result);
    const credentials = result.value;
    await this.limits.hit('loginIp', client.ip);
    await this.limits.check('loginAccount', credentials.email);
    const user = await this.users.findByEmail(this.db, credentials.email);
    const valid = user ? await this.passwords.verify(user.password_hash, credentials.password) : await this.passwords.verifyNobody(credentials.password);
    if (!user || !valid) {
      await this.limits.hit('loginAccount', credentials.email).catch(() => undefined);
      throw new UnauthorizedException(AUTH_MESSAGES.invalidCredentials);
    }
    if (user.status === 'banned') throw new ForbiddenException(AUTH_MESSAGES.accountSuspended);
    await this.limits.reset('loginAccount', credentials.email);
    await this.users.recordLogin(this.db, user.id);
    return this.sessions.start(user, client);
  }
}
