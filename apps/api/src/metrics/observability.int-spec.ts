import { jest } from '@jest/globals';
import { createServer, connect, type Server, type Socket as NetSocket } from 'node:net';
import type { Socket } from 'socket.io-client';
import { createTestDatabase, type TestDatabase } from '@app/db/testing';
import { currentPeriod } from '@app/domain';
import { TEST_REDIS_URL } from '@app/redis/testing';
import { RoundsService } from '../rounds/rounds.service.js';
import { MetricsServer } from './metrics-server.js';
import { connected, createUser, startTestApi, TEST_API_KEY, type TestApi, type TestUser } from '@app/testing';

jest.setTimeout(60_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The value of one Prometheus series in an exposition text (labels in any order), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return undefined;
}

describe('metrics at /metrics', () => {
  let api: TestApi;
  let player: TestUser;
  beforeAll(async () => {
    api = await startTestApi({ env: { RATE_LIMITS: 'false', METRICS_PORT: '0' } });
    player = await createUser(api, { main: 1000_00 });
  });
  afterAll(() => api.close());

  const scrape = async () => {
    const res = await fetch(`http://127.0.0.1:${api.app.get(MetricsServer).port}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    return res.text();
  };

  it('HTTP latency by method, route template and status; unknown paths share one label', async () => {
    await api.request('GET', '/api/v1/health');
    await api.request('GET', `/api/v1/user/profile/${player.id}`, { token: player.token });
    await api.request('GET', '/api/v1/user/profile/00000000-0000-4000-8000-000000000000', { token: player.token });
    await api.request('GET', '/api/v1/wallet/summary');
    await api.request('GET', `/api/v1/no-such-thing/${player.id}`);
    const text = await scrape();
    expect(
      sample(text, 'wr_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/v1/health',
        status: '200',
        service: 'api',
      }),
    ).toBeGreaterThanOrEqual(1);
    // Both profile calls land on the template, not on their ids.
    expect(
      sample(text, 'wr_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/v1/user/profile/:id',
        status: '200',
      }),
    ).toBe(1);
    expect(
      sample(text, 'wr_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/v1/user/profile/:id',
        status: '404',
      }),
    ).toBe(1);
    expect(
      sample(text, 'wr_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/v1/wallet/summary',
        status: '401',
      }),
    ).toBe(1);
    expect(
      sample(text, 'wr_http_request_duration_seconds_count', { method: 'GET', route: 'unmatched', status: '404' }),
    ).toBe(1);
    expect(text).not.toContain(player.id);
    expect(
      sample(text, 'wr_http_request_duration_seconds_bucket', { route: '/api/v1/health', le: '+Inf' }),
    ).toBeGreaterThanOrEqual(1);
    // Node's defaults are there too.
    expect(sample(text, 'process_cpu_user_seconds_total', { service: 'api' })).toBeGreaterThan(0);
  });

  it('sockets connected, messages received per event, place-bet accepted and rejected at the gateway, online players', async () => {
    const socket = await connected(api.socket({ apiKey: TEST_API_KEY, token: player.token }) as unknown as Socket);
    let text = await scrape();
    expect(sample(text, 'wr_sockets_connected')).toBe(1);

    const config = api.app.get(RoundsService).periodConfig;
    let period = currentPeriod(Date.now(), config);
    if (period.lockTime - Date.now() < 2000) {
      await sleep(period.endTime - Date.now() + 50);
      period = currentPeriod(Date.now(), config);
    }
    const replies: string[] = [];
    socket.on('bet-message', (m: { message: string }) => replies.push(m.message));
    socket.emit('get-balance');
    socket.emit('place-bet', { periodId: period.periodId, betType: 'color', betValue: 'red', amount: 10 });
    socket.emit('place-bet', { periodId: period.periodId, betType: 'color', betValue: 'blue', amount: 10 });
    socket.emit('place-bet', { periodId: period.periodId, betType: 'bigSmall', betValue: 'big', amount: 7 });
    socket.emit('place-bet', 'nonsense');
    (socket.emit as (event: string) => void)('no-such-event');
    await sleep(300);
    expect(replies).toHaveLength(3);

    text = await scrape();
    expect(sample(text, 'wr_socket_messages_received_total', { event: 'get-balance' })).toBe(1);
    expect(sample(text, 'wr_socket_messages_received_total', { event: 'place-bet' })).toBe(4);
    expect(sample(text, 'wr_socket_messages_received_total', { event: 'other' })).toBe(1);
    expect(sample(text, 'wr_socket_messages_received_total', { event: 'no-such-event' })).toBeUndefined();
    expect(sample(text, 'wr_bet_intake_total', { outcome: 'accepted' })).toBe(1);
    expect(
      sample(text, 'wr_bet_intake_total', {
        outcome: 'rejected',
        reason: 'please_choose_a_valid_option_for_this_game',
      }),
    ).toBe(1);
    expect(
      sample(text, 'wr_bet_intake_total', { outcome: 'rejected', reason: 'stake_must_be_10_50_100_200_500_or_1_000' }),
    ).toBe(1);
    expect(sample(text, 'wr_bet_intake_total', { outcome: 'rejected', reason: 'invalid_bet_request' })).toBe(1);
    expect(sample(text, 'wr_online_players')).toBe(1);

    socket.disconnect();
    await sleep(100);
    text = await scrape();
    expect(sample(text, 'wr_sockets_connected')).toBe(0);
    expect(sample(text, 'wr_online_players')).toBe(0);
  });
});

/** A TCP forwarder in front of Postgres or Redis that can be cut (the service "goes down") and restored. */
class Outage {
  private server?: Server;
  private readonly sockets = new Set<NetSocket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<this> {
    if (this.server) return this;
    const server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as { port: number }).port;
    this.server = server;
    return this;
  }

  /** Connections open through this forwarder. */
  get connections(): number {
    let n = 0;
    for (const s of this.sockets) if (s.remotePort === this.target.port && !s.destroyed) n += 1;
    return n;
  }

  /** Refuses new connections and drops the open ones. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}

describe('health: 503 when Postgres or Redis is down', () => {
  let database: TestDatabase;
  let postgres: Outage;
  let redis: Outage;
  let api: TestApi;

  beforeAll(async () => {
    database = await createTestDatabase();
    const pgUrl = new URL(database.url);
    const redisUrl = new URL(TEST_REDIS_URL);
    postgres = await new Outage({ host: pgUrl.hostname, port: Number(pgUrl.port || 5432) }).open();
    redis = await new Outage({ host: redisUrl.hostname, port: Number(redisUrl.port || 6379) }).open();
    pgUrl.port = String(postgres.port);
    redisUrl.port = String(redis.port);
    api = await startTestApi({ database, env: { DATABASE_URL: pgUrl.toString(), REDIS_URL: redisUrl.toString() } });
  });
  afterAll(async () => {
    await redis.open();
    await postgres.open();
    await api.close();
    await database.drop();
    await redis.cut();
    await postgres.cut();
  });

  const health = async () => {
    const res = await api.request('GET', '/api/v1/health', { apiKey: null });
    return {
      status: res.status,
      postgres: res.body.data.checks.postgres.status,
      redis: res.body.data.checks.redis.status,
      state: res.body.data.status,
    };
  };
  const until = async (expected: Awaited<ReturnType<typeof health>>) => {
    let last = await health();
    for (let i = 0; i < 40 && JSON.stringify(last) !== JSON.stringify(expected); i++) {
      await sleep(250);
      last = await health();
    }
    expect(last).toEqual(expected);
  };

  it('answers 200 while both are up, 503 naming the one that is down, and recovers', async () => {
    await until({ status: 200, postgres: 'up', redis: 'up', state: 'ok' });

    const redisConnections = redis.connections;
    expect(redisConnections).toBeGreaterThan(1);
    await redis.cut();
    await until({ status: 503, postgres: 'up', redis: 'down', state: 'error' });
    await redis.open();
    await until({ status: 200, postgres: 'up', redis: 'up', state: 'ok' });
    // Every Redis connection of the node comes back (after its reconnection back-off), not only the one health uses.
    for (let i = 0; i < 40 && redis.connections < redisConnections; i++) await sleep(250);
    expect(redis.connections).toBe(redisConnections);

    await postgres.cut();
    await until({ status: 503, postgres: 'down', redis: 'up', state: 'error' });
    await postgres.open();
    await until({ status: 200, postgres: 'up', redis: 'up', state: 'ok' });
  });
});

describe('logs: no passwords, tokens or codes', () => {
  let api: TestApi;
  const lines: string[] = [];
  let restore: () => void;

  beforeAll(async () => {
    // pino writes through process.stdout once its write has been replaced (this capture).
    const original = process.stdout.write;
    process.stdout.write = ((chunk: string | Uint8Array) => {
      lines.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return true;
    }) as typeof process.stdout.write;
    restore = () => {
      process.stdout.write = original;
    };
    api = await startTestApi({ env: { LOG_LEVEL: 'debug', RATE_LIMITS: 'false' } });
  });
  afterAll(async () => {
    await api.close();
    restore();
  });

  it("a login's password, the tokens it returns and the refresh cookie never reach the log", async () => {
    const player = await createUser(api, { password: 'Zq9-unique-pass' });
    const bad = await api.request('POST', '/api/v1/auth/login', {
      body: { email: player.email, password: 'Wrong-pass-77' },
    });
    expect(bad.status).toBe(401);
    const res = await api.request('POST', '/api/v1/auth/login', {
      body: { email: player.email, password: player.password },
      headers: { 'x-request-id': 'login-request-0001' },
    });
    expect(res.status).toBe(200);
    const accessToken = res.body.data.accessToken as string;
    const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
    const refreshToken = cookie.split('=')[1]!;
    expect(accessToken.length).toBeGreaterThan(20);
    expect(refreshToken.length).toBeGreaterThan(20);

    const refreshed = await api.request('GET', '/api/v1/auth/refresh-token', { cookie });
    expect(refreshed.status).toBe(200);
    const socket = await connected(api.socket({ apiKey: TEST_API_KEY, token: accessToken }) as unknown as Socket);
    socket.disconnect();
    // A malformed login (validation error) and one with a body that is not JSON.
    await api.request('POST', '/api/v1/auth/login', {
      body: { email: 'x', password: 'Zq9-unique-pass', token: accessToken },
    });
    await api.request('POST', '/api/v1/auth/login', { body: `{"password":"Zq9-unique-pass"` });
    await sleep(200);

    const output = lines.join('');
    // The capture works: the login request was logged, as JSON, with its request id.
    const entries = output
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(
      entries.some((e) => e.requestId === 'login-request-0001' && e.path === '/api/v1/auth/login' && e.status === 200),
    ).toBe(true);

    for (const secret of [
      player.password,
      'Wrong-pass-77',
      accessToken,
      refreshToken,
      refreshed.body.data.accessToken as string,
      TEST_API_KEY,
    ]) {
      expect(output).not.toContain(secret);
    }
  });
});
