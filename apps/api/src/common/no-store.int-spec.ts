import { createUser, startTestApi, type TestApi, type TestResponse } from '@app/testing';

describe('Cache-Control: no-store on every /api/v1 answer', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ env: { RATE_LIMITS: 'false' } });
  });
  afterAll(() => api.close());

  const cacheControl = (res: TestResponse) => [res.status, res.headers.get('cache-control')];

  it('marks answers carrying tokens and private data, refusals and errors alike', async () => {
    const player = await createUser(api, { password: 'Zq9-unique-pass', main: 10_000 });
    const login = await api.request('POST', '/api/v1/auth/login', {
      body: { email: player.email, password: player.password },
    });
    expect(login.body.data.accessToken).toEqual(expect.any(String));
    expect(cacheControl(login)).toEqual([200, 'no-store']);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    expect(cacheControl(await api.request('GET', '/api/v1/auth/refresh-token', { cookie }))).toEqual([200, 'no-store']);
    expect(cacheControl(await api.request('GET', '/api/v1/user/profile', { token: player.token }))).toEqual([
      200,
      'no-store',
    ]);
    expect(cacheControl(await api.request('GET', '/api/v1/wallet/summary', { token: player.token }))).toEqual([
      200,
      'no-store',
    ]);
    expect(cacheControl(await api.request('GET', '/api/v1/health', { apiKey: null }))).toEqual([200, 'no-store']);
    // Refused before any route (wrong password, no API key, no session, not JSON), or no such route.
    expect(
      cacheControl(
        await api.request('POST', '/api/v1/auth/login', { body: { email: player.email, password: 'Wrong-pass-77' } }),
      ),
    ).toEqual([401, 'no-store']);
    expect(cacheControl(await api.request('GET', '/api/v1/user/profile', { apiKey: null }))).toEqual([401, 'no-store']);
    expect(cacheControl(await api.request('GET', '/api/v1/user/profile'))).toEqual([401, 'no-store']);
    expect(
      cacheControl(
        await api.request('POST', '/api/v1/auth/login', { body: JSON.stringify({ a: 'x'.repeat(40_000) }) }),
      ),
    ).toEqual([413, 'no-store']);
    expect(cacheControl(await api.request('POST', '/api/v1/auth/login', { body: '{"email":' }))).toEqual([
      400,
      'no-store',
    ]);
    expect(cacheControl(await api.request('GET', '/api/v1/nothing-here'))).toEqual([404, 'no-store']);
  });

  it('leaves paths outside the api prefix to their own rules', async () => {
    const res = await api.request('GET', '/api/v1-not/anything', { apiKey: null });
    expect(res.headers.get('cache-control')).not.toBe('no-store');
  });
});
