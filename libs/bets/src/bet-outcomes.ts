import type { Redis } from 'ioredis';
import { sql, type RawBuilder } from 'kysely';
import { outcomeKey, toWireBet, userRoom, type BetCommand, type BetRowLike, type SocketMessage } from '@app/realtime';
import { pgArray } from '@app/db';
import { BET_MESSAGES } from '@app/domain';

/** A stored answer to a place-bet command (bet_outcomes). */
export interface StoredOutcome {
  user_id: string;
  command_id: string;
  kind: 'accepted' | 'rejected' | 'unavailable';
  bet_id: string | null;
  period_id: string | null;
  message: string;
}

/** The answer a player gets when a bet could not be placed (not handed on, or not taken up in time): it is then never applied. */
export const BET_UNAVAILABLE_MESSAGE = BET_MESSAGES.unavailable;

const keyOf = (userId: string, commandId: string) => `${userId}|${commandId}`;

/**
 * Keeps the first of the commands that share a player and an outcome key (one place-bet sent twice within a batch)
 * and returns how many were dropped.
 */
export function dropRepeatedCommands<T extends { command: BetCommand }>(commands: T[]): { kept: T[]; dropped: number } {
  const seen = new Set<string>();
  const kept = commands.filter(({ command }) => {
    const key = keyOf(command.userId, outcomeKey(command));
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { kept, dropped: commands.length - kept.length };
}

/**
 * The query of the stored answers of these commands (rows of StoredOutcome), to run alone or inside a larger statement.
 * Each command is looked up in the primary key (a lateral subquery the planner cannot turn into a join): as a join,
 * the planner reads the whole table into a hash when it is small next to the batch, a cost that grows with every bet.
 */
export function storedOutcomesQuery(commands: BetCommand[]): RawBuilder<StoredOutcome> {
  return sql<StoredOutcome>`
    SELECT o.user_id, o.command_id, o.kind, o.bet_id, o.period_id, o.message
    FROM unnest(${pgArray(commands.map((c) => c.userId))}::uuid[], ${pgArray(commands.map((c) => outcomeKey(c)))}::uuid[]) AS k(user_id, command_id)
    CROSS JOIN LATERAL (
      SELECT * FROM bet_outcomes WHERE user_id = k.user_id AND command_id = k.command_id OFFSET 0
    ) o
  `;
}

/** These stored answers, by player and command (what storedOutcomeOf looks up). */
export function outcomesByCommand(rows: StoredOutcome[]): Map<string, StoredOutcome> {
  return new Map(rows.map((row) => [keyOf(row.user_id, row.command_id), row]));
}

/** The stored answers of these commands (applied before under another stream entry, or refused by an api node). */
export async function storedOutcomes(trx: any, commands: BetCommand[]): Promise<Map<string, StoredOutcome>> {
  if (commands.length === 0) return new Map();
  const { rows } = await storedOutcomesQuery(commands).execute(trx);
  return outcomesByCommand(rows);
}

export function storedOutcomeOf(outcomes: Map<string, StoredOutcome>, command: BetCommand): StoredOutcome | undefined {
  return outcomes.get(keyOf(command.userId, outcomeKey(command)));
}

/**
 * Stores the answer of every command decided in this batch, in its transaction. A plain insert on purpose: when an
 * api node stored a refusal for one of them first (it told the player the bet could not be placed), the insert
 * fails, the whole batch rolls back, and the retry finds that refusal and leaves the bet unplaced.
 */
export async function recordOutcomes(trx: any, outcomes: StoredOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  await recordOutcomesStatement(outcomes).execute(trx);
}

/** The statement recordOutcomes runs (RETURNING the command ids), to run alone or beside other writes in one statement. */
export function recordOutcomesStatement(outcomes: StoredOutcome[]): RawBuilder<{ command_id: string }> {
  return sql<{ command_id: string }>`
    INSERT INTO bet_outcomes (user_id, command_id, kind, bet_id, period_id, message)
    SELECT * FROM unnest(
      ${pgArray(outcomes.map((o) => o.user_id))}::uuid[], ${pgArray(outcomes.map((o) => o.command_id))}::uuid[], ${pgArray(outcomes.map((o) => o.kind))}::text[],
      ${pgArray(outcomes.map((o) => o.bet_id))}::uuid[], ${pgArray(outcomes.map((o) => o.period_id))}::text[], ${pgArray(outcomes.map((o) => o.message))}::text[]
    )
    RETURNING command_id
  `;
}

/** The bet-message answering a stored outcome (an accepted one carries its bet, when the row is at hand). */
export function outcomeMessage(outcome: StoredOutcome, bet?: BetRowLike): SocketMessage {
  const data =
    outcome.kind === 'accepted'
      ? { success: true, message: outcome.message, ...(bet ? { bet: toWireBet(bet), betType: bet.bet_type } : {}), periodId: outcome.period_id ?? undefined, commandId: outcome.command_id }
      : { success: false, message: outcome.message, ...(outcome.period_id ? { periodId: outcome.period_id } : {}), commandId: outcome.command_id };
  return { room: userRoom(outcome.user_id), event: 'bet-message', data };
}

/**
 * The per-command arbiter in Redis: who decides a command handed to the bet stream, the bet pipeline or the api node
 * that took it in. An api node that has no answer for a command after `BET_ANSWER_TIMEOUT_MS` cancels it
 * (`SET … NX`); a partition consumer claims the commands of a batch (`SET … NX`) as it takes the batch up, before
 * its transaction. Whoever writes first wins, for good: a cancelled command is never stored nor charged (the consumer
 * records it as "could not place"), and a claimed one is answered by the pipeline only (the api node stays silent).
 * Claiming first means a batch never has to be undone because one of its commands was cancelled while it ran: under
 * load, the only commands an api node can still cancel are those no consumer has taken up yet (load is shed at the
 * door, not after the work was done). The database's stored outcome (bet_outcomes' primary key) stays the arbiter of
 * last resort: a refusal stored there first also stops the command, so an api node may fall back on it when Redis
 * does not answer.
 */
export const ARBITER_CANCELLED = 'cancelled';
const ARBITER_CLAIMED = 'claimed:';
/**
 * How long a claim is kept. An api node never tries to cancel a command later than ARBITER_CANCEL_LATEST_MS after
 * handing it on, and a claim is always made after the hand-off, so a claim outlives every cancel that could race it.
 */
export const ARBITER_CLAIM_TTL_MS = 30_000;
/** The latest an api node tries to cancel a command, after handing it on (well below ARBITER_CLAIM_TTL_MS). */
export const ARBITER_CANCEL_LATEST_MS = 15_000;
/**
 * How long a cancellation is kept: longer than a command stays in its stream (an hour), so a consumer that gets to
 * it late (after a long outage) still finds it cancelled; by then it has recorded it in the database anyway.
 */
export const ARBITER_CANCEL_TTL_MS = 2 * 60 * 60 * 1000;

/** The arbiter key of a player's command (its outcome key: the client's command id, else the gateway's). */
export function arbiterKey(prefix: string, userId: string, commandKey: string): string {
  return `${prefix}bet-arbiter:${userId}:${commandKey}`;
}

/**
 * Claims every key not cancelled: sets each key not yet set to ARGV[1] (a claim naming this attempt) and returns the
 * positions (1-based) of the cancelled ones, which it leaves as they are. A key claimed already (an earlier attempt
 * whose COMMIT may have gone through) is left as it is and counts as claimed.
 */
const CLAIM = `
local cancelled = {}
local values = redis.call('mget', unpack(KEYS))
for i = 1, #KEYS do
  if values[i] == 'cancelled' then cancelled[#cancelled + 1] = i
  elseif not values[i] then redis.call('set', KEYS[i], ARGV[1], 'PX', ARGV[2]) end
end
return cancelled`;
/** Deletes the keys that still hold ARGV[1] (this attempt's claim). */
const RELEASE = `
local released = 0
for i = 1, #KEYS do
  if redis.call('get', KEYS[i]) == ARGV[1] then redis.call('del', KEYS[i]) released = released + 1 end
end
return released`;
/** Cancels each key not yet set; returns, per key, 1 when it is cancelled (now or before) and 0 when it is claimed. */
const CANCEL = `
local out = {}
for i = 1, #KEYS do
  if redis.call('set', KEYS[i], 'cancelled', 'PX', ARGV[1], 'NX') then out[i] = 1
  elseif redis.call('get', KEYS[i]) == 'cancelled' then out[i] = 1
  else out[i] = 0 end
end
return out`;

/** Keys per script call: a batch of up to BET_BATCH_SIZE commands goes in a few calls (each one atomic). */
const ARBITER_CHUNK = 1000;

/**
 * Claims the commands of a batch for the pipeline (call it before the batch's transaction) and returns the keys an api
 * node cancelled first: those must not be applied. On any failure, and when the transaction does not commit, the
 * caller must release this attempt's claims (`releaseClaims`), so the api nodes can still answer those players.
 */
export async function claimCommands(redis: Redis, keys: string[], attempt: string): Promise<string[]> {
  const cancelled: string[] = [];
  for (let i = 0; i < keys.length; i += ARBITER_CHUNK) {
    const chunk = keys.slice(i, i + ARBITER_CHUNK);
    const positions = (await redis.eval(CLAIM, chunk.length, ...chunk, ARBITER_CLAIMED + attempt, String(ARBITER_CLAIM_TTL_MS))) as number[];
    for (const position of positions) cancelled.push(chunk[position - 1]!);
  }
  return cancelled;
}

/** Releases the claims one attempt made (its transaction did not commit), so api nodes may cancel them again. */
export async function releaseClaims(redis: Redis, keys: string[], attempt: string): Promise<number> {
  let released = 0;
  for (let i = 0; i < keys.length; i += ARBITER_CHUNK) {
    const chunk = keys.slice(i, i + ARBITER_CHUNK);
    released += Number(await redis.eval(RELEASE, chunk.length, ...chunk, ARBITER_CLAIMED + attempt));
  }
  return released;
}

/** Cancels commands not yet claimed; per key, true when it is cancelled (now or before), false when the pipeline claimed it. */
export async function cancelCommands(redis: Redis, keys: string[]): Promise<boolean[]> {
  const verdicts: boolean[] = [];
  for (let i = 0; i < keys.length; i += ARBITER_CHUNK) {
    const chunk = keys.slice(i, i + ARBITER_CHUNK);
    const out = (await redis.eval(CANCEL, chunk.length, ...chunk, String(ARBITER_CANCEL_TTL_MS))) as number[];
    verdicts.push(...out.map((v) => Number(v) === 1));
  }
  return verdicts;
}

/** Per key: whether an api node cancelled the command (read only; never decides anything). */
export async function cancelledCommands(redis: Redis, keys: string[]): Promise<boolean[]> {
  if (keys.length === 0) return [];
  const values = await redis.mget(...keys);
  return values.map((v) => v === ARBITER_CANCELLED);
}

/**
 * Stores "could not place" as the answer of commands an api node cancelled, unless they have an answer already: a
 * statement to run beside the other writes of the batch that skips them (RETURNING 1 per row stored).
 */
export function recordCancelledStatement(commands: BetCommand[]): RawBuilder<unknown> {
  return sql`
    INSERT INTO bet_outcomes (user_id, command_id, kind, bet_id, period_id, message)
    SELECT user_id, command_id, 'unavailable', NULL, period_id, ${BET_UNAVAILABLE_MESSAGE}
    FROM unnest(${pgArray(commands.map((c) => c.userId))}::uuid[], ${pgArray(commands.map((c) => outcomeKey(c)))}::uuid[], ${pgArray(commands.map((c) => c.periodId))}::text[])
      AS k(user_id, command_id, period_id)
    ON CONFLICT (user_id, command_id) DO NOTHING
    RETURNING 1
  `;
}
