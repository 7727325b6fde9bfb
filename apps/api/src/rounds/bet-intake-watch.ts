import type { Logger } from '@nestjs/common';
import { withDeadline, type RedisClient } from '@app/redis';
import {
  ARBITER_CANCEL_LATEST_MS,
  arbiterKey,
  BET_UNAVAILABLE_MESSAGE,
  cancelCommands,
  outcomeMessage,
  type ArbiterKeys,
  type StoredOutcome,
} from '@app/bets';
import type { BetMessage } from '@app/contracts';
import { appendMessages, toBalanceUpdate, userRoom, type BetRowLike, type SocketMessage } from '@app/realtime';

/** How often handed-on bets are checked for a missing answer. */
export const WATCH_SWEEP_MS = 100;
/**
 * How often a bet found claimed by the pipeline is checked again while its answer has not reached this node (until
 * ARBITER_CANCEL_LATEST_MS after its hand-off): a claim is released when its batch failed before committing (Postgres
 * down), and the player is then answered by the next check rather than when the database is back. Short enough that
 * a bet found claimed at its first check (BET_ANSWER_TIMEOUT_MS, 1.5 s) and released meanwhile is still answered
 * within 2 s.
 */
export const WATCH_RECHECK_MS = 200;
/**
 * Longest the arbiter may take to answer a cancellation before the database decides instead (a Redis Cluster master
 * lost and not yet replaced by its replica answers nothing for seconds). A cancellation that still lands later only
 * agrees with the refusal stored in the database.
 */
export const WATCH_CANCEL_DEADLINE_MS = 200;
/** Settles of due bets that may run at once (see sweep). */
const MAX_SETTLES = 4;

/** A bet handed to its partition stream, waiting for the bet pipeline to take it up. */
export interface HandedBet {
  userId: string;
  /** The command's outcome key (the client's command id, else the gateway's). */
  commandId: string;
  periodId: string;
  betType: string;
  handedAt: number;
}

export interface BetIntakeWatchDeps {
  /** The fail-fast connection: an arbiter call never waits on a queue. */
  redis: () => RedisClient;
  /** The deployment's keys (a bare prefix: a single Redis's). */
  prefix: ArbiterKeys;
  eventsStream: string;
  timeoutMs: number;
  /**
   * Records the refusals in the database and returns each command's stored answer, an accepted one with its bet
   * (undefined when it did not answer in time); skipped while Postgres is down.
   */
  record: (
    commands: Array<{ userId: string; commandId: string; periodId: string }>,
  ) => Promise<Array<StoredOutcome & { bet?: BetRowLike; balance?: { main: number; bonus: number } }> | undefined>;
  databaseDown: () => boolean;
  /** Emits to this node's own sockets at once (each socket gets a command's answer once). */
  deliverLocally: (messages: SocketMessage[]) => Promise<void>;
  logger: Logger;
  onCancelled?: (count: number) => void;
}

/** The key a handed bet is watched and answered under (its arbiter key is per user and outcome key too). */
const watchKey = (userId: string, commandId: string) => `${userId}|${commandId}`;

/**
 * Answers a player whose bet the bet pipeline does not take up in time (Postgres down, the engine busy or frozen):
 * BET_ANSWER_TIMEOUT_MS after handing a bet on, the node cancels it in the arbiter (`cancelCommands`). If the
 * cancellation wins, the bet can never be stored nor charged, and the player is told at once "Could not place your
 * bet. Please try again."; if the pipeline claimed the bet first, its answer is on its way and the node says
 * nothing.
 *
 * A bet whose answer this node sees (`answered`, from the events this node delivers to its sockets) is forgotten at
 * once: the pipeline publishes an answer only after its batch committed or refused the bet, so a cancellation could
 * only find the claim, and the arbiter is not asked. The answer may be seen before the bet is watched (the hand-off's
 * reply and the events come on different connections), so answers to bets not watched are remembered for
 * BET_ANSWER_TIMEOUT_MS and such a bet is not watched. A bet whose answer never reaches this node is cancelled or
 * found claimed as before.
 *
 * A bet found claimed is checked again every WATCH_RECHECK_MS until its answer reaches this node or
 * ARBITER_CANCEL_LATEST_MS have passed since its hand-off: a batch that fails before its COMMIT releases its claims,
 * and the check after that cancels the bet and answers the player. A claim that committed (or whose COMMIT is in
 * doubt) is never released and outlives every check (ARBITER_CLAIM_TTL_MS), so a check can only win against a
 * released claim.
 *
 * When Redis does not answer the cancellation within WATCH_CANCEL_DEADLINE_MS (down, or the master of the player's
 * arbiter key lost on a cluster), the database decides, as the arbiter of last resort: "could not place" is stored as
 * the bet's answer unless the pipeline stored one first; the player is told a refusal (that one, or the pipeline's),
 * while a bet the pipeline placed first is left to the pipeline's own answer, which carries the bet. A consumer that
 * takes the command up later finds the stored refusal and never applies it. While Postgres is down too, nothing is said:
 * the player's get-bet-outcomes reads the verdict later.
 */
export class BetIntakeWatch {
  /**
   * Watched bets by user and outcome key, in hand-off order, so also in order of due time (one timeout for all). A
   * command sent again under the same key while watched keeps its first entry: its cancellation decides the arbiter
   * key the two share.
   */
  private readonly handed = new Map<string, HandedBet>();
  /** Answers seen to bets not watched (yet), with the time seen, in that order; kept for the timeout. */
  private readonly answeredUnwatched = new Map<string, number>();
  /** Bets found claimed, not answered here yet, by the time of their next check (in that order, near enough). */
  private readonly claimed = new Map<string, HandedBet & { recheckAt: number }>();
  private handedTotal = 0;
  private readonly timer: NodeJS.Timeout;
  /** Settles under way (each with the bets it took out of the watch: they never overlap). */
  private readonly sweeping = new Set<Promise<void>>();

  constructor(private readonly deps: BetIntakeWatchDeps) {
    this.timer = setInterval(() => void this.sweep(), WATCH_SWEEP_MS).unref();
  }

  watch(bet: HandedBet): void {
    this.handedTotal++;
    const key = watchKey(bet.userId, bet.commandId);
    // Answered already (its answer came in before the hand-off's reply): nothing left to cancel.
    if (this.answeredUnwatched.has(key)) return;
    if (!this.handed.has(key)) this.handed.set(key, bet);
  }

  /** The bet pipeline's answer (or another node's refusal) to a command reached this node: it is not cancelled. */
  answered(userId: string, commandId: string, now = Date.now()): void {
    const key = watchKey(userId, commandId);
    if (this.handed.delete(key) || this.claimed.delete(key)) return;
    if (!this.answeredUnwatched.has(key)) this.answeredUnwatched.set(key, now);
  }

  /** Handed-on bets still waiting for an answer or their check (neither answered here nor checked yet). */
  get waiting(): number {
    return this.handed.size;
  }

  /** Bets found claimed whose answer has not reached this node yet: checked again until they are answered. */
  get rechecking(): number {
    return this.claimed.size;
  }

  /** Bets handed to the watch since it started, answered or not. */
  get handedCount(): number {
    return this.handedTotal;
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Cancels the bets due now (one arbiter call for all of them) and answers those whose cancellation won. */
  sweep(now = Date.now()): Promise<void> {
    // Answers seen over the timeout ago are forgotten: a bet watched that late would be due at once, and its
    // cancellation would only find the claim (as before this memory existed).
    for (const [key, seenAt] of this.answeredUnwatched) {
      if (now - seenAt <= this.deps.timeoutMs) break;
      this.answeredUnwatched.delete(key);
    }
    // A settle waiting on Redis or the database (up to WATCH_CANCEL_DEADLINE_MS and the database's answer) does not
    // hold back the bets falling due meanwhile: a few run side by side, each with its own bets.
    if (this.sweeping.size >= MAX_SETTLES) return Promise.all(this.sweeping).then(() => undefined);
    const settling = this.settle(now).finally(() => this.sweeping.delete(settling));
    this.sweeping.add(settling);
    return settling;
  }

  private async settle(now: number): Promise<void> {
    const due: HandedBet[] = [];
    for (const [key, bet] of this.handed) {
      if (bet.handedAt + this.deps.timeoutMs > now) break;
      due.push(bet);
      this.handed.delete(key);
    }
    // Past this a claim may have expired: the node no longer decides (the pipeline or the database does).
    const late = due.filter((b) => now - b.handedAt > ARBITER_CANCEL_LATEST_MS);
    if (late.length > 0)
      this.deps.logger.warn({ msg: 'bets checked too late to cancel; left to the bet pipeline', count: late.length });
    const bets = due.filter((b) => now - b.handedAt <= ARBITER_CANCEL_LATEST_MS);
    for (const [key, bet] of this.claimed) {
      if (bet.recheckAt > now) break;
      this.claimed.delete(key);
      if (now - bet.handedAt <= ARBITER_CANCEL_LATEST_MS) bets.push(bet);
    }
    if (bets.length === 0) return;
    let verdicts: boolean[];
    try {
      verdicts = await withDeadline(
        cancelCommands(
          this.deps.redis(),
          bets.map((b) => arbiterKey(this.deps.prefix, b.userId, b.commandId)),
        ),
        WATCH_CANCEL_DEADLINE_MS,
        'cancelling unanswered bets',
      );
    } catch (error) {
      if (this.deps.databaseDown()) {
        this.deps.logger.warn({
          msg: 'unanswered bets could not be cancelled (Redis did not answer); left to the bet pipeline',
          count: bets.length,
          error: (error as Error).message,
        });
        return;
      }
      this.deps.logger.warn({
        msg: 'unanswered bets could not be cancelled in Redis; the database decides',
        count: bets.length,
        error: (error as Error).message,
      });
      await this.refuse(bets, 'database');
      return;
    }
    // Claimed: the pipeline answers, unless its batch fails before committing and releases the claim (checked again).
    bets.forEach((b, i) => {
      const key = watchKey(b.userId, b.commandId);
      // (An answer seen while the arbiter was asked ends the watch.)
      if (
        !verdicts[i] &&
        !this.answeredUnwatched.has(key) &&
        b.handedAt + ARBITER_CANCEL_LATEST_MS > now + WATCH_RECHECK_MS
      ) {
        this.claimed.set(key, { ...b, recheckAt: now + WATCH_RECHECK_MS });
      }
    });
    const cancelled = bets.filter((_, i) => verdicts[i]);
    if (cancelled.length === 0) return;
    await this.refuse(cancelled, 'arbiter');
  }

  /**
   * Records "could not place" for these bets in the database (unless an answer is stored already) and answers their
   * players with what is stored (an accepted answer with its bet, then the player's balance). `decidedBy` 'arbiter':
   * the cancellation won in Redis, so the bet is refused even if the database does not answer; 'database': Redis did
   * not answer, so only a stored refusal is given (none while the database does not answer either: the pipeline or
   * the player's get-bet-outcomes decides then).
   */
  private async refuse(bets: HandedBet[], decidedBy: 'arbiter' | 'database'): Promise<void> {
    const stored = this.deps.databaseDown()
      ? undefined
      : await this.deps.record(bets.map((b) => ({ userId: b.userId, commandId: b.commandId, periodId: b.periodId })));
    if (decidedBy === 'database' && stored === undefined) return;
    const storedByKey = new Map((stored ?? []).map((o) => [`${o.user_id}|${o.command_id}`, o]));
    // Decided by the database, a bet the pipeline placed first is left to the pipeline's own answer (it carries the
    // bet); only refusals are said here.
    const answered =
      decidedBy === 'arbiter'
        ? bets
        : bets.filter((b) => {
            const kind = storedByKey.get(`${b.userId}|${b.commandId}`)?.kind;
            return kind !== undefined && kind !== 'accepted';
          });
    const refused = answered.filter(
      (b) => (storedByKey.get(`${b.userId}|${b.commandId}`)?.kind ?? 'unavailable') === 'unavailable',
    );
    if (refused.length > 0) {
      this.deps.onCancelled?.(refused.length);
      this.deps.logger.warn({
        msg:
          decidedBy === 'arbiter'
            ? 'bets not taken up in time were cancelled; players told they could not be placed'
            : 'bets not taken up in time were refused in the database; players told they could not be placed',
        count: refused.length,
        commandIds: refused.slice(0, 20).map((b) => b.commandId),
      });
    }
    const messages: SocketMessage[] = answered.map((b) => {
      const answer = storedByKey.get(`${b.userId}|${b.commandId}`);
      // The pipeline's own answer, stored before the cancellation (only if Redis lost a claim), is the true one; an
      // accepted one carries its bet, as the pipeline's would (its own answer may never come: a batch retried after
      // Redis came back finds the command cancelled and leaves it out).
      if (answer && answer.kind !== 'unavailable') return outcomeMessage(answer, answer.bet);
      const data: BetMessage = {
        success: false,
        message: BET_UNAVAILABLE_MESSAGE,
        periodId: b.periodId,
        betType: b.betType as BetMessage['betType'],
        commandId: b.commandId,
      };
      return { room: userRoom(b.userId), event: 'bet-message', data };
    });
    // After an accepted answer, the player's balance, as the pipeline follows its answers with it (once a player).
    const balanced = new Set<string>();
    for (const b of answered) {
      const balance = storedByKey.get(`${b.userId}|${b.commandId}`)?.balance;
      if (!balance || balanced.has(b.userId)) continue;
      balanced.add(b.userId);
      messages.push({
        room: userRoom(b.userId),
        event: 'balance-update',
        data: toBalanceUpdate(balance.main, balance.bonus),
      });
    }
    if (messages.length === 0) return;
    await this.deps
      .deliverLocally(messages)
      .catch((error: Error) =>
        this.deps.logger.warn({ msg: 'cancelled bets could not be answered here', error: error.message }),
      );
    // The player's sockets on other nodes hear it from the events stream (this node's sockets have it already).
    try {
      await appendMessages(this.deps.redis(), this.deps.eventsStream, messages);
    } catch (error) {
      this.deps.logger.warn({
        msg: 'answers of cancelled bets could not be published to other nodes',
        error: (error as Error).message,
      });
    }
  }
}
