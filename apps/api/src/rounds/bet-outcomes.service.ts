import { Inject, Injectable, Logger } from '@nestjs/common';
import { Counter, Registry } from 'prom-client';
import { arbiterKey, BET_UNAVAILABLE_MESSAGE, cancelledCommands, outcomeMessage, type StoredOutcome } from '@app/bets';
import { BET_OUTCOMES_MAX_IDS, type BetOutcomesRequest } from '@app/contracts';
import { refundNotice, toBetResult, toWireBet, UUID_PATTERN } from '@app/realtime';
import { RedisService, withDeadline } from '@app/redis';
import { BetOutcomesRepository } from './bet-outcomes.repository.js';
import { RoundsService } from './rounds.service.js';

/** The answer a player gets when a bet could not be placed (and is then never applied). */
export { BET_UNAVAILABLE_MESSAGE };
/** How long get-bet-outcomes waits for a command nobody answered yet before it stores "could not place". */
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

/** A list of at most BET_OUTCOMES_MAX_IDS UUIDs (lower-cased), or null when it is anything else. */
function uuids(value: unknown): string[] | null {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > BET_OUTCOMES_MAX_IDS) return null;
  const ids: string[] = [];
  for (const item of value) {
    if (typeof item !== 'string') return null;
    const id = item.toLowerCase();
    if (!UUID_PATTERN.test(id)) return null;
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** get-bet-outcomes' payload, or null when it is not one. */
export function parseOutcomesRequest(payload: unknown): Required<BetOutcomesRequest> | null {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
  const body = payload as Record<string, unknown>;
  if (Object.keys(body).some((k) => k !== 'commandIds' && k !== 'betIds')) return null;
  const commandIds = uuids(body.commandIds);
  const betIds = uuids(body.betIds);
  return commandIds && betIds ? { commandIds, betIds } : null;
}

/**
 * The stored answers to place-bet commands, for a player who lost them (the api node holding the socket died, the
 * connection dropped) or waits too long: each command's answer from bet_outcomes, and the result of each bet
 * settled or refunded while the player was away. A command nobody answered within OUTCOME_WAIT_MS is refused
 * for good ("could not place"), which also stops it from being applied later: the player is never charged for a
 * bet they were told did not go through.
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
        help: 'Stored bet answers an api node gave from the database (accepted, rejected, unavailable) or from the arbiter (cancelled), and commands it refused for want of one (stored_unavailable)',
        labelNames: ['kind'],
        registers: [registry],
      });
  }

  /** The replies to get-bet-outcomes, in order: answers to commands, then results, then the balance. */
  async answer(userId: string, request: Required<BetOutcomesRequest>): Promise<SocketReply[]> {
    const replies: SocketReply[] = [];
    const outcomes = await this.outcomesOf(userId, request.commandIds);
    const betIds = new Set(request.betIds);
    for (const outcome of outcomes) {
      this.answered.inc({ kind: outcome.kind });
      if (outcome.bet_id) betIds.add(outcome.bet_id);
    }
    const bets = new Map((await this.repository.bets(userId, [...betIds]).catch((error: Error) => {
      // Postgres away: the answers known from the arbiter still go out (without their bets' results).
      this.logger.warn({ msg: 'bets of stored answers could not be read', userId, error: error.message });
      return [];
    })).map((b) => [b.id, b]));
    for (const outcome of outcomes) {
      const message = outcomeMessage(outcome, outcome.bet_id ? bets.get(outcome.bet_id) : undefined);
      replies.push({ event: 'bet-message', data: message.data });
    }
    let settled = 0;
    const refundedPeriods = new Set<string>();
    for (const bet of bets.values()) {
      if (bet.status === 'COMPLETED') {
        settled++;
        replies.push({ event: 'bet-result', data: toBetResult(bet, new Date(bet.settled_at ?? bet.updated_at).toISOString()) });
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
   * The stored answer of each command; one not answered within OUTCOME_WAIT_MS is answered "could not place"
   * (stored first, so the bet pipeline can no longer apply it; if it applied it meanwhile, that answer stands).
   * While Postgres is away, a command an api node cancelled in the arbiter is answered from there; the others wait
   * for Postgres (the pipeline answers them then).
   */
  private async outcomesOf(userId: string, commandIds: string[]): Promise<StoredOutcome[]> {
    if (commandIds.length === 0) return [];
    const found = new Map<string, StoredOutcome>();
    const waitUntil = Date.now() + OUTCOME_WAIT_MS;
    let databaseDown = false;
    for (;;) {
      const missing = commandIds.filter((id) => !found.has(id));
      try {
        for (const o of await this.repository.outcomes(userId, missing)) found.set(o.command_id, o);
      } catch (error) {
        databaseDown = true;
        this.logger.warn({ msg: 'stored answers could not be read; asking the arbiter', userId, error: (error as Error).message });
        break;
      }
      if (found.size === commandIds.length || Date.now() >= waitUntil) break;
      await new Promise((resolve) => setTimeout(resolve, OUTCOME_POLL_MS));
    }
    let missing = commandIds.filter((id) => !found.has(id));
    if (missing.length > 0) {
      // Cancelled in the arbiter: never applied, whatever the database says later (it will record the same refusal).
      const cancelled = await cancelledCommands(
        this.redis.failFast,
        missing.map((id) => arbiterKey(this.redis.keys.prefix, userId, id)),
      ).catch(() => [] as boolean[]);
      missing.forEach((id, i) => {
        if (!cancelled[i]) return;
        this.answered.inc({ kind: 'cancelled' });
        found.set(id, { user_id: userId, command_id: id, kind: 'unavailable', bet_id: null, period_id: null, message: BET_UNAVAILABLE_MESSAGE });
      });
      missing = commandIds.filter((id) => !found.has(id));
    }
    if (missing.length > 0 && !databaseDown) {
      await this.repository.refuseUnanswered(userId, missing, BET_UNAVAILABLE_MESSAGE);
      this.answered.inc({ kind: 'stored_unavailable' }, missing.length);
      this.logger.warn({ msg: 'commands nobody answered were refused', userId, commandIds: missing });
      for (const o of await this.repository.outcomes(userId, missing)) found.set(o.command_id, o);
    }
    return commandIds.flatMap((id) => (found.has(id) ? [found.get(id)!] : []));
  }

  /**
   * Records, within OUTCOME_DEADLINE_MS, the refusal of commands this node cancelled in the arbiter, and returns the
   * stored answer of each: that refusal, or the pipeline's answer if it was stored first (possible only if Redis
   * lost the arbiter's key). Undefined when the database did not answer in time: the arbiter's verdict stands, and
   * the pipeline records the refusal when it gets to the command.
   */
  async refuseCancelled(commands: Array<{ userId: string; commandId: string; periodId: string }>): Promise<StoredOutcome[] | undefined> {
    try {
      return await withDeadline(this.repository.refuseCancelled(commands, BET_UNAVAILABLE_MESSAGE), CANCELLED_RECORD_DEADLINE_MS, 'storing cancellations');
    } catch (error) {
      this.logger.warn({ msg: 'cancelled bets could not be recorded yet (the bet pipeline records them)', commands: commands.length, error: (error as Error).message });
      return undefined;
    }
  }

  /**
   * After a command may or may not have reached the bet stream (its XADD timed out or its connection dropped),
   * stores "could not place" as its answer, within OUTCOME_DEADLINE_MS. Returns the command's stored answer: that
   * refusal, or what the bet pipeline decided if it applied the command first. Undefined when the database did not
   * answer in time (the player is still told it could not be placed; see the README's fault runbook).
   */
  async refuseUncertain(userId: string, commandId: string): Promise<StoredOutcome | undefined> {
    try {
      return await withDeadline(
        (async () => {
          await this.repository.refuseUnanswered(userId, [commandId], BET_UNAVAILABLE_MESSAGE);
          this.answered.inc({ kind: 'stored_unavailable' });
          return (await this.repository.outcomes(userId, [commandId]))[0];
        })(),
        OUTCOME_DEADLINE_MS,
        'storing a refusal',
      );
    } catch (error) {
      this.logger.error({ msg: 'could not store the refusal of a bet whose hand-off was uncertain', userId, commandId, error: (error as Error).message });
      return undefined;
    }
  }
}
