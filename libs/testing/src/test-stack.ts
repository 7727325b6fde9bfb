import { startTestApi, type TestApi, type TestApiOptions } from './test-api.js';
import { startTestEngine, type TestEngine } from './test-engine.js';

export interface TestStack {
  api: TestApi;
  engine: TestEngine;
  close(): Promise<void>;
}

export interface TestStackOptions extends TestApiOptions {
  /** Variables only the engine gets (e.g. `SMTP_URL` for its mail worker); `env` goes to both. */
  engineEnv?: Record<string, string>;
}

/**
 * An api node and a round engine on one database and one Redis prefix: what a player's round trip (bet, draw,
 * settlement, the result on the socket) needs. `close()` stops the engine first, then the api (which drops both).
 */
export async function startTestStack(options: TestStackOptions = {}): Promise<TestStack> {
  const api = await startTestApi(options);
  let engine: TestEngine;
  try {
    engine = await startTestEngine({
      database: api.database,
      env: { ...options.env, ...options.engineEnv, REDIS_PREFIX: api.config.REDIS_PREFIX },
    });
  } catch (error) {
    await api.close();
    throw error;
  }
  return {
    api,
    engine,
    async close() {
      await engine.close();
      await api.close();
    },
  };
}
