import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** TEST_REDIS_URL, else 127.0.0.1:TEST_REDIS_PORT (6379) — as scripts/services.mjs looks for it (`npm test` sets it). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || `redis://127.0.0.1:${process.env.TEST_REDIS_PORT || 6379}`;

/** A unique key prefix per test file, and a clean-up that deletes every key under it. */
export function testRedisPrefix(): string {
  return `wrt:${randomBytes(4).toString('hex')}:`;
}

export async function deleteRedisPrefix(prefix: string, url = TEST_REDIS_URL): Promise<void> {
  const redis = new Redis(url);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** A throwaway local Redis Cluster (3 masters, 3 replicas) for the cluster specs; `stop()` removes it. */
export { startRedisCluster, type LocalRedisCluster } from '../../../../scripts/redis-cluster.mjs';
