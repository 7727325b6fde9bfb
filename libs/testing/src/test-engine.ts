import type { INestApplicationContext } from '@nestjs/common';
import { loadConfig, type AppConfig } from '@app/config';
import type { Database } from '@app/db';
import { engineApp } from './apps.js';
import { beaconEnv, testBeacon } from './beacon.js';
import { tracked } from './lifecycle.js';
import { ownOrShared, ownOrSharedPrefix, testEnv, type TestDatabase } from './infra.js';

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
 * Boots the round engine's whole application context (every worker it runs in production) in this process for
 * an integration test. Pass the test api's database and Redis prefix so both sides share state:
 * `startTestEngine({ database: api.database, env: { REDIS_PREFIX: api.config.REDIS_PREFIX } })` (or
 * `startTestStack`). `close()` stops it and drops only what it created itself.
 */
export async function startTestEngine(options: TestEngineOptions = {}): Promise<TestEngine> {
  const { database, release: releaseDatabase } = await ownOrShared(options.database);
  const { prefix, release: releasePrefix } = ownOrSharedPrefix(options.env?.REDIS_PREFIX);
  // A local beacon unless the test brings its own relays or draws from the chain alone.
  const beacon =
    options.env?.DRAND_URLS || options.env?.FAIRNESS_BEACON === 'none' ? {} : beaconEnv(await testBeacon());
  const config = loadConfig({ ...testEnv(database, prefix), ...beacon, ...options.env });
  const { createEngineApp } = await engineApp();
  const app = await createEngineApp(config);
  try {
    await app.init();
  } catch (error) {
    // A start that failed half-way must not leave its workers and connections running into the next tests.
    await app.close().catch(() => undefined);
    await releaseDatabase();
    await releasePrefix();
    throw error;
  }
  return tracked({
    app,
    config,
    db: database.db,
    database,
    async close() {
      await app.close();
      await releaseDatabase();
      await releasePrefix();
    },
  });
}
