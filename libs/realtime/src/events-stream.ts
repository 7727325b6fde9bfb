import type { RedisClient } from '@app/redis';
import {
  encodeEntries,
  EVENTS_FIELD,
  EVENTS_STREAM_MAXLEN,
  MESSAGES_PER_ENTRY,
  type SocketMessage,
} from './socket-message.js';

/**
 * Appends the entries only while the lease holds the expected value and only if the record was not set before; the
 * record and the entries go in together. KEYS: stream, lease, record. ARGV: lease value, record ttl ms, maxlen,
 * entries. Returns 1 when appended now, 0 when recorded before, -1 when the lease is not held.
 */
const APPEND_ONCE = `
if redis.call('get', KEYS[2]) ~= ARGV[1] then return -1 end
if not redis.call('set', KEYS[3], '1', 'NX', 'PX', ARGV[2]) then return 0 end
for i = 4, #ARGV do redis.call('xadd', KEYS[1], 'MAXLEN', '~', ARGV[3], '*', '${EVENTS_FIELD}', ARGV[i]) end
return 1
`;

/** An append made at most once, and only by the holder of a lease (a fenced leader publishing a period's results). */
export interface AppendOnce {
  /** The lease's key and the value its holder set (which carries the fencing token). */
  lease: { key: string; value: string };
  /** The key recording that this append was made. */
  record: string;
  /** How long Redis remembers the record. */
  recordTtlMs: number;
}

export interface AppendOptions {
  /** Append at most once, under a lease (`AppendOnce`); without it the messages are appended as they are. */
  once?: AppendOnce;
  /**
   * Encode `MESSAGES_PER_ENTRY` messages per turn of the event loop (a few ms each), so work sharing the loop goes on
   * meanwhile.
   */
  yieldBetweenEntries?: boolean;
}

/** `appended` now; `already` (recorded before, nothing appended); `not-leader` (the lease is not held, nothing appended). */
export type AppendOutcome = 'appended' | 'already' | 'not-leader';

/**
 * The one writer of the events streams (`events`, `results`) that every api node tails: `messages` are appended
 * in entries of at most `MESSAGES_PER_ENTRY` messages and `ENTRY_MAX_CHARS` characters (`encodeEntries`), the
 * stream trimmed to about `EVENTS_STREAM_MAXLEN` entries. All the entries go in one round trip: a pipeline of XADDs
 * (a failed XADD throws), or with `options.once` a script that appends them atomically, only under the lease and
 * only once. No messages and no `once`: nothing is sent.
 */
export async function appendMessages(
  redis: RedisClient,
  stream: string,
  messages: readonly SocketMessage[],
  options: AppendOptions = {},
): Promise<AppendOutcome> {
  const entries: string[] = [];
  for (let i = 0; i < messages.length; i += MESSAGES_PER_ENTRY) {
    if (i > 0 && options.yieldBetweenEntries) await new Promise((r) => setImmediate(r));
    entries.push(...encodeEntries(messages.slice(i, i + MESSAGES_PER_ENTRY)));
  }
  const { once } = options;
  if (once) {
    const outcome = Number(
      await redis.eval(
        APPEND_ONCE,
        3,
        stream,
        once.lease.key,
        once.record,
        once.lease.value,
        String(once.recordTtlMs),
        String(EVENTS_STREAM_MAXLEN),
        ...entries,
      ),
    );
    return outcome === 1 ? 'appended' : outcome === 0 ? 'already' : 'not-leader';
  }
  if (entries.length === 0) return 'appended';
  const pipeline = redis.pipeline();
  for (const entry of entries)
    pipeline.xadd(stream, 'MAXLEN', '~', String(EVENTS_STREAM_MAXLEN), '*', EVENTS_FIELD, entry);
  const results = await pipeline.exec();
  const failed = results?.find(([error]) => error);
  if (failed) throw failed[0];
  return 'appended';
}
