import { Inject, Injectable, Logger } from '@nestjs/common';
import { Counter, Registry } from 'prom-client';
import {
  arbiterKey,
  askArbiter,
  BET_UNAVAILABLE_MESSAGE,
  cancelledCommands,
  outcomeMessage,
  type StoredOutcome,
} from '@app/bets';
import { betOutcomesRequestSchema, type BetOutcomesRequest } from '@app/contracts';
import { refundNotice, toBetResult, toWireBet } from '@app/realtime';
import { RedisService, withDeadline } from '@app/redis';
import { BetOutcomesRepository, type AnsweredOutcome } from './bet-outcomes.repository.js';
import { RoundsService } from './rounds.service.js';

/** The answer a player gets when a bet could not be placed (and is then never applied). */
export { BET_UNAVAILABLE_MESSAGE };
/**
 * How long get-bet-outcomes waits for the answer of a command of the player's (sent on the asking socket, or claimed by
 * the bet pipeline) before it stores "could not place". A command id with no trace is never waited for.
 */
export const OUTCOME_WAIT_MS = 1_500;
const OUTCOME_POLL_MS = 250;
/**
 * Longest storing a refusal may take on the place-bet path, after a hand-off that failed (at most the fail-fast
 * command timeout, 1 s): the answer still comes within 2 s.
 */
export const OUTCOME_DEADLINE_MS = 750;
/**
 * Longest recording the refusals of bets this node cancelled may take before the players are answered (the arbiter
 * already decided; the record is for the database's own answer and the pipeline writes it too).
 */
export const CANCELLED_RECORD_DEADLINE_MS = 300;

export interface SocketReply {
  event: 'bet-message' | 'bet-result' | 'bet-update' | 'balance-update';
  data: unknown;
}

/** The ids lower-cased, each once. */
const distinct = (ids: readonly string[] = []) => [...new Set(ids.map((id) => id.toLowerCase()))];

/** "Could not place", as the answer of a command the arbiter cancelled (stored by whoever meets the command later). */
function refusal(userId: string, commandId: string): StoredOutcome {
  return {
    user_id: userId,
    command_id: commandId,
    kind: 'unavailable',
    bet_id: null,
    period_id: null,
    message: BET_UNAVAILABLE_MESSAGE,
  };
}

/**
 * get-bet-outcomes' payload checked at the door against its schema (libs/contracts/src/socket.ts: at most
 * BET_OUTCOMES_MAX_IDS UUIDs of each kind, nothing else), its ids lower-cased without repeats; null when it is not one.
 */
export function parseOutcomesRequest(payload: unknown): Required<BetOutcomesRequest> | null {
  const parsed = betOutcomesRequestSchema.safeParse(payload);
  return parsed.success ? { commandIds: distinct(parsed.data.commandIds), betIds: distinct(parsed.data.betIds) } : null;
}

/**
 * The stored answers to place-bet commands, for a player who lost them (the api node holding the socket died, the
 * connection dropped) or waits too long: each command's answer from bet_outcomes, and the result of each bet
 * settled or refunded while the player was away. A command of the player's nobody answered within OUTCOME_WAIT_MS,
 * or one without any trace, is refused for good ("could not place"), which also stops it from being applied later:
 * the player is never charged for a bet they were told did not go through. Only a command the player really sent
 * ever gets a row in bet_outcomes (see outcomesOf).
 */
@Injectable()
export class BetOutcomesService {
  private readonly logger = new Logger('BetOutcomes');
  private readonly answered: Counter<'kind'>;

  constructor(
    @Inject(BetOutcomesRepository) private readonly repository: BetOutcomesRepository,
    @Inject(RoundsService) private readonly rounds: RoundsService,
    @Inject(RedisService) private readonly redis: RedisService,
    @Inject(Registry) registry: Registry,
  ) {
    this.answered =
      (registry.getSingleMetric('wr_bet_outcomes_total') as Counter<'kind'> | undefined) ??
      new Counter({
        name: 'wr_bet_outcomes_total',
        help: 'Stored bet answers an api node gave from the database (accepted, rejected, unavailable) or from the arbiter (cancelled), commands it refused for want of one (stored_unavailable), commands without a trace it cancelled in the arbiter (cancelled_unknown) or left unanswered past the asking budget (ignored_unknown)',
        labelNames: ['kind'],
        registers: [registry],
      });
  }

  /** The replies to get-bet-outcomes, in order: answers to commands, then results, then the balance. */
  async answer(
    userId: string,
    request: Required<BetOutcomesRequest>,
    sentHere: (commandId: string) => boolean = () => false,
  ): Promise<SocketReply[]> {
    const replies: SocketReply[] = [];
    const outcomes = await this.outcomesOf(userId, request.commandIds, sentHere);
    const betIds = new Set(request.betIds);
    for (const outcome of outcomes) {
      this.answered.inc({ kind: outcome.kind });
      if (outcome.bet_id) betIds.add(outcome.bet_id);
    }
    const bets = new Map(
      (
        await this.repository.bets(userId, [...betIds]).catch((error: Error) => {
          // Postgres away: the answers known from the arbiter still go out (without their bets' results).
          this.logger.warn({ msg: 'bets of stored answers could not be read', userId, error: error.message });
          return [];
        })
      ).map((b) => [b.id, b]),
    );
    for (const outcome of outcomes) {
      const message = outcomeMessage(outcome, outcome.bet_id ? bets.get(outcome.bet_id) : undefined);
      replies.push({ event: 'bet-message', data: message.data });
    }
    let settled = 0;
    const refundedPeriods = new Set<string>();
    for (const bet of bets.values()) {
      if (bet.status === 'COMPLETED') {
        settled++;
        replies.push({
          event: 'bet-result',
          data: toBetResult(bet, new Date(bet.settled_at ?? bet.updated_at).toISOString()),
        });
      } else if (bet.status === 'REFUNDED') {
        settled++;
        replies.push({ event: 'bet-update', data: toWireBet(bet) });
        refundedPeriods.add(bet.period_id);
      }
    }
    for (const periodId of refundedPeriods) replies.push({ event: 'bet-message', data: refundNotice(periodId) });
    if (settled > 0) replies.push({ event: 'balance-update', data: await this.rounds.balance(userId) });
    return replies;
  }

  /**
   * The answer of each command id the player asks about. Asking is cheap and stores nothing for an id nobody sent:
   * - read once from bet_outcomes (no polling): a stored answer is given as it is;
   * - else one call to the arbiter in Redis: a command cancelled there is answered "could not place"; one a consumer
   *   claimed, or one this socket sent (`sentHere`), is the player's own: it waits up to OUTCOME_WAIT_MS for the
   *   pipeline's answer and is then refused for good (stored first, so the pipeline can no longer apply it; if it
   *   applied it meanwhile, that answer stands);
   * - an id with no trace at all (the api node that took it died before handing it on, or it was made up) is cancelled
   *   in the arbiter and answered "could not place" at once, within the player's budget (UNKNOWN_CANCELS_BUDGET per
   *   UNKNOWN_CANCELS_WINDOW_MS); if it turns up later the consumer skips it and stores the refusal then. Past the
   *   budget such an id gets no answer.
   * While Postgres is away, only commands cancelled in the arbiter are answered (the pipeline answers the others when
   * it is back); while Redis is away, only stored answers and the commands this socket sent.
   */
  private async outcomesOf(
    userId: string,
    commandIds: string[],
    sentHere: (commandId: string) => boolean,
  ): Promise<StoredOutcome[]> {
    if (commandIds.length === 0) return [];
    const found = new Map<string, StoredOutcome>();
    let databaseDown = false;
    try {
      for (const o of await this.repository.outcomes(userId, commandIds)) found.set(o.command_id, o);
    } catch (error) {
      databaseDown = true;
      this.logger.warn({
        msg: 'stored answers could not be read; asking the arbiter',
        userId,
        error: (error as Error).message,
      });
    }
    const missing = commandIds.filter((id) => !found.has(id));
    if (missing.length === 0) return commandIds.map((id) => found.get(id)!);
    // Without the database's word a command may have been answered long ago (its claim expired): nothing is cancelled then.
    const verdicts = await askArbiter(
      this.redis.failFast,
      this.redis.keys,
      userId,
      missing.map((id) => ({ commandId: id, mayCancel: !databaseDown && !sentHere(id) })),
    ).catch((error: Error) => {
      this.logger.warn({
        msg: 'the arbiter could not be asked about unanswered commands',
        userId,
        error: error.message,
      });
      return undefined;
    });
    const own: string[] = [];
    let ignored = 0;
    missing.forEach((id, i) => {
      const verdict = verdicts?.[i];
      if (verdict === 'cancelled' || verdict === 'cancelled-now') {
        // Cancelled in the arbiter: never applied, whatever the database says later (it will record the same refusal).
        this.answered.inc({ kind: verdict === 'cancelled' ? 'cancelled' : 'cancelled_unknown' });
        found.set(id, refusal(userId, id));
      } else if (verdict === 'claimed' || sentHere(id)) {
        own.push(id);
      } else if (verdicts && !databaseDown) {
        ignored++;
      }
    });
    if (ignored > 0) {
      this.answered.inc({ kind: 'ignored_unknown' }, ignored);
      this.logger.warn({
        msg: 'commands without a trace were not answered (past the asking budget)',
        userId,
        count: ignored,
      });
    }
    if (own.length > 0 && !databaseDown) await this.settleOwn(userId, own, found);
    return commandIds.flatMap((id) => (found.has(id) ? [found.get(id)!] : []));
  }

  /**
   * The player's own commands without an answer yet (sent on this socket, or claimed by a consumer): the stored answer
   * within OUTCOME_WAIT_MS, else "could not place", stored first (the bet pipeline can then no longer apply them; an
   * answer it stored first stands).
   */
  private async settleOwn(userId: string, commandIds: string[], found: Map<string, StoredOutcome>): Promise<void> {
    const waitUntil = Date.now() + OUTCOME_WAIT_MS;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, OUTCOME_POLL_MS));
      const missing = commandIds.filter((id) => !found.has(id));
      try {
        for (const o of await this.repository.outcomes(userId, missing)) found.set(o.command_id, o);
      } catch (error) {
        this.logger.warn({ msg: 'stored answers could not be read', userId, error: (error as Error).message });
        return;
      }
      if (commandIds.every((id) => found.has(id)) || Date.now() >= waitUntil) break;
    }
    let missing = commandIds.filter((id) => !found.has(id));
    if (missing.length === 0) return;
    // Cancelled meanwhile (the node that took it in gave up on it): never applied.
    const cancelled = await cancelledCommands(
      this.redis.failFast,
      missing.map((id) => arbiterKey(this.redis.keys, userId, id)),
    ).catch(() => [] as boolean[]);
    missing.forEach((id, i) => {
      if (!cancelled[i]) return;
      this.answered.inc({ kind: 'cancelled' });
      found.set(id, refusal(userId, id));
    });
    missing = commandIds.filter((id) => !found.has(id));
    if (missing.length === 0) return;
    await this.repository.refuseUnanswered(userId, missing, BET_UNAVAILABLE_MESSAGE);
    this.answered.inc({ kind: 'stored_unavailable' }, missing.length);
    this.logger.warn({ msg: 'commands nobody answered were refused', userId, commandIds: missing });
    for (const o of await this.repository.outcomes(userId, missing)) found.set(o.command_id, o);
  }

  /**
   * Records, within OUTCOME_DEADLINE_MS, the refusal of commands this node cancelled in the arbiter, and returns the
   * stored answer of each: that refusal, or the pipeline's answer if it was stored first (possible only if Redis
   * lost the arbiter's key). Undefined when the database did not answer in time: the arbiter's verdict stands, and
   * the pipeline records the refusal when it gets to the command.
   */
  async refuseCancelled(
    commands: Array<{ userId: string; commandId: string; periodId: string }>,
  ): Promise<AnsweredOutcome[] | undefined> {
    try {
      return await withDeadline(
        this.repository.refuseCancelled(commands, BET_UNAVAILABLE_MESSAGE),
        CANCELLED_RECORD_DEADLINE_MS,
        'storing cancellations',
      );
    } catch (error) {
      this.logger.warn({
        msg: 'cancelled bets could not be recorded yet (the bet pipeline records them)',
        commands: commands.length,
        error: (error as Error).message,
      });
      return undefined;
    }
  }

  /**
   * After a command may or may not have reached the bet stream (its XADD timed out or its connection dropped),
   * stores "could not place" as its answer, within OUTCOME_DEADLINE_MS. Returns the command's stored answer: that
   * refusal, or what the bet pipeline decided if it applied the command first (with its bet). Undefined when the database did not
   * answer in time (the player is still told it could not be placed; see the fault runbook in docs/operations.md).
   */
  async refuseUncertain(userId: string, commandId: string): Promise<AnsweredOutcome | undefined> {
    try {
      return await withDeadline(
        (async () => {
          await this.repository.refuseUnanswered(userId, [commandId], BET_UNAVAILABLE_MESSAGE);
          this.answered.inc({ kind: 'stored_unavailable' });
          return (await this.repository.withBets(await this.repository.outcomes(userId, [commandId])))[0];
        })(),
        OUTCOME_DEADLINE_MS,
        'storing a refusal',
      );
    } catch (error) {
      this.logger.error({
        msg: 'could not store the refusal of a bet whose hand-off was uncertain',
        userId,
        commandId,
        error: (error as Error).message,
      });
      return undefined;
    }
  }
}
