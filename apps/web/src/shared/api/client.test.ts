import { createFakeFetch, fail, memoryTokens, ok, json } from '../../test/fake-fetch';
import { ApiError } from './api-error';
import { createApiClient, isRefreshRetryExempt } from './client';
import { earlyRequestsFrom, type EarlyRequestsGlobal } from './early-requests';

const WALLET = 'GET /wallet/summary';
const REFRESH = 'POST /refresh-token';

function setup(routes: Parameters<typeof createFakeFetch>[0], token: string | null = 'old-token') {
  const fake = createFakeFetch(routes);
  const tokens = memoryTokens(token);
  const api = createApiClient({ fetch: fake.fetch, tokens, apiKey: 'test-key' });
  return { api, fake, tokens };
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('api client', () => {
  test('sends JSON to /api/v1 with cookies, the API key and the bearer token', async () => {
    const { api, fake } = setup({
      'POST /payment/deposit': () => ok({ utrNumber: '123' }, 'Deposit request submitted.'),
    });

    const result = await api.post(
      '/payment/deposit',
      { amount: 100 },
      { defaultMessage: 'Failed to initiate deposit' },
    );

    expect(result).toEqual({
      message: 'Deposit request submitted.',
      data: { utrNumber: '123' },
      receivedAt: expect.any(Number),
    });
    const [call] = fake.calls;
    expect(call.path).toBe('/payment/deposit');
    expect(call.credentials).toBe('include');
    expect(call.body).toEqual({ amount: 100 });
    expect(call.headers).toMatchObject({
      'Content-Type': 'application/json',
      'x-api-key': 'test-key',
      Authorization: 'Bearer old-token',
    });
  });

  test('sends no Authorization header when no token is stored', async () => {
    const { api, fake } = setup({ [WALLET]: () => ok({}) }, null);
    await api.get('/wallet/summary', { defaultMessage: 'x' });
    expect(fake.calls[0].headers.Authorization).toBeUndefined();
  });

  test("shows the server's message when there is one, else the call's default", async () => {
    const { api } = setup({
      'GET /bet': () => fail(500, 'Bets are resting'),
      [WALLET]: () => fail(500),
      'GET /user/profile': () => new Response('<html>bad gateway</html>', { status: 502 }),
    });

    expect((await caught(api.get('/bet', { defaultMessage: 'Failed to fetch bets' }))).message).toBe(
      'Bets are resting',
    );
    const noMessage = await caught(api.get('/wallet/summary', { defaultMessage: 'Failed to fetch wallet summary' }));
    expect(noMessage.message).toBe('Failed to fetch wallet summary');
    expect(noMessage.status).toBe(500);
    expect((await caught(api.get('/user/profile', { defaultMessage: 'Failed to fetch user profile' }))).message).toBe(
      'Failed to fetch user profile',
    );
  });

  test('joins a list of validation messages and treats success:false as an error', async () => {
    const { api } = setup({
      'POST /payment/withdraw': () =>
        json(400, { success: false, statusCode: 400, message: ['Minimum withdrawal is ₹500.'] }),
      'GET /bet': () => json(200, { success: false, statusCode: 200, message: 'Nope' }),
    });
    expect((await caught(api.post('/payment/withdraw', {}, { defaultMessage: 'd' }))).message).toBe(
      'Minimum withdrawal is ₹500.',
    );
    expect((await caught(api.get('/bet', { defaultMessage: 'd' }))).message).toBe('Nope');
  });

  test('a network failure shows the default message with status 0', async () => {
    const api = createApiClient({
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
      tokens: memoryTokens(),
    });
    const error = await caught(api.post('/auth/login', {}, { defaultMessage: 'Network error occurred' }));
    expect(error.message).toBe('Network error occurred');
    expect(error.status).toBe(0);
  });

  describe('401 retry rule', () => {
    test('refreshes the token once, stores it and repeats the call with it', async () => {
      const { api, fake, tokens } = setup({
        [WALLET]: (call, nth) => (nth === 0 ? fail(401, 'jwt expired') : ok({ balance: 250 })),
        [REFRESH]: () => ok({ accessToken: 'new-token' }),
      });

      const result = await api.get('/wallet/summary', { defaultMessage: 'Failed to fetch wallet summary' });

      expect(result.data).toEqual({ balance: 250 });
      expect(tokens.get()).toBe('new-token');
      expect(fake.callsTo(REFRESH)).toHaveLength(1);
      expect(fake.callsTo(REFRESH)[0].body).toEqual({});
      const walletCalls = fake.callsTo(WALLET);
      expect(walletCalls).toHaveLength(2);
      expect(walletCalls[1].headers.Authorization).toBe('Bearer new-token');
    });

    test('repeats the call only once: a second 401 passes through', async () => {
      const { api, fake } = setup({
        [WALLET]: () => fail(401, 'Unauthorized'),
        [REFRESH]: () => ok({ accessToken: 'new-token' }),
      });
      const error = await caught(api.get('/wallet/summary', { defaultMessage: 'd' }));
      expect(error.status).toBe(401);
      expect(error.message).toBe('Unauthorized');
      expect(fake.callsTo(WALLET)).toHaveLength(2);
      expect(fake.callsTo(REFRESH)).toHaveLength(1);
    });

    test('when the refresh is rejected the original error passes through and the call is not repeated', async () => {
      const { api, fake, tokens } = setup({
        [WALLET]: () => fail(401, 'Session expired'),
        [REFRESH]: () => fail(401, 'Refresh token revoked'),
      });
      const error = await caught(api.get('/wallet/summary', { defaultMessage: 'd' }));
      expect(error.message).toBe('Session expired');
      expect(fake.callsTo(WALLET)).toHaveLength(1);
      expect(tokens.get()).toBe('old-token');
    });

    test.each([
      ['POST', '/auth/login'],
      ['POST', '/auth/register'],
      ['GET', '/auth/refresh-token'],
      ['POST', '/refresh-token'],
      ['POST', '/auth/forgot-password/request'],
      ['POST', '/auth/forgot-password/verify'],
      ['POST', '/auth/forgot-password/reset'],
    ] as const)('%s %s gets no refresh: its 401 passes straight through', async (method, path) => {
      const { api, fake } = setup({
        [REFRESH]: () => ok({ accessToken: 'new-token' }),
        [`${method} ${path}`]: () => fail(401, 'Invalid credentials'),
      });
      const error = await caught(api.request(method, path, { defaultMessage: 'd' }));
      expect(error.message).toBe('Invalid credentials');
      expect(fake.calls).toHaveLength(1);
    });

    test('other statuses are not retried', async () => {
      const { api, fake } = setup({
        [WALLET]: () => fail(403, 'Forbidden'),
        [REFRESH]: () => ok({ accessToken: 'n' }),
      });
      expect((await caught(api.get('/wallet/summary', { defaultMessage: 'd' }))).status).toBe(403);
      expect(fake.calls).toHaveLength(1);
    });

    test('concurrent 401s share one refresh and each call is repeated once', async () => {
      let releaseRefresh: (r: Response) => void = () => undefined;
      const { api, fake } = setup({
        [WALLET]: (call) => (call.headers.Authorization === 'Bearer new-token' ? ok({ balance: 1 }) : fail(401)),
        'GET /wallet/transactions': (call) =>
          call.headers.Authorization === 'Bearer new-token' ? ok({ transactions: [] }) : fail(401),
        'GET /bet': (call) => (call.headers.Authorization === 'Bearer new-token' ? ok({ bets: [] }) : fail(401)),
        [REFRESH]: () => new Promise<Response>((resolve) => (releaseRefresh = resolve)),
      });

      const all = Promise.all([
        api.get('/wallet/summary', { defaultMessage: 'd' }),
        api.get('/wallet/transactions', { defaultMessage: 'd' }),
        api.get('/bet', { defaultMessage: 'd' }),
      ]);
      await vi.waitFor(() => expect(fake.callsTo(REFRESH)).toHaveLength(1));
      // Let the other two 401s arrive while the refresh is still running.
      await new Promise((r) => setTimeout(r, 10));
      releaseRefresh(ok({ accessToken: 'new-token' }));

      const results = await all;
      expect(results.map((r) => r.data)).toEqual([{ balance: 1 }, { transactions: [] }, { bets: [] }]);
      expect(fake.callsTo(REFRESH)).toHaveLength(1);
      expect(fake.calls).toHaveLength(7);
    });

    test('a 401 after an earlier refresh has finished starts a fresh refresh', async () => {
      let valid = 'none';
      let issued = 0;
      const { api, fake } = setup({
        [WALLET]: (call) => (call.headers.Authorization === `Bearer ${valid}` ? ok({}) : fail(401)),
        [REFRESH]: () => {
          valid = `t${++issued}`;
          return ok({ accessToken: valid });
        },
      });
      await api.get('/wallet/summary', { defaultMessage: 'd' });
      valid = 'expired-again';
      await api.get('/wallet/summary', { defaultMessage: 'd' });
      expect(fake.callsTo(REFRESH)).toHaveLength(2);
      expect(fake.callsTo(WALLET)).toHaveLength(4);
    });
  });

  test('knows which paths are exempt from the retry', () => {
    expect(isRefreshRetryExempt('/auth/login')).toBe(true);
    expect(isRefreshRetryExempt('/auth/forgot-password/verify')).toBe(true);
    expect(isRefreshRetryExempt('/auth/logout')).toBe(false);
    expect(isRefreshRetryExempt('/user/profile')).toBe(false);
    expect(isRefreshRetryExempt('/auth/login-history')).toBe(false);
  });
});

describe('refresh cookie discipline', () => {
  it('shares one POST /refresh-token among everyone asking at once, and sends refresh-cookie calls one at a time', async () => {
    const calls: string[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    const fakeFetch = (async (input: RequestInfo | URL) => {
      const url = String(input);
      calls.push(url);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((r) => setTimeout(r, 10));
      inFlight--;
      const body = url.endsWith('/auth/refresh-token')
        ? { success: true, data: { user: { _id: 'u', name: 'n', email: 'e', role: 'user' }, accessToken: 'from-get' } }
        : { success: true, data: { accessToken: 'from-post' } };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    let stored: string | null = null;
    const api = createApiClient({
      fetch: fakeFetch,
      tokens: { get: () => stored, set: (t) => (stored = t), clear: () => (stored = null) },
    });
    const results = await Promise.all([
      api.refreshAccessToken(),
      api.refreshAccessToken(),
      api.get('/auth/refresh-token', { defaultMessage: 'x' }),
    ]);
    expect(results[0]).toBe('from-post');
    expect(results[1]).toBe('from-post');
    expect(calls.filter((c) => c.endsWith('/api/v1/refresh-token'))).toHaveLength(1);
    expect(calls.filter((c) => c.endsWith('/auth/refresh-token'))).toHaveLength(1);
    expect(maxInFlight).toBe(1);
  });

  describe("index.html's early calls (the boot script's answers)", () => {
    function withEarly(routes: Parameters<typeof createFakeFetch>[0], early: EarlyRequestsGlobal) {
      const fake = createFakeFetch(routes);
      const tokens = memoryTokens(null);
      const api = createApiClient({ fetch: fake.fetch, tokens, apiKey: 'test-key', early: earlyRequestsFrom(early) });
      return { api, fake, tokens };
    }

    test('a GET the boot script made is answered by its answer, once, dated by when it arrived; the next one calls', async () => {
      const { api, fake } = withEarly(
        { 'GET /app-config': () => ok({ roundSeconds: 60 }) },
        {
          responses: { '/app-config': Promise.resolve(ok({ roundSeconds: 30, serverTime: 5 })) },
          receivedAt: { '/app-config': 1_234 },
        },
      );
      expect(await api.get('/app-config', { defaultMessage: 'x' })).toEqual({
        message: undefined,
        data: { roundSeconds: 30, serverTime: 5 },
        receivedAt: 1_234,
      });
      expect(fake.calls).toHaveLength(0);
      expect((await api.get<{ roundSeconds: number }>('/app-config', { defaultMessage: 'x' })).data.roundSeconds).toBe(
        60,
      );
      expect(fake.calls).toHaveLength(1);
    });

    test('a POST, or a GET of another path, never takes an early answer', async () => {
      const early: EarlyRequestsGlobal = {
        responses: { '/app-config': Promise.resolve(ok({ roundSeconds: 30 })) },
        receivedAt: {},
      };
      const { api, fake } = withEarly(
        { 'POST /app-config': () => ok({ posted: true }), 'GET /app-config/x': () => ok({ other: true }) },
        early,
      );
      expect((await api.post('/app-config', {}, { defaultMessage: 'x' })).data).toEqual({ posted: true });
      expect((await api.get('/app-config/x', { defaultMessage: 'x' })).data).toEqual({ other: true });
      expect(fake.calls).toHaveLength(2);
      expect(early.responses['/app-config']).toBeDefined();
    });

    test('the early restoration rotates the refresh cookie first: a refresh asked for meanwhile waits for it', async () => {
      let answerEarly!: (response: Response) => void;
      const earlyRefresh = new Promise<Response>((resolve) => {
        answerEarly = resolve;
      });
      const { api, fake } = withEarly(
        { [REFRESH]: () => ok({ accessToken: 'second' }) },
        { responses: { '/auth/refresh-token': earlyRefresh }, receivedAt: {} },
      );
      const second = api.refreshAccessToken();
      await new Promise((resolve) => setTimeout(resolve, 20));
      // The second refresh must carry the cookie the first one's answer sets: it has not gone out yet.
      expect(fake.calls).toHaveLength(0);
      answerEarly(ok({ accessToken: 'first', user: { _id: 'u1', email: 'a@gmail.com' } }));
      expect(await second).toBe('second');
      expect(fake.calls.map((call) => `${call.method} ${call.path}`)).toEqual([REFRESH]);
      // The page's own restoration takes the early answer, without a call of its own.
      expect(
        (await api.get<{ accessToken: string }>('/auth/refresh-token', { defaultMessage: 'x' })).data.accessToken,
      ).toBe('first');
      expect(fake.calls).toHaveLength(1);
    });

    test('an early call that failed on the network is a network failure of the call that takes it (status 0)', async () => {
      const failed = Promise.reject(new TypeError('Failed to fetch'));
      failed.catch(() => undefined);
      const { api } = withEarly({}, { responses: { '/auth/refresh-token': failed }, receivedAt: {} });
      const error = await caught(api.get('/auth/refresh-token', { defaultMessage: 'Session expired' }));
      expect(error.status).toBe(0);
      expect(error.message).toBe('Session expired');
    });
  });
});
