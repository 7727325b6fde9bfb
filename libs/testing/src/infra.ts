import { createTestDatabase, TEST_DATABASE_SERVER, type TestDatabase } from '@app/db/testing';
import { deleteRedisPrefix, TEST_REDIS_URL, testRedisPrefix } from '@app/redis/testing';

export {
  createTestDatabase,
  deleteRedisPrefix,
  TEST_DATABASE_SERVER,
  TEST_REDIS_URL,
  testRedisPrefix,
  type TestDatabase,
};

/** A Redis key prefix of one test file's own on the shared test Redis; `drop()` deletes every key under it. */
export interface RedisNamespace {
  url: string;
  prefix: string;
  drop(): Promise<void>;
}

export function createRedisNamespace(prefix = testRedisPrefix()): RedisNamespace {
  return { url: TEST_REDIS_URL, prefix, drop: () => deleteRedisPrefix(prefix) };
}

/** A database it creates (and drops again) unless one is given to share. */
export async function ownOrShared(
  database: TestDatabase | undefined,
): Promise<{ database: TestDatabase; release(): Promise<void> }> {
  if (database) return { database, release: async () => {} };
  const created = await createTestDatabase();
  return { database: created, release: () => created.drop() };
}

/** A Redis namespace it creates (and empties again) unless a prefix is given to share. */
export function ownOrSharedPrefix(prefix: string | undefined): { prefix: string; release(): Promise<void> } {
  if (prefix) return { prefix, release: async () => {} };
  const created = createRedisNamespace();
  return { prefix: created.prefix, release: created.drop };
}

/**
 * The environment every test process starts from: test mode, the test servers, a fixed secret, quiet logs. An api
 * node connects as the api's own database role (`role: 'api'`), a round engine as the owner.
 */
export function testEnv(
  database: TestDatabase,
  prefix: string,
  role: 'api' | 'engine' = 'engine',
): Record<string, string> {
  return {
    NODE_ENV: 'test',
    DATABASE_URL: role === 'api' ? database.apiUrl : database.url,
    DATABASE_POOLER: database.pooler,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
    JWT_SECRET: 'test-secret-test-secret-test-secret',
    LOG_LEVEL: 'warn',
  };
}
