import type { INestApplicationContext } from '@nestjs/common';
import { loadConfig, type AppConfig } from '@app/config';
import type { Database } from '@app/db';
import { createTestDatabase, type TestDatabase } from '@app/db/testing';
import { deleteRedisPrefix, TEST_REDIS_URL, testRedisPrefix } from '@app/redis/testing';
import { createEngineApp } from '../bootstrap.js';

export interface TestEngineOptions {
  /** The database to run against (usually the test api's `database`); a fresh one is created when absent. */
  database?: TestDatabase;
  /** Environment overrides, e.g. `{ REDIS_PREFIX: api.config.REDIS_PREFIX, SMTP_URL, ROUND_SECONDS }`. */
  env?: Record<string, string>;
}

export interface TestEngine {
  app: INestApplicationContext;
  config: AppConfig;
  db: Database;
  database: TestDatabase;
  close(): Promise<void>;
}

/**
 * Boots the round engine's whole application context (every worker it runs in production) for an integration
 * test. Pass the test api's database and Redis prefix so both sides share state:
 * `startTestEngine({ database: api.database, env: { REDIS_PREFIX: api.config.REDIS_PREFIX } })`.
 * `close()` stops it and drops only what it created itself.
 */
export async function startTestEngine(options: TestEngineOptions = {}): Promise<TestEngine> {
  const ownsDatabase = !options.database;
  const database = options.database ?? (await createTestDatabase());
  const ownsPrefix = !options.env?.REDIS_PREFIX;
  const prefix = options.env?.REDIS_PREFIX ?? testRedisPrefix();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
    JWT_SECRET: 'test-secret-test-secret-test-secret',
    LOG_LEVEL: 'warn',
    ...options.env,
  });
  const app = await createEngineApp(config);
  await app.init();
  return {
    app,
    config,
    db: database.db,
    database,
    async close() {
      await app.close();
      if (ownsDatabase) await database.drop();
      if (ownsPrefix) await deleteRedisPrefix(prefix);
    },
  };
}
