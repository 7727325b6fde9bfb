import { MetricsServer } from './metrics/metrics-server.js';
import { connected, createUser, startTestApi, TEST_API_KEY, type TestApi } from '@app/testing';

describe('api foundation', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({
      env: { ADMIN_EMAIL: 'boss@gmail.com', ADMIN_PASSWORD: 'admin-password-1', METRICS_PORT: '0' },
    });
  });
  afterAll(() => api.close());

  it('reports Postgres and Redis healthy without an API key', async () => {
    const res = await api.request('GET', '/api/v1/health', { apiKey: null });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('ok');
    expect(res.body.data.checks.postgres.status).toBe('up');
    expect(res.body.data.checks.redis.status).toBe('up');
  });

  it('refuses a call without the API key, or with a wrong one, with a message', async () => {
    const missing = await api.request('GET', '/api/v1/app-config', { apiKey: null });
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ success: false, statusCode: 401, message: 'API key is missing.' });
    const wrong = await api.request('GET', '/api/v1/app-config', { apiKey: 'nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('API key is invalid.');
    const good = await api.request('GET', '/api/v1/app-config');
    expect(good.status).toBe(200);
    // The server's clock, which places the current period before the live socket announces it.
    expect(Math.abs(good.body.data.serverTime - Date.now())).toBeLessThan(5_000);
    expect(good.body.data).toMatchObject({
      roundSeconds: 30,
      lockSeconds: 5,
      payouts: {
        color: { red: 2, green: 2, violet: 2 },
        bigSmall: { big: 2, small: 2 },
        number: { '0': 9, '1': 9, '2': 9, '3': 9, '4': 9, '5': 9, '6': 9, '7': 9, '8': 9, '9': 9 },
      },
    });
    // Every rule the client shows or checks, in the domain's units (paise, basis points).
    expect(good.body.data).toMatchObject({
      gstRate: 0.18,
      gstBps: 1800,
      allowedEmailDomains: ['gmail.com'],
      stakesPaise: [1000, 5000, 10000, 20000, 50000, 100000],
      deposit: { minPaise: 10_000, maxPaise: 1_000_000 },
      withdrawal: { minPaise: 50_000, maxPaise: 2_500_000, dailyMaxPaise: 2_500_000 },
      referral: { shareBps: 1000, capPaise: 50_000 },
      playThrough: { bonusWageringMultiplier: 5, bonusExpiryDays: 30, withdrawalTurnoverPercent: 100 },
    });
  });

  it('answers unknown routes with the error envelope', async () => {
    const res = await api.request('GET', '/api/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.success).toBe(false);
    expect(res.body.statusCode).toBe(404);
    expect(typeof res.body.message).toBe('string');
  });

  it('rejects malformed and oversized JSON bodies cleanly', async () => {
    const bad = await api.request('POST', '/api/v1/nothing-here', { body: '{"a":' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Request body is not valid JSON.');
    const big = await api.request('POST', '/api/v1/nothing-here', { body: JSON.stringify({ a: 'x'.repeat(40_000) }) });
    expect(big.status).toBe(413);
  });

  it('serves the OpenAPI document and security headers', async () => {
    const health = await api.request('GET', '/api/v1/health');
    expect(health.headers.get('x-request-id')).toMatch(/[\w-]{8,}/);
    const res = await api.request('GET', '/api/docs-json', { apiKey: null });
    expect(res.status).toBe(200);
    expect(res.body.info.title).toBe('WinRound API');
    expect(res.body.paths['/api/v1/health']).toBeDefined();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('exposes Prometheus metrics on the operations port, not on the public one', async () => {
    const port = api.app.get(MetricsServer).port;
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('process_cpu_seconds_total');
    expect((await api.request('GET', '/metrics', { apiKey: null })).status).toBe(404);
  });

  it('creates the first super-admin from configuration, once', async () => {
    const admins = await api.db
      .selectFrom('users')
      .select(['email', 'role'])
      .where('role', '=', 'super-admin')
      .execute();
    expect(admins).toEqual([{ email: 'boss@gmail.com', role: 'super-admin' }]);
  });

  it('accepts a socket handshake only with the API key and an access token', async () => {
    const player = await createUser(api);
    const refused = api.socket({ token: player.token });
    const error = await new Promise<Error>((resolve) => refused.on('connect_error', resolve));
    expect(error.message).toBe('API key is missing.');
    const anonymous = api.socket({ apiKey: TEST_API_KEY });
    const signInError = await new Promise<Error>((resolve) => anonymous.on('connect_error', resolve));
    expect(signInError.message).toBe('Please log in to continue.');
    const ok = api.socket({ apiKey: TEST_API_KEY, token: player.token });
    await connected(ok);
    expect(ok.connected).toBe(true);
  });
});
