import { groupBySlot, RedisKeys, type RedisClient } from '@app/redis';

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

/** The deployment's keys; a bare prefix stands for the keys of a single Redis under it. */
export type ArbiterKeys = RedisKeys | string;

function keysOf(keys: ArbiterKeys): RedisKeys {
  return typeof keys === 'string' ? new RedisKeys(keys) : keys;
}

/** The arbiter key of a player's command (its outcome key: the client's command id, else the gateway's). */
export function arbiterKey(keys: ArbiterKeys, userId: string, commandKey: string): string {
  return keysOf(keys).betArbiter(userId, commandKey);
}

/**
 * `keys` in the calls a script takes them in: ARBITER_CHUNK at most each, and on a cluster only keys of one slot
 * (a player's) together. Each key is decided on its own, so splitting a batch changes nothing but the round trips.
 */
function chunks(redis: RedisClient, keys: string[]): string[][] {
  const out: string[][] = [];
  for (const group of groupBySlot(redis, keys))
    for (let i = 0; i < group.length; i += ARBITER_CHUNK) out.push(group.slice(i, i + ARBITER_CHUNK));
  return out;
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
export async function claimCommands(redis: RedisClient, keys: string[], attempt: string): Promise<string[]> {
  const cancelled: string[] = [];
  for (const chunk of chunks(redis, keys)) {
    const positions = (await redis.eval(
      CLAIM,
      chunk.length,
      ...chunk,
      ARBITER_CLAIMED + attempt,
      String(ARBITER_CLAIM_TTL_MS),
    )) as number[];
    for (const position of positions) cancelled.push(chunk[position - 1]!);
  }
  return cancelled;
}

/** Releases the claims one attempt made (its transaction did not commit), so api nodes may cancel them again. */
export async function releaseClaims(redis: RedisClient, keys: string[], attempt: string): Promise<number> {
  let released = 0;
  for (const chunk of chunks(redis, keys)) {
    released += Number(await redis.eval(RELEASE, chunk.length, ...chunk, ARBITER_CLAIMED + attempt));
  }
  return released;
}

/** Cancels commands not yet claimed; per key, true when it is cancelled (now or before), false when the pipeline claimed it. */
export async function cancelCommands(redis: RedisClient, keys: string[]): Promise<boolean[]> {
  const verdicts = new Map<string, boolean>();
  for (const chunk of chunks(redis, keys)) {
    const out = (await redis.eval(CANCEL, chunk.length, ...chunk, String(ARBITER_CANCEL_TTL_MS))) as number[];
    chunk.forEach((key, i) => verdicts.set(key, Number(out[i]) === 1));
  }
  return keys.map((key) => verdicts.get(key) ?? false);
}

/**
 * What the arbiter says of a command a player asks about (get-bet-outcomes) that has no stored answer:
 * - `unknown`: no key; nobody took the command up nor cancelled it (and it was not cancelled now);
 * - `cancelled`: cancelled before (by an api node); it is never applied;
 * - `claimed`: a partition consumer took it up (so the player really sent it): the pipeline answers it;
 * - `cancelled-now`: it had no key and was cancelled by this call (see askArbiter).
 */
export type ArbiterVerdict = 'unknown' | 'cancelled' | 'claimed' | 'cancelled-now';
const VERDICTS: ArbiterVerdict[] = ['unknown', 'cancelled', 'claimed', 'cancelled-now'];

/**
 * How many commands without any trace (no stored answer, no arbiter key) one player may have cancelled by asking about
 * them, per UNKNOWN_CANCELS_WINDOW_MS, across every api node. Each costs one arbiter key for ARBITER_CANCEL_TTL_MS, so
 * a player asking about made-up ids holds at most this many keys per window (20 per 10 minutes: at most 240 keys, about
 * 30 KB). A player whose api node died before handing their bets on asks about a handful.
 */
export const UNKNOWN_CANCELS_BUDGET = 20;
export const UNKNOWN_CANCELS_WINDOW_MS = 10 * 60 * 1000;

/** The Redis key counting a player's cancellations of commands without a trace (askArbiter's budget). */
export function unknownCancelsKey(keys: ArbiterKeys, userId: string): string {
  return keysOf(keys).betAsks(userId);
}

/**
 * KEYS[1]: the player's budget counter; KEYS[2..]: arbiter keys. ARGV[1]: cancellation TTL (ms); ARGV[2]: budget;
 * ARGV[3]: budget window (ms); ARGV[3 + i]: '1' when the command of KEYS[1 + i] may be cancelled if it has no key.
 * Returns per arbiter key 0 unknown, 1 cancelled, 2 claimed, 3 cancelled now. Atomic: a consumer's claim and this
 * cancellation cannot both win.
 */
const ASK = `
local out = {}
local used = tonumber(redis.call('get', KEYS[1]) or '0')
local spent = 0
for i = 2, #KEYS do
  local v = redis.call('get', KEYS[i])
  if v == 'cancelled' then out[i - 1] = 1
  elseif v then out[i - 1] = 2
  elseif ARGV[i + 2] == '1' and used + spent < tonumber(ARGV[2]) then
    redis.call('set', KEYS[i], 'cancelled', 'PX', ARGV[1])
    spent = spent + 1
    out[i - 1] = 3
  else out[i - 1] = 0 end
end
if spent > 0 then
  redis.call('incrby', KEYS[1], spent)
  if redis.call('pttl', KEYS[1]) < 0 then redis.call('pexpire', KEYS[1], ARGV[3]) end
end
return out`;

/**
 * One round trip: the arbiter's verdict on each of a player's commands that has no stored answer, cancelling those
 * without a key whose `mayCancel` is true, as long as the player's budget (UNKNOWN_CANCELS_BUDGET per
 * UNKNOWN_CANCELS_WINDOW_MS) lasts. A cancelled command is never applied: if it turns up on its partition stream
 * later (an api node that stalled before handing it on), the consumer skips it and stores the refusal then, so
 * bet_outcomes only ever holds answers to commands that were really sent. Nothing is written for a command whose
 * `mayCancel` is false or past the budget.
 */
export async function askArbiter(
  redis: RedisClient,
  redisKeys: ArbiterKeys,
  userId: string,
  commands: Array<{ commandId: string; mayCancel: boolean }>,
): Promise<ArbiterVerdict[]> {
  if (commands.length === 0) return [];
  // One player's keys: one slot on a cluster (RedisKeys tags them with the player).
  const keys = commands.map((c) => arbiterKey(redisKeys, userId, c.commandId));
  const out = (await redis.eval(
    ASK,
    keys.length + 1,
    unknownCancelsKey(redisKeys, userId),
    ...keys,
    String(ARBITER_CANCEL_TTL_MS),
    String(UNKNOWN_CANCELS_BUDGET),
    String(UNKNOWN_CANCELS_WINDOW_MS),
    ...commands.map((c) => (c.mayCancel ? '1' : '0')),
  )) as number[];
  return out.map((v) => VERDICTS[Number(v)] ?? 'unknown');
}

/** Per key: whether an api node cancelled the command (read only; never decides anything). */
export async function cancelledCommands(redis: RedisClient, keys: string[]): Promise<boolean[]> {
  if (keys.length === 0) return [];
  const cancelled = new Set<string>();
  for (const group of groupBySlot(redis, keys)) {
    const values = await redis.mget(...group);
    group.forEach((key, i) => {
      if (values[i] === ARBITER_CANCELLED) cancelled.add(key);
    });
  }
  return keys.map((key) => cancelled.has(key));
}
