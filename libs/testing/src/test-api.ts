import type { NestExpressApplication } from '@nestjs/platform-express';
import { io, type Socket } from 'socket.io-client';
import { loadConfig, type AppConfig } from '@app/config';
import type { ClientToServerEvents, Role, ServerToClientEvents } from '@app/contracts';
import type { Database } from '@app/db';
import { apiApp, apiAuth } from './apps.js';
import { ownOrShared, ownOrSharedPrefix, testEnv, type TestDatabase } from './infra.js';
import { tracked } from './lifecycle.js';

export const TEST_API_KEY = 'test-api-key';

export type GameSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

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
  /** A Socket.IO client (not yet connected when returned); closed with the api. */
  socket(auth?: Record<string, unknown>): GameSocket;
  /** A Socket.IO client once the server accepted it; rejects with the server's `connect_error`. */
  connect(auth?: Record<string, unknown>): Promise<GameSocket>;
  /** An access token this node accepts for a user's session (what a login would hand out). */
  accessToken(user: { id: string; role: Role }, sessionId: string): string;
  close(): Promise<void>;
}

export interface TestApiOptions {
  env?: Record<string, string>;
  /** Share an existing database (a second api node in the same test). */
  database?: TestDatabase;
}

/** Resolves once `socket` is connected; rejects with its `connect_error`. */
export function connected<S extends Socket<any, any>>(socket: S): Promise<S> {
  return new Promise((resolve, reject) => {
    if (socket.connected) return resolve(socket);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/**
 * Starts a real api node for an integration test: its own migrated Postgres database, its own Redis key
 * prefix, listening on a random port. `close()` tears everything down.
 */
export async function startTestApi(options: TestApiOptions = {}): Promise<TestApi> {
  const { database, release: releaseDatabase } = await ownOrShared(options.database);
  const { prefix, release: releasePrefix } = ownOrSharedPrefix(options.env?.REDIS_PREFIX);
  const config = loadConfig({ ...testEnv(database, prefix, 'api'), API_KEY: TEST_API_KEY, PORT: '0', ...options.env });
  const [{ createApiApp }, { AccessTokenService }] = await Promise.all([apiApp(), apiAuth()]);
  const app = await createApiApp(config);
  try {
    await app.listen(0, '127.0.0.1');
  } catch (error) {
    // A start that failed half-way must not leave its workers and connections running into the next tests.
    await app.close().catch(() => undefined);
    await releaseDatabase();
    await releasePrefix();
    throw error;
  }
  const address = app.getHttpServer().address() as { port: number };
  const url = `http://127.0.0.1:${address.port}`;
  const sockets: Socket[] = [];
  const tokens = app.get(AccessTokenService);

  const api: TestApi = {
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
        body:
          opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body),
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
      const socket: GameSocket = io(url, {
        path: '/socket.io',
        transports: ['websocket'],
        auth,
        reconnection: false,
        forceNew: true,
      });
      sockets.push(socket);
      return socket;
    },
    connect(auth) {
      return connected(api.socket(auth));
    },
    accessToken(user, sessionId) {
      return tokens.sign(user, sessionId);
    },
    async close() {
      for (const s of sockets) s.disconnect();
      await app.close();
      await releaseDatabase();
      await releasePrefix();
    },
  };
  return tracked(api);
}
