import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { AppConfig } from '@app/config';
import { Database } from '@app/db';
import {
  emailIdentityKey,
  normalizeEmail,
  validateForgotPasswordEmail,
  validateForgotPasswordOtp,
  validateNewPassword,
  FORGOT_PASSWORD_MESSAGES,
} from '@app/domain';
import { UserRepository } from '../users/user.repository.js';
import { AUTH_MESSAGES } from './auth-messages.js';
import type { ClientInfo } from './auth.service.js';
import { CommonPasswords } from './common-passwords.js';
import { OtpService } from './otp.service.js';
import { RESET_TICKET_MINUTES } from './otp-policy.js';
import { Passwords } from './passwords.js';
import { RateLimiter } from './rate-limiter.js';
import { ResetTicketRepository } from './reset-ticket.repository.js';
import { SessionRepository } from './session.repository.js';
import { SessionService } from './session.service.js';

function fieldError(field: string, message: string): BadRequestException {
  return new BadRequestException({ message, errors: { [field]: message } });
}

/** A reset without a valid ticket (none, unknown, used, expired, or issued for another address). */
export class ResetTicketRefused extends BadRequestException {
  constructor() {
    super(AUTH_MESSAGES.resetNotVerified);
  }
}

const TICKET = /^[A-Za-z0-9_-]{43}$/;

function hashTicket(ticket: string): string {
  return createHash('sha256').update(ticket).digest('hex');
}

/**
 * Forgot password: request (e-mail a code; the answer never tells whether the address has an account), verify
 * the code, which uses it up and issues a reset ticket (32 random bytes, stored as SHA-256, valid 10 minutes,
 * bound to the address's identity and account), then reset with that ticket, once. Only whoever verified the
 * code holds the ticket (an httpOnly cookie sent only to the reset call), so knowing the address is not enough.
 * A reset ends every session of the account. The code goes to the account's own address, whichever alias was
 * typed. Players only: a super-admin's password is not reset by e-mail.
 */
@Injectable()
export class PasswordResetService {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(UserRepository) private readonly users: UserRepository,
    @Inject(OtpService) private readonly otp: OtpService,
    @Inject(ResetTicketRepository) private readonly tickets: ResetTicketRepository,
    @Inject(Passwords) private readonly passwords: Passwords,
    @Inject(CommonPasswords) private readonly commonPasswords: CommonPasswords,
    @Inject(RateLimiter) private readonly limits: RateLimiter,
    @Inject(SessionRepository) private readonly sessionRows: SessionRepository,
    @Inject(SessionService) private readonly sessions: SessionService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  private email(raw: string | undefined): string {
    const error = validateForgotPasswordEmail(raw, { allowedEmailDomains: this.config.ALLOWED_EMAIL_DOMAINS });
    if (error) throw fieldError('email', error);
    return normalizeEmail(raw);
  }

  /**
   * Where the code of an address goes and is kept: the account's own address, or (no account) the identity. A
   * super-admin's account is not reset by e-mail (whoever reads the admin's mailbox would otherwise set the password
   * of the account that approves deposits, past its rule of 12 characters): it is answered as an unknown address, and
   * its password is changed in the console or by ADMIN_PASSWORD (docs/identity.md, "The super-admin").
   */
  private async account(email: string): Promise<{ codeEmail: string; userId: string | null }> {
    const user = await this.users.findByEmail(this.db, email);
    return user && user.role !== 'super-admin'
      ? { codeEmail: user.email, userId: user.id }
      : { codeEmail: emailIdentityKey(email), userId: null };
  }

  async request(rawEmail: string | undefined, client: ClientInfo): Promise<void> {
    const email = this.email(rawEmail);
    await this.otp.limitSend(email, client.ip);
    const { codeEmail, userId } = await this.account(email);
    // An unknown address still gets a (never sent) code, so that verifying answers exactly as for a real one.
    await this.otp.issue('reset', codeEmail, client.ip, userId !== null);
  }

  /** Checks the code; when right, uses it up and returns a new reset ticket for this address. */
  async verify(rawEmail: string | undefined, rawOtp: string | undefined, client: ClientInfo): Promise<string> {
    const email = this.email(rawEmail);
    const otpError = validateForgotPasswordOtp(rawOtp);
    if (otpError) throw fieldError('otp', otpError);
    await this.otp.limitCheck(email, client.ip);
    const { codeEmail, userId } = await this.account(email);
    const ticket = randomBytes(32).toString('base64url');
    await this.otp.check('reset', codeEmail, rawOtp!.trim(), async (trx, code) => {
      await this.otp.consume(trx, code.id);
      await this.tickets.issue(trx, {
        ticketHash: hashTicket(ticket),
        emailKey: emailIdentityKey(email),
        userId,
        ip: client.ip,
        ttlMinutes: RESET_TICKET_MINUTES,
      });
    });
    return ticket;
  }

  /**
   * Sets the new password. Every cheap check comes first — the password's rules, the per-client limit, the
   * ticket — and only then is the password hashed; the ticket is used up by a conditional update in the same
   * transaction as the password change, so it resets once even when presented twice at the same moment.
   */
  async reset(
    rawEmail: string | undefined,
    password: string | undefined,
    confirmPassword: string | undefined,
    ticket: string | undefined,
    client: ClientInfo,
  ): Promise<void> {
    const email = this.email(rawEmail);
    const passwordError = validateNewPassword(password, { email, commonPasswords: this.commonPasswords.set });
    if (passwordError) throw fieldError('password', passwordError);
    if (confirmPassword !== undefined && confirmPassword !== password)
      throw fieldError('confirmPassword', FORGOT_PASSWORD_MESSAGES.passwordsDontMatch);
    await this.limits.hit('resetIp', client.ip);
    const identity = emailIdentityKey(email);
    const open = ticket && TICKET.test(ticket) ? await this.tickets.findOpen(this.db, hashTicket(ticket)) : undefined;
    if (!open || open.email_key !== identity || !open.user_id) return this.refuse(identity);
    const userId = open.user_id;
    const passwordHash = await this.passwords.hash(password!);
    const revoked = await this.db.transaction().execute(async (trx) => {
      if (!(await this.tickets.consume(trx, open.id))) return null;
      if (!(await this.users.setPasswordHash(trx, userId, passwordHash))) return null;
      return this.sessionRows.revokeAllOfUser(trx, userId, 'password-reset');
    });
    if (!revoked) return this.refuse(identity);
    await this.sessions.propagateRevocation(userId, revoked);
  }

  /** A refused reset counts against the address's limit (429 once over it), else 400. */
  private async refuse(identity: string): Promise<never> {
    await this.limits.hit('resetEmail', identity);
    throw new ResetTicketRefused();
  }
}
