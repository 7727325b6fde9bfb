import { Redis } from 'ioredis';
import { Lease } from './lease.js';
import { deleteRedisPrefix, TEST_REDIS_URL, testRedisPrefix } from './testing/index.js';

describe('Lease', () => {
  const prefix = testRedisPrefix();
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(TEST_REDIS_URL);
  });
  afterAll(async () => {
    await deleteRedisPrefix(prefix);
    redis.disconnect();
  });

  it('has one holder at a time and hands over after expiry', async () => {
    const a = new Lease(redis, `${prefix}lease:clock`, 'a', 200);
    const b = new Lease(redis, `${prefix}lease:clock`, 'b', 200);
    expect(await a.acquire()).toBe(true);
    expect(await b.acquireOrRenew()).toBe(false);
    expect(await a.renew()).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(await b.acquireOrRenew()).toBe(true);
    expect(await a.renew()).toBe(false);
    expect(await b.holder()).toBe('b');
    await a.release();
    expect(await b.holder()).toBe('b');
    await b.release();
    expect(await b.holder()).toBeNull();
  });
});
