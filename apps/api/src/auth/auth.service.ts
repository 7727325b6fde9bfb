import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Inject,
  Injectable,
  Logger,
  UnauthorizedException,
} from '@nestjs/common';
import { AppConfig } from '@app/config';
import type { AuthUser as AuthUserData, Role } from '@app/contracts';
import { Database } from '@app/db';
import {
  decidePlayBreak,
  emailIdentityKey,
  istDateKey,
  SECOND_FACTOR_MESSAGES,
  sessionLimitMessage,
  usernameError,
  validateLogin,
  validateRegister,
  type LoginFactorField,
} from '@app/domain';
import { PlayBreakRepository, toPlayBreakView } from '../play-breaks/play-break.repository.js';
import { WithdrawTokenService } from '../play-breaks/withdraw-token.service.js';
import {
  EmailTakenError,
  USERNAME_TAKEN_MESSAGE,
  UserRepository,
  UsernameTakenError,
} from '../users/user.repository.js';
import { AUTH_MESSAGES } from './auth-messages.js';
import { CommonPasswords } from './common-passwords.js';
import type { RegisterDto } from './dto/register.dto.js';
import { LoginBackoff } from './login-backoff.js';
import { LoginStepUp } from './login-step-up.js';
import { OtpService } from './otp.service.js';
import { Passwords } from './passwords.js';
import { RateLimiter } from './rate-limiter.js';
import { SecondFactorService } from './second-factor.service.js';
import { SessionService, toAuthUser, type IssuedSession } from './session.service.js';

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

/** What a sign-in presents beyond the password: the e-mailed code and the authenticator's code (or a recovery code). */
export interface LoginFactors {
  code?: string | null;
  totp?: string | null;
}

/**
 * 401 for a sign-in that needs more than it presented (`missing`) or whose password or codes were wrong (`refused`):
 * `errors` names every factor the account needs, so the form shows their fields. Its words depend only on what the
 * account needs and what was sent, never on whether the password was right.
 */
function challenge(needed: readonly LoginFactorField[], kind: 'missing' | 'refused'): UnauthorizedException {
  const field: Record<LoginFactorField, string> = {
    code: SECOND_FACTOR_MESSAGES.codeField,
    totp: SECOND_FACTOR_MESSAGES.totpField,
  };
  const errors = Object.fromEntries(needed.map((f) => [f, field[f]]));
  let message: string;
  if (kind === 'refused')
    message = needed.includes('code')
      ? `${SECOND_FACTOR_MESSAGES.signInRefused} ${SECOND_FACTOR_MESSAGES.newCodeHint}`
      : SECOND_FACTOR_MESSAGES.signInRefused;
  else message = needed.includes('code') ? SECOND_FACTOR_MESSAGES.codeRequired : SECOND_FACTOR_MESSAGES.totpRequired;
  return new UnauthorizedException({ message, errors });
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
    @Inject(LoginStepUp) private readonly stepUp: LoginStepUp,
    @Inject(SecondFactorService) private readonly secondFactor: SecondFactorService,
    @Inject(PlayBreakRepository) private readonly playBreaks: PlayBreakRepository,
    @Inject(WithdrawTokenService) private readonly withdrawTokens: WithdrawTokenService,
  ) {}

  private readonly logger = new Logger('Login');

  /** Domains a login may use: the registration domains, and the configured super-admin's. */
  private get loginDomains(): string[] {
    const adminDomain = this.config.ADMIN_EMAIL?.toLowerCase().split('@')[1];
    return adminDomain ? [...this.config.ALLOWED_EMAIL_DOMAINS, adminDomain] : this.config.ALLOWED_EMAIL_DOMAINS;
  }

  /** The form's rules (the same as the web form's, with the common-password list): 400 with the first message. */
  private validRegistration(dto: RegisterDto, requireOtp: boolean) {
    // Ages are counted on today's IST date; the database's users_adults_only holds the same rule.
    const result = validateRegister(dto, {
      allowedEmailDomains: this.config.ALLOWED_EMAIL_DOMAINS,
      requireOtp,
      commonPasswords: this.commonPasswords.set,
      today: istDateKey(Date.now()),
    });
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
  private async checkAgainstAccounts(details: {
    email: string;
    username: string;
    referralCode?: string;
  }): Promise<string | null> {
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
    await this.otp.issue('register', details.email, client.ip, true, dto.language);
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
        return this.users.createPlayer(trx, {
          username: details.username,
          email: details.email,
          passwordHash,
          referredBy,
          dateOfBirth: details.dateOfBirth ?? null,
          language: dto.language,
        });
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
   * password give the same answer (and take the same time). Attempts are limited per client address; failed ones
   * slow down that client's network for that account (LoginBackoff: its /64, and its /48 once several of them fail),
   * never the owner elsewhere; and they are bounded per account across every network (LoginStepUp): after ten
   * failures in 15 minutes a sign-in needs the right password and a code e-mailed to the owner.
   *
   * What an account needs beyond its password — an e-mailed code (step-up), an authenticator code (an enrolled second
   * factor) — is asked for before anything is judged: a sign-in without a needed factor gets that challenge whether
   * its password was right or wrong, and is not counted (it learns nothing). The e-mailed code is sent only when the
   * password was right (at most every 2 minutes, after the answer, so its timing tells nothing either). A sign-in
   * that presents every needed factor is checked in full — password, then e-mailed code, then authenticator — and
   * any failure is counted and answered alike, never saying which part was wrong. The e-mailed code is used up only
   * by a sign-in that succeeds; a failure after it counts as one of its five tries.
   */
  async login(
    email: string | undefined,
    password: string | undefined,
    client: ClientInfo,
    factors: LoginFactors = {},
  ): Promise<IssuedSession> {
    const result = validateLogin({ email, password }, { allowedEmailDomains: this.loginDomains });
    if (!result.ok) throw invalid(result);
    const credentials = result.value;
    const account = emailIdentityKey(credentials.email);
    await this.limits.hit('loginIp', client.ip);
    await this.backoff.check(account, client.ip);
    const user = await this.users.findByEmail(this.db, credentials.email);
    const valid = user
      ? await this.passwords.verify(user.password_hash, credentials.password)
      : await this.passwords.verifyNobody(credentials.password);
    const needed: LoginFactorField[] = [];
    if (await this.stepUp.required(account)) needed.push('code');
    if (user && (await this.secondFactor.isEnrolled(user.id))) needed.push('totp');
    const code = factors.code?.trim() ?? '';
    const totp = factors.totp?.trim() ?? '';
    if ((needed.includes('code') && code === '') || (needed.includes('totp') && totp === '')) {
      if (needed.includes('code') && code === '' && user && valid) this.offerCode(account, user.email, client.ip);
      throw challenge(needed, 'missing');
    }

    let codeId: string | null = null;
    let ok = !!user && valid;
    if (ok && needed.includes('code')) ok = (codeId = await this.otp.match('login', user!.email, code)) !== null;
    if (ok && needed.includes('totp')) ok = await this.secondFactor.verify(user!.id, totp);
    if (ok && codeId) ok = await this.otp.useUp(codeId);
    else if (!ok && codeId) await this.otp.countWrongTry(codeId);
    if (!ok) {
      await this.backoff.failed(account, client.ip);
      await this.stepUp.failed(account);
      if (needed.length > 0) throw challenge(needed, 'refused');
      throw new UnauthorizedException(AUTH_MESSAGES.invalidCredentials);
    }
    if (user!.status !== 'active') throw new ForbiddenException(AUTH_MESSAGES.accountSuspended);
    // A session that reached the player's session time limit pauses play (and sign-in) until the window resets.
    const paused = user!.play_paused_until;
    if (paused)
      throw new ForbiddenException(
        sessionLimitMessage(Number(user!.session_limit_minutes ?? 0), new Date(paused).getTime()),
      );
    await this.backoff.succeeded(account, client.ip);
    await this.refuseWhileAway(user!);
    await this.users.recordLogin(this.db, user!.id);
    return this.sessions.start(user!, client);
  }

  /**
   * A player on a break or self-excluded proved who they are, but does not come in: 403 with the end date and the
   * support address, what runs, and a withdraw-only token (15 minutes) for the /play-safely/away routes, so they can
   * take their main balance out (docs/breaks-and-exclusion.md). No session is opened.
   */
  private async refuseWhileAway(user: { id: string; role: Role }): Promise<void> {
    const nowMs = Date.now();
    const latest = await this.playBreaks.latest(undefined, user.id, nowMs);
    const [refused] = decidePlayBreak(
      { type: 'EnterAccount', userId: user.id, nowMs, supportEmail: this.config.SUPPORT_EMAIL },
      { role: user.role, latest: latest?.latest ?? null },
    );
    if (refused?.type !== 'AccessRefused' || !latest) return;
    const { token, expiresAt } = this.withdrawTokens.issue(user.id, nowMs);
    this.logger.log({ msg: 'sign-in refused: play break', userId: user.id, phase: refused.data.running.phase });
    throw new ForbiddenException({
      message: refused.data.message,
      playBreak: {
        ...toPlayBreakView(latest.latest, refused.data.running),
        withdrawToken: token,
        withdrawTokenExpiresAt: expiresAt.toISOString(),
      },
    });
  }

  /**
   * E-mails a sign-in code to the account's own address, at most every 2 minutes, without holding up the answer
   * (whose timing would otherwise tell that the password was right). A new code replaces the previous one.
   */
  private offerCode(account: string, email: string, ip: string): void {
    void (async () => {
      if (!(await this.stepUp.claimCodeSend(account))) return;
      await this.otp.issue('login', email, ip);
    })().catch((error: unknown) =>
      this.logger.warn({ msg: 'sign-in code not sent', error: error instanceof Error ? error.message : String(error) }),
    );
  }
}
