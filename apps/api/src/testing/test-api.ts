import type { NestExpressApplication } from '@nestjs/platform-express';
import { io, type Socket } from 'socket.io-client';
import { loadConfig, type AppConfig } from '@app/config';
import type { ClientToServerEvents, ServerToClientEvents } from '@app/contracts';
import type { Database } from '@app/db';
import { createTestDatabase, type TestDatabase } from '@app/db/testing';
import { deleteRedisPrefix, TEST_REDIS_URL, testRedisPrefix } from '@app/redis/testing';
import { createApiApp } from '../bootstrap.js';

export const TEST_API_KEY = 'test-api-key';

export interface TestResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  body?: unknown;
  token?: string;
  apiKey?: string | null;
  headers?: Record<string, string>;
  cookie?: string;
}

export interface TestApi {
  app: NestExpressApplication;
  url: string;
  config: AppConfig;
  db: Database;
  database: TestDatabase;
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<TestResponse<T>>;
  socket(auth?: Record<string, unknown>): Socket<ServerToClientEvents, ClientToServerEvents>;
  close(): Promise<void>;
}

export interface TestApiOptions {
  env?: Record<string, string>;
  /** Share an existing database (a second api node in the same test). */
  database?: TestDatabase;
}

/**
 * Starts a real api node for an integration test: its own migrated Postgres database, its own Redis key
 * prefix, listening on a random port. `close()` tears everything down.
 */
export async function startTestApi(options: TestApiOptions = {}): Promise<TestApi> {
  const ownsDatabase = !options.database;
  const database = options.database ?? (await createTestDatabase());
  const prefix = options.env?.REDIS_PREFIX ?? testRedisPrefix();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
    API_KEY: TEST_API_KEY,
    JWT_SECRET: 'test-secret-test-secret-test-secret',
    LOG_LEVEL: 'warn',
    PORT: '0',
    ...options.env,
  });
  const app = await createApiApp(config);
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  const url = `http://127.0.0.1:${address.port}`;
  const sockets: Socket[] = [];

  return {
    app,
    url,
    config,
    db: database.db,
    database,
    async request(method, path, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.apiKey !== null) headers['x-api-key'] = opts.apiKey ?? TEST_API_KEY;
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      if (opts.cookie) headers.cookie = opts.cookie;
      if (opts.body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(`${url}${path}`, {
        method,
        headers,
        body: opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body),
      });
      const text = await response.text();
      let body: any = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        /* not JSON */
      }
      return { status: response.status, body, headers: response.headers };
    },
    socket(auth = { apiKey: TEST_API_KEY }) {
      const socket = io(url, { path: '/socket.io', transports: ['websocket'], auth, reconnection: false, forceNew: true });
      sockets.push(socket);
      return socket;
    },
    async close() {
      for (const s of sockets) s.disconnect();
      await app.close();
      if (ownsDatabase) await database.drop();
      if (!options.env?.REDIS_PREFIX) await deleteRedisPrefix(prefix);
    },
  };
}
