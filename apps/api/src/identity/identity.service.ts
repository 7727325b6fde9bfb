import { createHmac } from 'node:crypto';
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
} from '@nestjs/common';
import type { AdminIdentitySubmission, PlayerIdentity } from '@app/contracts';
import { AppConfig } from '@app/config';
import { Database, type IdentityCheckStatus } from '@app/db';
import {
  DATE_OF_BIRTH_MESSAGES,
  dateOfBirthError,
  IDENTITY_MESSAGES,
  istDateKey,
  paiseToRupees,
  refuseIdentityReview,
  refuseSubmission,
  validateIdentitySubmission,
  validatePlayerActionReason,
} from '@app/domain';
import { SecretSeal } from '../auth/secret-seal.js';
import { isCheckViolation } from '../wallet/pg-error.js';
import { IdentityRepository, type IdentityRow, type ReviewRow } from './identity.repository.js';

function toReview(row: ReviewRow): AdminIdentitySubmission {
  return {
    submissionId: row.submission_id,
    userId: row.user_id,
    username: row.username,
    email: row.email,
    status: row.status,
    fullName: row.full_name,
    documentType: row.document_type,
    documentNumber: row.document_masked,
    dateOfBirth: row.date_of_birth,
    submittedAt: row.submitted_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
    rejectionReason: row.rejection_reason,
    sameNumberAccounts: row.same_number_accounts,
  };
}

/**
 * Identity before money moves (docs/identity-checks.md): the player's view and submission, the date of birth of an
 * account older than the field, and the reviewer's list and decisions (audited: the admin as actor, the player as
 * beneficiary). A document number is sealed (AES-256-GCM, SecretSeal) and digested (HMAC-SHA256) on the way in; only
 * its masked form is ever read back.
 */
@Injectable()
export class IdentityService {
  private readonly logger = new Logger('Identity');
  private readonly seal: SecretSeal;
  private readonly digestKey: Buffer;

  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(IdentityRepository) private readonly identities: IdentityRepository,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {
    this.seal = new SecretSeal(config.identityKey('seal'));
    this.digestKey = config.identityKey('digest');
  }

  private async player(userId: string): Promise<{ role: string; date_of_birth: string | null }> {
    const account = await this.identities.account(userId);
    if (!account || account.role !== 'user') throw new ForbiddenException(IDENTITY_MESSAGES.playersOnly);
    return account;
  }

  private view(row: IdentityRow | undefined, dateOfBirth: string | null, claimedPaise: number): PlayerIdentity {
    const document = this.config.identityDocument;
    return {
      status: row?.status ?? 'not-submitted',
      fullName: row?.full_name ?? null,
      documentType: row?.document_type ?? null,
      documentNumber: row?.document_masked ?? null,
      submittedAt: row?.submitted_at.toISOString() ?? null,
      decidedAt: row?.decided_at?.toISOString() ?? null,
      rejectionReason: row?.rejection_reason ?? null,
      dateOfBirth,
      document: { type: document.type, name: document.name, pattern: document.pattern, example: document.example },
      depositThreshold: this.config.KYC_DEPOSIT_THRESHOLD_RUPEES,
      deposited: paiseToRupees(claimedPaise),
    };
  }

  async mine(userId: string): Promise<PlayerIdentity> {
    const account = await this.player(userId);
    const [row, claimed] = await Promise.all([
      this.identities.current(this.db, userId),
      this.identities.claimedPaise(userId),
    ]);
    return this.view(row, account.date_of_birth, claimed);
  }

  /** A submission: 400 for a wrong field, 409 while one is pending or once verified; a rejected player submits again. */
  async submit(userId: string, body: { fullName?: unknown; documentNumber?: unknown }): Promise<PlayerIdentity> {
    const account = await this.player(userId);
    const document = this.config.identityDocument;
    const input = validateIdentitySubmission(body, document);
    if (!input.ok) throw new BadRequestException({ message: input.error, errors: input.errors });
    const current = await this.identities.current(this.db, userId);
    const refused = refuseSubmission({ role: account.role, status: current?.status ?? 'not-submitted' });
    if (refused)
      throw new ConflictException(
        refused === 'VERIFIED' ? IDENTITY_MESSAGES.alreadyVerified : IDENTITY_MESSAGES.alreadyPending,
      );
    const { fullName, documentNumber, documentMasked } = input.value;
    const stored = await this.identities.submit({
      userId,
      fullName,
      documentType: document.type,
      sealed: this.seal.seal(documentNumber),
      keyId: this.seal.keyId,
      masked: documentMasked,
      digest: createHmac('sha256', this.digestKey).update(`${document.type}:${documentNumber}`).digest('hex'),
    });
    if (!stored) {
      // A parallel submission (or decision) came first.
      const now = await this.identities.current(this.db, userId);
      throw new ConflictException(
        now?.status === 'verified' ? IDENTITY_MESSAGES.alreadyVerified : IDENTITY_MESSAGES.alreadyPending,
      );
    }
    this.logger.log({
      msg: 'identity submitted',
      userId,
      submissionId: stored.submission_id,
      documentType: document.type,
    });
    return this.view(stored, account.date_of_birth, await this.identities.claimedPaise(userId));
  }

  /** The date of birth of an account without one: 18 or older on the IST date, recorded once (409 after). */
  async setDateOfBirth(userId: string, body: { dateOfBirth?: unknown }): Promise<PlayerIdentity> {
    await this.player(userId);
    const error = dateOfBirthError(body.dateOfBirth, istDateKey(Date.now()));
    if (error) throw new BadRequestException({ message: error, errors: { dateOfBirth: error } });
    let saved: boolean;
    try {
      saved = await this.identities.setDateOfBirth(userId, (body.dateOfBirth as string).trim());
    } catch (failure) {
      // The database's rule (users_adults_only) on its own clock: the IST day turned between the two checks.
      if (isCheckViolation(failure, 'users_adults_only'))
        throw new BadRequestException({
          message: DATE_OF_BIRTH_MESSAGES.underAge,
          errors: { dateOfBirth: DATE_OF_BIRTH_MESSAGES.underAge },
        });
      throw failure;
    }
    if (!saved) throw new ConflictException(DATE_OF_BIRTH_MESSAGES.alreadyRecorded);
    return this.mine(userId);
  }

  async list(status: string | undefined): Promise<AdminIdentitySubmission[]> {
    const filter: IdentityCheckStatus | null =
      status === 'all' ? null : status === 'verified' || status === 'rejected' ? status : 'pending';
    return (await this.identities.list(filter)).map(toReview);
  }

  /** Verifies or rejects (with a reason) the pending submission the reviewer saw: exactly once, audited. */
  async decide(
    adminId: string,
    submissionId: string,
    decision: 'verified' | 'rejected',
    body: { reason?: unknown } = {},
  ): Promise<AdminIdentitySubmission> {
    let reason: string | null = null;
    if (decision === 'rejected') {
      const input = validatePlayerActionReason(body);
      if (!input.ok) throw new BadRequestException({ message: input.error, errors: input.errors });
      reason = input.value.reason;
    }
    const outcome = await this.db.transaction().execute(async (trx) => {
      const userId = await this.identities.decide(trx, submissionId, { adminId, status: decision, reason });
      const row = await this.identities.find(trx, submissionId);
      if (!userId) return { refused: refuseIdentityReview(row ?? null) ?? 'NOT_PENDING' } as const;
      await this.identities.audit(trx, {
        adminId,
        userId,
        submissionId,
        status: decision,
        reason,
        documentType: row!.document_type,
        masked: row!.document_masked,
      });
      return { row: row! } as const;
    });
    if ('refused' in outcome) {
      if (outcome.refused === 'NOT_FOUND') throw new NotFoundException(IDENTITY_MESSAGES.notFound);
      throw new ConflictException(IDENTITY_MESSAGES.notPending);
    }
    this.logger.log({
      msg: decision === 'verified' ? 'identity verified' : 'identity rejected',
      userId: outcome.row.user_id,
      adminId,
      submissionId,
    });
    return toReview(outcome.row);
  }
}
