import { Redis } from 'ioredis';
import { deleteRedisPrefix, TEST_REDIS_URL, testRedisPrefix } from '@app/redis/testing';
import { CommandHandoff } from './bet-handoff.js';

describe('bet commands handed to Redis together', () => {
  const prefix = testRedisPrefix();
  const redis = new Redis(TEST_REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 0 });
  let pipelines = 0;
  const pipeline = redis.pipeline.bind(redis);
  (redis as unknown as { pipeline: typeof pipeline }).pipeline = ((...args: Parameters<typeof pipeline>) => {
    pipelines++;
    return pipeline(...args);
  }) as typeof pipeline;
  beforeAll(
    () => new Promise<void>((resolve) => (redis.status === 'ready' ? resolve() : redis.once('ready', () => resolve()))),
  );
  afterAll(async () => {
    await deleteRedisPrefix(prefix);
    redis.disconnect();
  });

  it('sends the commands taken in within the window in one round trip, each appended in order', async () => {
    const handoff = new CommandHandoff(() => redis, 20);
    const before = pipelines;
    const streams = [`${prefix}cmd:0`, `${prefix}cmd:1`];
    const added = Array.from({ length: 30 }, (_, i) => handoff.add(streams[i % 2]!, ['*', 'n', String(i)]));
    expect(handoff.pending).toBe(30);
    await Promise.all(added);
    expect(pipelines - before).toBe(1);
    for (const [s, stream] of streams.entries()) {
      const entries = await redis.xrange(stream, '-', '+');
      expect(entries.map(([, fields]) => Number(fields[1]))).toEqual(Array.from({ length: 15 }, (_, i) => 2 * i + s));
    }
  });

  it('goes at once when the batch is full, without waiting for the window', async () => {
    const handoff = new CommandHandoff(() => redis, 60_000, 5);
    const started = Date.now();
    await Promise.all(Array.from({ length: 5 }, (_, i) => handoff.add(`${prefix}full`, ['*', 'n', String(i)])));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await redis.xlen(`${prefix}full`)).toBe(5);
  });

  it('settles each command with its own outcome: one refused by Redis does not fail the others', async () => {
    await redis.set(`${prefix}not-a-stream`, 'x');
    const handoff = new CommandHandoff(() => redis, 5);
    const outcomes = await Promise.allSettled([
      handoff.add(`${prefix}ok`, ['*', 'n', '1']),
      handoff.add(`${prefix}not-a-stream`, ['*', 'n', '2']),
      handoff.add(`${prefix}ok`, ['*', 'n', '3']),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((outcomes[1] as PromiseRejectedResult).reason)).toMatch(/WRONGTYPE/);
    expect(await redis.xlen(`${prefix}ok`)).toBe(2);
  });

  it('rejects every command of the batch at once when the connection is down (nothing queued for later)', async () => {
    const down = new Redis('redis://127.0.0.1:1', {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      lazyConnect: true,
      retryStrategy: () => null,
    });
    down.on('error', () => {});
    const handoff = new CommandHandoff(() => down, 5);
    const started = Date.now();
    const outcomes = await Promise.allSettled([handoff.add('s', ['*', 'n', '1']), handoff.add('s', ['*', 'n', '2'])]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(String((outcomes[0] as PromiseRejectedResult).reason)).toMatch(/enableOfflineQueue|writeable/i);
    expect(Date.now() - started).toBeLessThan(1_000);
    down.disconnect();
  });
});
