import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import type { Transaction } from 'kysely';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { AppConfig } from '@app/config';
import { Database, type DB } from '@app/db';
import { emailIdentityKey } from '@app/domain';
import { MailQueue, type OtpPurpose } from '@app/mail';
import type { PlayerLanguage } from '@app/contracts';
import { AUTH_MESSAGES } from './auth-messages.js';
import { OTP_MAX_ATTEMPTS, OTP_TTL_MINUTES } from './otp-policy.js';
import { OtpRepository } from './otp.repository.js';
import { RateLimiter } from './rate-limiter.js';

export interface OtpRow {
  id: string;
}

type CheckOutcome<T> =
  { kind: 'ok'; value: T } | { kind: 'expired' } | { kind: 'locked' } | { kind: 'wrong'; left: number };

/**
 * One-time codes: 6 random digits (crypto.randomInt), stored as an HMAC under a server key (a leaked table does
 * not reveal codes), valid 10 minutes, single use, at most 5 wrong tries each; sends and checks are limited per
 * address and per client address.
 */
@Injectable()
export class OtpService {
  private readonly key: Buffer;

  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(OtpRepository) private readonly codes: OtpRepository,
    @Inject(MailQueue) private readonly mail: MailQueue,
    @Inject(RateLimiter) private readonly limits: RateLimiter,
    @Inject(AppConfig) config: AppConfig,
  ) {
    this.key = config.deriveKey('one-time-codes');
  }

  private digest(purpose: OtpPurpose, email: string, code: string): string {
    return createHmac('sha256', this.key).update(`${purpose}:${email}:${code}`).digest('hex');
  }

  /**
   * Counts a send against the limits (429 when over), per client address and per e-mail identity (aliases of
   * one address share it); call before any work that reveals anything.
   */
  async limitSend(email: string, ip: string): Promise<void> {
    await this.limits.hit('otpSendIp', ip);
    await this.limits.hit('otpSendEmail', emailIdentityKey(email));
  }

  /**
   * Stores a new code (replacing any unused one) and, when `deliver`, queues the e-mail. A code that is not
   * delivered (password reset of an unknown address) makes later checks answer exactly as for a real one.
   */
  async issue(
    purpose: OtpPurpose,
    email: string,
    ip: string,
    deliver = true,
    newcomerLanguage?: PlayerLanguage,
  ): Promise<void> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.db.transaction().execute(async (trx) => {
      await this.codes.supersede(trx, purpose, email);
      await this.codes.insert(trx, {
        purpose,
        email,
        codeHash: this.digest(purpose, email, code),
        ip,
        ttlMinutes: OTP_TTL_MINUTES,
      });
    });
    if (!deliver) return;
    // An account's own language (a reset, a sign-in); a registration has no account yet: the language the newcomer
    // reads the app in, else English.
    const language = (await this.codes.languageOf(this.db, email)) ?? newcomerLanguage ?? 'en-IN';
    await this.mail.sendOtp({ to: email, purpose, code, validMinutes: OTP_TTL_MINUTES, language });
  }

  /** Counts a code check against the limits (429 when over); call before any work that reveals anything. */
  async limitCheck(email: string, ip: string): Promise<void> {
    await this.limits.hit('otpCheckIp', ip);
    await this.limits.hit('otpCheckEmail', emailIdentityKey(email));
  }

  /** Uses a code up inside `trx` (single use). */
  async consume(trx: Transaction<DB>, id: string): Promise<void> {
    if (!(await this.codes.consume(trx, id))) throw new BadRequestException(AUTH_MESSAGES.codeExpired);
  }

  /** True when `code` is the code whose digest is `codeHash` (in constant time). */
  private matches(purpose: OtpPurpose, email: string, code: string, codeHash: string): boolean {
    const expected = Buffer.from(codeHash, 'hex');
    const given = Buffer.from(this.digest(purpose, email, code), 'hex');
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /**
   * A check that leaves a right code in place, for a sign-in that still has more to check: the code's id when `code`
   * is the newest unused, unexpired code of the address with tries left (use it up with useUp once everything else
   * has passed, or count a failure after it with countWrongTry), else null, the wrong try counted.
   */
  async match(purpose: OtpPurpose, email: string, code: string): Promise<string | null> {
    return this.db.transaction().execute(async (trx) => {
      const row = await this.codes.newestUnusedForUpdate(trx, purpose, email);
      if (!row || row.expired || row.attempts >= OTP_MAX_ATTEMPTS) return null;
      if (!this.matches(purpose, email, code, row.code_hash)) {
        await this.codes.addWrongAttempt(trx, row.id);
        return null;
      }
      return row.id;
    });
  }

  /** Counts a failed try against a code (a sign-in whose code was right but which failed after it). */
  async countWrongTry(id: string): Promise<void> {
    await this.codes.addWrongAttempt(this.db, id);
  }

  /** Uses a code up; false when it was already used (two sign-ins with one code: only one gets through). */
  useUp(id: string): Promise<boolean> {
    return this.codes.consume(this.db, id);
  }

  /**
   * Checks `code` against the newest unused code of the address (call limitCheck first). When it matches,
   * `onValid` runs in the same transaction (with the code row locked); otherwise the wrong try is counted and a
   * 400 explains what to do.
   */
  async check<T>(
    purpose: OtpPurpose,
    email: string,
    code: string,
    onValid: (trx: Transaction<DB>, row: OtpRow) => Promise<T>,
  ): Promise<T> {
    const outcome = await this.db.transaction().execute(async (trx): Promise<CheckOutcome<T>> => {
      const row = await this.codes.newestUnusedForUpdate(trx, purpose, email);
      if (!row || row.expired) return { kind: 'expired' };
      if (row.attempts >= OTP_MAX_ATTEMPTS) return { kind: 'locked' };
      if (!this.matches(purpose, email, code, row.code_hash)) {
        const attempts = await this.codes.addWrongAttempt(trx, row.id);
        return attempts >= OTP_MAX_ATTEMPTS ? { kind: 'locked' } : { kind: 'wrong', left: OTP_MAX_ATTEMPTS - attempts };
      }
      return { kind: 'ok', value: await onValid(trx, { id: row.id }) };
    });
    switch (outcome.kind) {
      case 'ok':
        return outcome.value;
      case 'expired':
        throw new BadRequestException(AUTH_MESSAGES.codeExpired);
      case 'locked':
        throw new BadRequestException(AUTH_MESSAGES.codeLocked);
      case 'wrong':
        throw new BadRequestException(AUTH_MESSAGES.codeWrong(outcome.left));
    }
  }
}
