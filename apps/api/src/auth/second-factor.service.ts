import { BadRequestException, ConflictException, Inject, Injectable } from '@nestjs/common';
import { createHmac, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import { AppConfig } from '@app/config';
import type { AdminSecurity, TwoFactorEnrolmentData } from '@app/contracts';
import { Database } from '@app/db';
import {
  formatRecoveryCode,
  isRecoveryCode,
  isTotpCode,
  normalizeRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  SECOND_FACTOR_MESSAGES,
  TOTP_ISSUER,
  TOTP_PERIOD_SECONDS,
  totpDigits,
} from '@app/domain';
import { RateLimiter } from './rate-limiter.js';
import { SecondFactorRepository, type SecondFactorRow } from './second-factor.repository.js';
import { SecretSeal } from './secret-seal.js';

function codeError(status: 'bad' | 'conflict', message: string): BadRequestException | ConflictException {
  const body = { message, errors: { code: message } };
  return status === 'bad' ? new BadRequestException(body) : new ConflictException(body);
}

/**
 * A super-admin's second factor: an authenticator app (TOTP, RFC 6238, 6 digits every 30 s, one step of clock drift
 * either way) and single-use recovery codes.
 *
 * - Enrolment: a new random key (160 bits) is shown once, as text and as an otpauth:// address for a QR code, and
 *   kept sealed (AES-256-GCM under a key derived from the signing secret) waiting for its first code, which confirms
 *   it and issues 10 recovery codes, shown once. Replacing an enrolled authenticator needs its code (or a recovery
 *   code); the old one works until the new one is confirmed.
 * - Checks: a code is accepted once (the newest accepted time step is recorded by a conditional update); a recovery
 *   code is used up by a conditional update. Recovery codes are stored as HMAC-SHA256 under a derived key.
 * - A key sealed under another signing secret (JWT_SECRET rotated) cannot be opened: the account then counts as not
 *   enrolled (production refuses to start until it enrols again, or the waiver is set).
 */
@Injectable()
export class SecondFactorService {
  private readonly seal: SecretSeal;
  private readonly recoveryKey: Buffer;

  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(SecondFactorRepository) private readonly factors: SecondFactorRepository,
    @Inject(RateLimiter) private readonly limits: RateLimiter,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {
    this.seal = new SecretSeal(config.deriveKey('second-factor-secrets'));
    this.recoveryKey = config.deriveKey('second-factor-recovery-codes');
  }

  /** The enrolled key, or null (none, not confirmed, or sealed under another key). */
  private enrolledSecret(row: SecondFactorRow | undefined): string | null {
    if (!row?.secret_sealed || !row.key_id || !row.confirmed_at) return null;
    return this.seal.unseal(row.secret_sealed, row.key_id);
  }

  private recoveryHash(userId: string, code: string): string {
    return createHmac('sha256', this.recoveryKey)
      .update(`${userId}:${normalizeRecoveryCode(code)}`)
      .digest('hex');
  }

  /** The time step `code` is valid for (now, or one step either side), or null. */
  private async totpStep(secret: string, code: string, afterStep: number | null): Promise<number | null> {
    try {
      const result = await verifyTotp({
        secret,
        token: totpDigits(code),
        epochTolerance: TOTP_PERIOD_SECONDS,
        ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
      });
      return result.valid && 'timeStep' in result ? result.timeStep : null;
    } catch {
      return null;
    }
  }

  /** True when the user signs in with an authenticator (enrolled under this deployment's key). */
  async isEnrolled(userId: string): Promise<boolean> {
    return this.enrolledSecret(await this.factors.find(this.db, userId)) !== null;
  }

  async status(userId: string): Promise<AdminSecurity> {
    const row = await this.factors.find(this.db, userId);
    const enrolled = this.enrolledSecret(row) !== null;
    return {
      twoFactorEnrolled: enrolled,
      twoFactorRequired: this.config.isProduction,
      twoFactorWaived: this.config.ADMIN_2FA_WAIVED,
      recoveryCodesLeft: enrolled ? await this.factors.recoveryCodesLeft(this.db, userId) : 0,
      enrolledAt: enrolled && row?.confirmed_at ? row.confirmed_at.toISOString() : null,
    };
  }

  /**
   * Checks a sign-in's (or a console action's) second factor: the authenticator's current code, accepted once, or
   * an unused recovery code, used up. False for anything else (and when nothing is enrolled).
   */
  async verify(userId: string, text: string | undefined | null): Promise<boolean> {
    const row = await this.factors.find(this.db, userId);
    const secret = this.enrolledSecret(row);
    if (!secret || typeof text !== 'string') return false;
    if (isTotpCode(text)) {
      const step = await this.totpStep(secret, text, row!.last_step);
      return step !== null && (await this.factors.advanceStep(this.db, userId, step));
    }
    if (isRecoveryCode(text)) return this.factors.useRecoveryCode(this.db, userId, this.recoveryHash(userId, text));
    return false;
  }

  /** Counts a check of a signed-in admin's code or password (10 in 15 minutes): a stolen session cannot guess on. */
  async limitChecks(userId: string): Promise<void> {
    await this.limits.hit('accountSecretChecks', userId);
  }

  /**
   * Starts an enrolment: a new key, shown once. Replacing an enrolled authenticator needs its code or a recovery
   * code (409 without, 400 when wrong).
   */
  async startEnrolment(userId: string, code?: string | null): Promise<TwoFactorEnrolmentData> {
    const email = await this.factors.emailOf(this.db, userId);
    if (!email) throw new ConflictException(SECOND_FACTOR_MESSAGES.notEnrolled);
    const user = { id: userId, email };
    if (await this.isEnrolled(user.id)) {
      if (!code) throw codeError('conflict', SECOND_FACTOR_MESSAGES.alreadyEnrolled);
      await this.limitChecks(user.id);
      if (!(await this.verify(user.id, code))) throw codeError('bad', SECOND_FACTOR_MESSAGES.codeWrong);
    }
    const secret = generateSecret();
    await this.factors.startPending(this.db, user.id, this.seal.seal(secret), this.seal.keyId);
    return { secret, otpauthUri: generateURI({ issuer: TOTP_ISSUER, label: user.email, secret }) };
  }

  /** Confirms the waiting authenticator with its first code; returns the new recovery codes (shown once). */
  async confirmEnrolment(userId: string, code: string | undefined | null): Promise<string[]> {
    if (!isTotpCode(code)) throw codeError('bad', SECOND_FACTOR_MESSAGES.codeWrong);
    await this.limitChecks(userId);
    const row = await this.factors.find(this.db, userId);
    const secret =
      row?.pending_sealed && row.pending_key_id ? this.seal.unseal(row.pending_sealed, row.pending_key_id) : null;
    if (!secret) throw codeError('conflict', SECOND_FACTOR_MESSAGES.enrolmentNotStarted);
    const step = await this.totpStep(secret, code!, null);
    if (step === null) throw codeError('bad', SECOND_FACTOR_MESSAGES.codeWrong);
    return this.db.transaction().execute(async (trx) => {
      if (!(await this.factors.confirmPending(trx, userId, row!.pending_sealed!, step)))
        throw codeError('conflict', SECOND_FACTOR_MESSAGES.enrolmentNotStarted);
      return this.issueRecoveryCodes(trx, userId);
    });
  }

  /** A new set of recovery codes (the old ones stop working), for the authenticator's code or a recovery code. */
  async renewRecoveryCodes(userId: string, code: string | undefined | null): Promise<string[]> {
    if (!(await this.isEnrolled(userId))) throw codeError('conflict', SECOND_FACTOR_MESSAGES.notEnrolled);
    await this.limitChecks(userId);
    if (!(await this.verify(userId, code))) throw codeError('bad', SECOND_FACTOR_MESSAGES.codeWrong);
    return this.db.transaction().execute((trx) => this.issueRecoveryCodes(trx, userId));
  }

  private async issueRecoveryCodes(
    db: Parameters<SecondFactorRepository['replaceRecoveryCodes']>[0],
    userId: string,
  ): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () =>
      Array.from(
        { length: RECOVERY_CODE_LENGTH },
        () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)],
      ).join(''),
    );
    await this.factors.replaceRecoveryCodes(
      db,
      userId,
      codes.map((c) => this.recoveryHash(userId, c)),
    );
    return codes.map(formatRecoveryCode);
  }

  /** The super-admins who still sign in with a password alone (none enrolled under this deployment's key). */
  superAdminsWithoutSecondFactor(): Promise<string[]> {
    return this.factors.superAdminsWithout(this.db, this.seal.keyId);
  }
}
