import { BadRequestException, ConflictException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import type { AdminDispute, Dispute } from '@app/contracts';
import {
  decideDispute,
  DISPUTE_MESSAGES,
  DISPUTE_STATUSES,
  paiseToRupees,
  type DisputeCommand,
  type DisputeEvent,
  type DisputeRefused,
  type DisputeState,
  type DisputeStatus,
  type DisputeSubject,
} from '@app/domain';
import { MailQueue, type DisputeMailSubject } from '@app/mail';
import { isUniqueViolation } from '../wallet/pg-error.js';
import { DisputesRepository, type DisputeRow } from './disputes.repository.js';

/** Where the player reads an answer in the app (said in the e-mail). */
export const DISPUTES_IN_APP = 'Profile → My disputes';

const money = (paise: string | null) => paiseToRupees(Number(paise ?? 0));

export function toDispute(row: DisputeRow): Dispute {
  return {
    id: row.id,
    status: row.status,
    subjectType: row.subject_type,
    periodId: row.period_id,
    proofPath: row.bet_id ? `/api/v1/bet/${row.bet_id}/proof` : null,
    message: row.message,
    answer: row.answer,
    answeredAt: row.answered_at?.toISOString() ?? null,
    closedAt: row.closed_at?.toISOString() ?? null,
    dueAt: row.due_at.toISOString(),
    createdAt: row.created_at.toISOString(),
    bet:
      row.bet_id && row.bet_type && row.bet_value && row.bet_status && row.period_id
        ? {
            _id: row.bet_id,
            periodId: row.period_id,
            betType: row.bet_type,
            betValue: row.bet_value,
            amount: money(row.bet_amount),
            status: row.bet_status,
            isWin: row.bet_is_win,
            winAmount: money(row.bet_win_amount),
            result:
              row.digit !== null && row.color && row.big_small
                ? { digit: row.digit, color: row.color, bigSmall: row.big_small }
                : null,
            periodStatus: row.period_status,
          }
        : null,
    transaction:
      row.tx_id && row.tx_public_id && row.tx_type && row.tx_method && row.tx_status && row.tx_created_at
        ? {
            _id: row.tx_id,
            transactionId: row.tx_public_id,
            type: row.tx_type,
            method: row.tx_method,
            status: row.tx_status,
            amount: money(row.tx_amount),
            createdAt: row.tx_created_at.toISOString(),
            utrNumber: row.tx_utr,
            adminNotes: row.tx_admin_notes,
            reviewedAt: row.tx_reviewed_at?.toISOString() ?? null,
          }
        : null,
  };
}

function toAdminDispute(row: DisputeRow): AdminDispute {
  return { ...toDispute(row), player: { id: row.user_id, username: row.username, email: row.email } };
}

/** The HTTP answer of a refusal. */
function refused(event: DisputeRefused): never {
  const { code, message, errors } = event.data;
  if (code === 'INVALID') throw new BadRequestException({ message, errors: errors ?? {} });
  if (code === 'NOT_FOUND') throw new NotFoundException(message);
  throw new ConflictException(message);
}

function isRefusal(events: DisputeEvent[]): DisputeRefused | undefined {
  return events.find((e): e is DisputeRefused => e.type === 'DisputeRefused');
}

/**
 * Disputes keyed to the round: a player opens one on their own bet or transaction (the bet's period and proof go
 * with it), an operator answers it (the player is e-mailed), either closes it. Each use case loads the state under
 * the row lock it needs, decides (`decideDispute` of @app/domain), stores the change with its audit row in the same
 * transaction, and e-mails after the commit.
 */
@Injectable()
export class DisputesService {
  private readonly logger = new Logger('Disputes');

  constructor(
    @Inject(DisputesRepository) private readonly repo: DisputesRepository,
    @Inject(MailQueue) private readonly mail: MailQueue,
  ) {}

  async open(userId: string, body: { betId?: unknown; transactionId?: unknown; message?: unknown }): Promise<Dispute> {
    const subject = this.subjectOf(body);
    const command: DisputeCommand = { type: 'OpenDispute', userId, subject, message: body.message, nowMs: Date.now() };
    try {
      const id = await this.repo.transaction(async (trx) => {
        const found = await this.repo.subject(trx, subject);
        const state: DisputeState = {
          subject: found ?? null,
          subjectDisputed: found ? await this.repo.subjectDisputed(trx, subject) : false,
          dispute: null,
        };
        const events = decideDispute(command, state);
        const refusal = isRefusal(events);
        if (refusal) refused(refusal);
        const opened = events[0]!;
        if (opened.type !== 'DisputeOpened') throw new Error('an opening decides an opened dispute');
        const disputeId = await this.repo.insert(trx, {
          ...opened.data,
          openedAt: new Date(command.nowMs),
          dueAt: new Date(opened.data.dueAtMs),
        });
        await this.repo.audit(trx, {
          actorId: userId,
          userId,
          disputeId,
          action: 'dispute.open',
          status: 'open',
          note: opened.data.message,
          metadata: {
            subject,
            periodId: opened.data.periodId,
            proofPath: subject.type === 'bet' ? `/api/v1/bet/${subject.id}/proof` : null,
          },
        });
        return disputeId;
      });
      this.logger.log({ msg: 'dispute opened', disputeId: id, userId, subjectType: subject.type });
      return toDispute((await this.repo.find(id))!);
    } catch (error) {
      // Two parallel openings of one subject: the database keeps one, the other is told it exists.
      if (
        isUniqueViolation(error, 'disputes_one_active_per_bet') ||
        isUniqueViolation(error, 'disputes_one_active_per_transaction')
      ) {
        throw new ConflictException(DISPUTE_MESSAGES.alreadyOpen);
      }
      throw error;
    }
  }

  async mine(userId: string): Promise<Dispute[]> {
    return (await this.repo.ofPlayer(userId)).map(toDispute);
  }

  async list(status: unknown): Promise<AdminDispute[]> {
    const wanted: DisputeStatus = DISPUTE_STATUSES.includes(status as DisputeStatus)
      ? (status as DisputeStatus)
      : 'open';
    return (await this.repo.withStatus(wanted)).map(toAdminDispute);
  }

  async answer(adminId: string, disputeId: string, body: { answer?: unknown }): Promise<AdminDispute> {
    const outcome = await this.repo.transaction(async (trx) => {
      const dispute = await this.repo.lock(trx, disputeId);
      const events = decideDispute(
        { type: 'AnswerDispute', adminId, answer: body.answer },
        { subject: null, subjectDisputed: false, dispute: dispute ?? null },
      );
      const refusal = isRefusal(events);
      if (refusal) refused(refusal);
      const answered = events[0]!;
      if (answered.type !== 'DisputeAnswered') throw new Error('an answer decides an answered dispute');
      if (!(await this.repo.answer(trx, disputeId, adminId, answered.data.answer)))
        throw new ConflictException(DISPUTE_MESSAGES.alreadyAnswered);
      await this.repo.audit(trx, {
        actorId: adminId,
        userId: answered.data.userId,
        disputeId,
        action: 'dispute.answer',
        status: 'answered',
        note: answered.data.answer,
        metadata: { previous: 'open' },
      });
      const player = await this.repo.player(trx, answered.data.userId);
      return { player, answer: answered.data.answer, row: (await this.repo.find(disputeId, trx))! };
    });
    const row = outcome.row;
    const subject: DisputeMailSubject =
      row.subject_type === 'bet'
        ? { type: 'bet', periodId: row.period_id ?? '' }
        : { type: 'transaction', reference: row.tx_public_id ?? '' };
    const about =
      subject.type === 'bet' ? `your bet in period ${subject.periodId}` : `transaction ${subject.reference}`.trim();
    // After the commit: the answer is kept whatever the queue does; a failed enqueue is logged, and the app shows it.
    try {
      await this.mail.sendDisputeAnswered({
        to: outcome.player.email,
        username: outcome.player.username,
        about,
        subject,
        answer: outcome.answer,
        where: DISPUTES_IN_APP,
        language: outcome.player.language,
      });
    } catch (error) {
      this.logger.error({ msg: 'dispute answer e-mail not queued', disputeId, error: (error as Error).message });
    }
    this.logger.log({ msg: 'dispute answered', disputeId, adminId });
    return toAdminDispute(row);
  }

  async close(by: { id: string; role: 'user' | 'super-admin' }, disputeId: string): Promise<Dispute> {
    const row = await this.repo.transaction(async (trx) => {
      const dispute = await this.repo.lock(trx, disputeId);
      const events = decideDispute(
        { type: 'CloseDispute', by },
        { subject: null, subjectDisputed: false, dispute: dispute ?? null },
      );
      const refusal = isRefusal(events);
      if (refusal) refused(refusal);
      const closed = events[0]!;
      if (closed.type !== 'DisputeClosed') throw new Error('a close decides a closed dispute');
      if (!(await this.repo.close(trx, disputeId, by.id))) throw new ConflictException(DISPUTE_MESSAGES.closed);
      await this.repo.audit(trx, {
        actorId: by.id,
        userId: closed.data.userId,
        disputeId,
        action: 'dispute.close',
        status: 'closed',
        note: null,
        metadata: { previous: closed.data.previous, by: by.role },
      });
      return (await this.repo.find(disputeId, trx))!;
    });
    this.logger.log({ msg: 'dispute closed', disputeId, by: by.role });
    return by.role === 'super-admin' ? toAdminDispute(row) : toDispute(row);
  }

  /** The subject named by the body: exactly one of betId and transactionId. */
  private subjectOf(body: { betId?: unknown; transactionId?: unknown }): DisputeSubject {
    const betId = typeof body.betId === 'string' ? body.betId.trim() : '';
    const transactionId = typeof body.transactionId === 'string' ? body.transactionId.trim() : '';
    if ((betId === '') === (transactionId === '')) {
      throw new BadRequestException({
        message: DISPUTE_MESSAGES.subjectRequired,
        errors: { subject: DISPUTE_MESSAGES.subjectRequired },
      });
    }
    return betId ? { type: 'bet', id: betId } : { type: 'transaction', id: transactionId };
  }
}
