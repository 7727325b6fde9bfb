import { Redis } from 'ioredis';
import { deleteRedisPrefix, TEST_REDIS_URL, testRedisPrefix } from '@app/redis/testing';
import { appendMessages } from './events-stream.js';
import {
  decodeEntry,
  ENTRY_MAX_CHARS,
  EVENTS_FIELD,
  MESSAGES_PER_ENTRY,
  userRoom,
  type SocketMessage,
} from './socket-message.js';

/** Every message of a stream, entry by entry. */
async function entries(client: Redis, stream: string): Promise<SocketMessage[][]> {
  const rows = await client.xrange(stream, '-', '+');
  return rows.map(([, fields]) => decodeEntry(fields[fields.indexOf(EVENTS_FIELD) + 1]!));
}

const messages = (count: number): SocketMessage[] =>
  Array.from({ length: count }, (_, i) => ({
    room: i % 7 === 0 ? null : userRoom(`u${i}`),
    event: 'bet-message',
    data: { n: i },
  }));

describe('appendMessages: the one writer of the events streams', () => {
  let client: Redis;
  let prefix: string;

  beforeAll(() => {
    client = new Redis(TEST_REDIS_URL);
    prefix = testRedisPrefix();
  });
  afterAll(async () => {
    client.disconnect();
    await deleteRedisPrefix(prefix);
  });

  it('appends the messages in order, MESSAGES_PER_ENTRY to an entry, and nothing for none', async () => {
    const stream = `${prefix}events:plain`;
    const sent = messages(MESSAGES_PER_ENTRY * 2 + 3);
    expect(await appendMessages(client, stream, sent)).toBe('appended');
    expect((await entries(client, stream)).map((e) => e.length)).toEqual([MESSAGES_PER_ENTRY, MESSAGES_PER_ENTRY, 3]);
    expect((await entries(client, stream)).flat()).toEqual(sent);
    await appendMessages(client, stream, [], { yieldBetweenEntries: true });
    expect(await client.xlen(stream)).toBe(3);
  });

  it("keeps every entry under ENTRY_MAX_CHARS: a round's results go in many small entries, in order", async () => {
    const stream = `${prefix}results:sized`;
    const sent = messages(3 * MESSAGES_PER_ENTRY).map((m, i) => ({ ...m, data: { n: i, text: 'r'.repeat(600) } }));
    expect(await appendMessages(client, stream, sent, { yieldBetweenEntries: true })).toBe('appended');
    const rows = await client.xrange(stream, '-', '+');
    const texts = rows.map(([, fields]) => fields[fields.indexOf(EVENTS_FIELD) + 1]!);
    expect(texts.length).toBeGreaterThanOrEqual(Math.ceil((sent.length * 600) / ENTRY_MAX_CHARS));
    for (const text of texts) expect(text.length).toBeLessThanOrEqual(ENTRY_MAX_CHARS);
    expect((await entries(client, stream)).flat()).toEqual(sent);
  });

  it('with `once`, appends only under the lease and only the first time', async () => {
    const stream = `${prefix}results:once`;
    const lease = { key: `${prefix}lease:clock`, value: 'clock#2' };
    const once = { lease, record: `${prefix}published:once`, recordTtlMs: 60_000 };
    const sent = messages(MESSAGES_PER_ENTRY + 1);

    await client.set(lease.key, 'clock#1');
    expect(await appendMessages(client, stream, sent, { once })).toBe('not-leader');
    expect(await client.exists(stream, once.record)).toBe(0);

    await client.set(lease.key, lease.value);
    expect(await appendMessages(client, stream, sent, { once, yieldBetweenEntries: true })).toBe('appended');
    expect(await appendMessages(client, stream, sent, { once })).toBe('already');
    expect((await entries(client, stream)).flat()).toEqual(sent);
    expect(await client.pttl(once.record)).toBeGreaterThan(0);
  });
});
