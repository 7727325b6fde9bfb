import { ConflictException, HttpException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import type { AwaySummaryData, PlayBreakView, WithdrawResult } from '@app/contracts';
import { Database } from '@app/db';
import {
  isUuid,
  decidePlayBreak,
  paiseToRupees,
  PLAY_BREAK_MESSAGES,
  PLAY_BREAK_OPTION_LABELS,
  PLAYER_ACTION_MESSAGES,
  runningPlayBreak,
  type PlayBreakRefusalCode,
} from '@app/domain';
import { SessionRepository } from '../auth/session.repository.js';
import { SessionService } from '../auth/session.service.js';
import type { WithdrawDto } from '../payment/dto/withdraw.dto.js';
import { PaymentService } from '../payment/payment.service.js';
import { isCheckViolation } from '../wallet/pg-error.js';
import { refusalException } from '../wallet/refusal.js';
import { PlayBreakRepository, toPlayBreakView } from './play-break.repository.js';

const REFUSALS: Record<PlayBreakRefusalCode, number> = {
  PLAYERS_ONLY: 403,
  INVALID_OPTION: 400,
  SHORTER: 409,
  NOT_EXCLUDED: 409,
  EXCLUSION_RUNNING: 409,
  RETURN_REQUESTED: 409,
};
/** Why a row was written: the player asked for it in the app (an operator's break carries the operator's reason). */
const PLAYER_REASON = "At the player's own request";

/**
 * Breaks and self-exclusion (docs/breaks-and-exclusion.md): the player takes one (or a longer one while one runs),
 * asks to return from an ended self-exclusion, and withdraws their main balance while away. Taking one ends every
 * session of the player in the same transaction, then stops their access tokens and disconnects their sockets on
 * every api node — the suspension's path. Each is audited with the player as actor and beneficiary.
 */
@Injectable()
export class PlayBreaksService {
  private readonly logger = new Logger('PlayBreaks');

  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(PlayBreakRepository) private readonly breaks: PlayBreakRepository,
    @Inject(SessionRepository) private readonly sessionRows: SessionRepository,
    @Inject(SessionService) private readonly sessions: SessionService,
    @Inject(PaymentService) private readonly payments: PaymentService,
  ) {}

  /** The one in force, or null. */
  async current(userId: string): Promise<PlayBreakView | null> {
    const now = await this.breaks.latest(undefined, userId);
    return now?.running ? toPlayBreakView(now.latest, now.running) : null;
  }

  take(userId: string, option: unknown): Promise<PlayBreakView> {
    return this.start(userId, option, null);
  }

  /**
   * A break an operator applies from the console (docs/care-signals.md): 24 hours to 6 weeks, with a reason; exactly
   * a player's own break otherwise (every session ends, only ever longer, nobody can lift it), audited with the admin
   * as actor and the player as beneficiary. 404 when there is no such account.
   */
  async applyByOperator(adminId: string, userId: string, option: unknown, reason: string): Promise<PlayBreakView> {
    if (
      !isUuid(userId) ||
      !(await this.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst())
    )
      throw new NotFoundException(PLAYER_ACTION_MESSAGES.notFound);
    return this.start(userId, option, { adminId, reason });
  }

  private async start(
    userId: string,
    option: unknown,
    operator: { adminId: string; reason: string } | null,
  ): Promise<PlayBreakView> {
    const nowMs = Date.now();
    let outcome;
    try {
      outcome = await this.db.transaction().execute(async (trx) => {
        const account = await this.breaks.lockAccount(trx, userId);
        const before = await this.breaks.latest(trx, userId, nowMs);
        const [event] = decidePlayBreak(
          { type: 'TakePlayBreak', userId, option, nowMs, byOperator: operator !== null },
          { role: account?.role ?? null, latest: before?.latest ?? null },
        );
        if (event!.type === 'PlayBreakRefused') throw refusalException(REFUSALS, event!);
        if (event!.type !== 'PlayBreakTaken') throw new Error(`unexpected ${event!.type}`);
        const taken = event!.data;
        const id = await this.breaks.insert(trx, taken, operator?.reason ?? PLAYER_REASON, operator?.adminId);
        await this.breaks.audit(trx, {
          userId,
          actorId: operator?.adminId,
          action: operator ? 'play-break.apply' : 'play-break.take',
          playBreakId: id,
          decision: taken.kind,
          note: operator
            ? `Break of ${PLAY_BREAK_OPTION_LABELS[taken.option]} applied by an operator: ${operator.reason}`
            : `${taken.kind === 'break' ? 'Break' : 'Self-exclusion'} of ${PLAY_BREAK_OPTION_LABELS[taken.option]}`,
          metadata: {
            option: taken.option,
            startedAt: new Date(taken.startedAtMs).toISOString(),
            endsAt: new Date(taken.endsAtMs).toISOString(),
            lengthens: taken.lengthens
              ? {
                  kind: taken.lengthens.kind,
                  phase: taken.lengthens.phase,
                  until: taken.lengthens.untilMs === null ? null : new Date(taken.lengthens.untilMs).toISOString(),
                }
              : null,
          },
        });
        const revoked = await this.sessionRows.revokeAllOfUser(trx, userId, 'play-break');
        return { revoked, taken };
      });
    } catch (error) {
      // The database's word, should the running one have changed since it was read (play_breaks_only_longer).
      if (isCheckViolation(error, 'play_breaks_only_longer'))
        throw new ConflictException(PLAY_BREAK_MESSAGES.onlyLonger);
      throw error;
    }
    await this.sessions.propagateRevocation(userId, outcome.revoked);
    const { taken } = outcome;
    this.logger.log({
      msg: operator ? 'play break applied by an operator' : 'play break taken',
      userId,
      adminId: operator?.adminId,
      kind: taken.kind,
      option: taken.option,
      sessionsEnded: outcome.revoked.length,
    });
    const latest = {
      kind: taken.kind,
      option: taken.option,
      startedAtMs: taken.startedAtMs,
      endsAtMs: taken.endsAtMs,
      returnRequestedAtMs: null,
      returnsAtMs: null,
    };
    return toPlayBreakView(latest, runningPlayBreak(latest, nowMs)!);
  }

  /** A request to return from a self-exclusion past its end: the account opens 24 hours later. */
  async requestReturn(userId: string): Promise<PlayBreakView> {
    const nowMs = Date.now();
    const view = await this.db.transaction().execute(async (trx) => {
      const account = await this.breaks.lockAccount(trx, userId);
      const before = await this.breaks.latest(trx, userId, nowMs);
      const [event] = decidePlayBreak(
        { type: 'RequestReturn', userId, nowMs },
        { role: account?.role ?? null, latest: before?.latest ?? null },
      );
      if (event!.type === 'PlayBreakRefused') throw refusalException(REFUSALS, event!);
      if (event!.type !== 'ReturnRequested' || !before) throw new Error(`unexpected ${event!.type}`);
      const { requestedAtMs, returnsAtMs } = event!.data;
      await this.breaks.requestReturn(trx, before.id, requestedAtMs, returnsAtMs);
      await this.breaks.audit(trx, {
        userId,
        action: 'play-break.return',
        playBreakId: before.id,
        decision: 'returning',
        note: 'Asked to return from self-exclusion',
        metadata: {
          requestedAt: new Date(requestedAtMs).toISOString(),
          returnsAt: new Date(returnsAtMs).toISOString(),
        },
      });
      const latest = { ...before.latest, returnRequestedAtMs: requestedAtMs, returnsAtMs };
      return toPlayBreakView(latest, runningPlayBreak(latest, nowMs)!);
    });
    this.logger.log({ msg: 'return from self-exclusion requested', userId, returnsAt: view.until });
    return view;
  }

  /** The away page: what runs, the balances, and whether a request to return may be made. */
  async awaySummary(userId: string): Promise<AwaySummaryData> {
    const now = await this.breaks.latest(undefined, userId);
    if (!now?.running) throw new HttpException('Nothing keeps you away: please log in.', 401);
    const wallet = await this.db
      .selectFrom('wallets')
      .select(['main', 'bonus', 'is_active'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return {
      playBreak: toPlayBreakView(now.latest, now.running),
      balance: paiseToRupees(Number(wallet?.main ?? 0)),
      bonusBalance: paiseToRupees(Number(wallet?.bonus ?? 0)),
      isActive: wallet?.is_active ?? false,
      canAskToReturn: now.running.phase === 'exclusion-ended',
    };
  }

  /** A withdrawal of the main balance while away: the ordinary request, without the turnover rule (decideWithdrawal). */
  withdraw(userId: string, body: WithdrawDto): Promise<WithdrawResult> {
    return this.payments.withdraw(userId, body);
  }
}
