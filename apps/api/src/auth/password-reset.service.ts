import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '@app/config';
import { Database } from '@app/db';
import { normalizeEmail, validateForgotPasswordEmail, validateForgotPasswordOtp, validateNewPassword, FORGOT_PASSWORD_MESSAGES } from '@app/domain';
import { UserRepository } from '../users/user.repository.js';
import { AUTH_MESSAGES } from './auth-messages.js';
import type { ClientInfo } from './auth.service.js';
import { OtpService } from './otp.service.js';
import { Passwords } from './passwords.js';
import { SessionRepository } from './session.repository.js';
import { SessionService } from './session.service.js';

function fieldError(field: string, message: string): BadRequestException {
  return new BadRequestException({ message, errors: { [field]: message } });
}

/**
 * Forgot password: request (e-mail a code; the answer never tells whether the address has an account), verify
 * the code, then reset within 10 minutes of verifying, once. A reset ends every session of the account.
 */
@Injectable()
export class PasswordResetService {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(UserRepository) private readonly users: UserRepository,
    @Inject(OtpService) private readonly otp: OtpService,
    @Inject(Passwords) private readonly passwords: Passwords,
    @Inject(SessionRepository) private readonly sessionRows: SessionRepository,
    @Inject(SessionService) private readonly sessions: SessionService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  private email(raw: string | undefined): string {
    const error = validateForgotPasswordEmail(raw, { allowedEmailDomains: this.config.ALLOWED_EMAIL_DOMAINS });
    if (error) throw fieldError('email', error);
    return normalizeEmail(raw);
  }

  async request(rawEmail: string | undefined, client: ClientInfo): Promise<void> {
    const email = this.email(rawEmail);
    await this.otp.limitSend(email, client.ip);
    const exists = await this.users.emailExists(this.db, email);
    // An unknown address still gets a (never sent) code, so that verifying answers exactly as for a real one.
    await this.otp.issue('reset', email, client.ip, exists);
  }

  async verify(rawEmail: string | undefined, rawOtp: string | undefined, client: ClientInfo): Promise<void> {
    const email = this.email(rawEmail);
    const otpError = validateForgotPasswordOtp(rawOtp);
    if (otpError) throw fieldError('otp', otpError);
    await this.otp.check('reset', email, rawOtp!.trim(), client.ip, (trx, code) => this.otp.markVerified(trx, code.id));
  }

  async reset(rawEmail: string | undefined, password: string | undefined, confirmPassword: string | undefined): Promise<void> {
    const email = this.email(rawEmail);
    const passwordError = validateNewPassword(password);
    if (passwordError) throw fieldError('password', passwordError);
    if (confirmPassword !== undefined && confirmPassword !== password) throw fieldError('confirmPassword', FORGOT_PASSWORD_MESSAGES.passwordsDontMatch);
    const passwordHash = await this.passwords.hash(password!);
    const changed = await this.db.transaction().execute(async (trx) => {
      if (!(await this.otp.consumeVerifiedReset(trx, email))) return null;
      const userId = await this.users.setPasswordHash(trx, email, passwordHash);
      if (!userId) return null;
      const revoked = await this.sessionRows.revokeAllOfUser(trx, userId, 'password-reset');
      return { userId, revoked };
    });
    if (!changed) throw new BadRequestException(AUTH_MESSAGES.resetNotVerified);
    await this.sessions.propagateRevocation(changed.userId, changed.revoked);
  }
}
