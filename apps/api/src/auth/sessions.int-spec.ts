import { jest } from '@jest/globals';
import { io, type Socket } from 'socket.io-client';
import { startTestApi, TEST_API_KEY, type TestApi } from '../testing/test-api.js';
import { createUser } from '../testing/users.js';
import { AccessTokenService } from './access-token.service.js';
import { RateLimiter } from './rate-limiter.js';
import { login, refreshCookie, registerPlayer, setCookieLine, startIdentityStack, type IdentityStack } from './testing/identity-kit.js';

jest.setTimeout(30_000);

const LOGIN = '/api/v1/auth/login';
const INVALID = 'Invalid email or password.';
const EXPIRED = 'Your session has expired. Please log in again.';

describe('login, refresh-token rotation and logout', () => {
  let stack: IdentityStack;
  let api: TestApi;
  let player: { email: string; password: string; user: { _id: string } };
  beforeAll(async () => {
    stack = await startIdentityStack({ env: { ADMIN_EMAIL: 'boss@winround.app', ADMIN_PASSWORD: 'admin-password-1' } });
    api = stack.api;
    player = await registerPlayer(stack);
  });
  afterAll(() => stack.close());

  it('logs in with the user, an access token and an httpOnly SameSite=Strict refresh cookie on /api/v1', async () => {
    const before = Date.now();
    const res = await api.request('POST', LOGIN, { body: { email: ` ${player.email.toUpperCase()} `, password: player.password } });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toEqual({ _id: player.user._id, name: 'Ravi Kumar', email: player.email, role: 'user' });
    const claims = api.app.get(AccessTokenService).verify(res.body.data.accessToken);
    expect(claims.sub).toBe(player.user._id);
    expect(claims.exp - claims.iat).toBe(900);
    const cookie = setCookieLine(res)!;
    expect(cookie).toMatch(/^refreshToken=[\w-]{43};/);
    expect(cookie).toContain('Path=/api/v1');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).not.toContain('Secure'); // only in production
    const row = await api.db.selectFrom('users').select('last_login_at').where('id', '=', player.user._id).executeTakeFirstOrThrow();
    expect(row.last_login_at!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // The refresh token is stored hashed.
    const token = cookie.split(';')[0]!.split('=')[1]!;
    expect(await api.db.selectFrom('refresh_tokens').select('token_hash').where('token_hash', '=', token).execute()).toHaveLength(0);
    const me = await api.request('GET', '/api/v1/user/profile', { token: res.body.data.accessToken });
    expect(me.status).toBe(200);
  });

  it('gives the same 401 for an unknown address and a wrong password', async () => {
    const unknown = await api.request('POST', LOGIN, { body: { email: 'nobody.here@gmail.com', password: 'secret123' } });
    const wrong = await api.request('POST', LOGIN, { body: { email: player.email, password: 'wrong-pass' } });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual({ success: false, statusCode: 401, message: INVALID });
    expect(wrong.body).toEqual(unknown.body);
    expect(setCookieLine(wrong)).toBeUndefined();
  });

  it('validates the login form with the spec’s messages', async () => {
    expect((await api.request('POST', LOGIN, { body: { password: 'secret123' } })).body.message).toBe('Email is required');
    expect((await api.request('POST', LOGIN, { body: { email: 'a@yahoo.com', password: 'secret123' } })).body.message).toBe('Please enter a valid Gmail address');
    expect((await api.request('POST', LOGIN, { body: { email: player.email, password: '123' } })).body.message).toBe('Password must be at least 6 characters long');
  });

  it('lets the configured super-admin log in, with role super-admin', async () => {
    const res = await api.request('POST', LOGIN, { body: { email: 'boss@winround.app', password: 'admin-password-1' } });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ email: 'boss@winround.app', role: 'super-admin' });
  });

  it('GET /auth/refresh-token returns the user and a new access token and rotates the cookie', async () => {
    const session = await login(api, player.email, player.password);
    const res = await api.request('GET', '/api/v1/auth/refresh-token', { cookie: session.cookie });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toEqual({ _id: player.user._id, name: 'Ravi Kumar', email: player.email, role: 'user' });
    expect(typeof res.body.data.accessToken).toBe('string');
    const rotated = refreshCookie(res)!;
    expect(rotated).not.toBe(session.cookie);
    // POST /refresh-token {} works with the rotated cookie and rotates again.
    const post = await api.request('POST', '/api/v1/refresh-token', { cookie: rotated, body: {} });
    expect(post.status).toBe(200);
    expect(Object.keys(post.body.data)).toEqual(['accessToken']);
    const third = refreshCookie(post)!;
    expect((await api.request('GET', '/api/v1/user/profile', { token: post.body.data.accessToken })).status).toBe(200);
    expect((await api.request('POST', '/api/v1/refresh-token', { cookie: third, body: {} })).status).toBe(200);
  });

  it('answers 401 without a cookie, with an unknown one, and after the session expired', async () => {
    const none = await api.request('GET', '/api/v1/auth/refresh-token');
    expect(none.status).toBe(401);
    expect(none.body.message).toBe(EXPIRED);
    expect((await api.request('POST', '/api/v1/refresh-token', { body: {} })).status).toBe(401);
    expect((await api.request('POST', '/api/v1/refresh-token', { body: {}, cookie: 'refreshToken=forged' })).status).toBe(401);

    const session = await login(api, player.email, player.password);
    const claims = api.app.get(AccessTokenService).verify(session.accessToken);
    await api.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', claims.sid).execute();
    const expired = await api.request('GET', '/api/v1/auth/refresh-token', { cookie: session.cookie });
    expect(expired.status).toBe(401);
    expect(setCookieLine(expired)).toMatch(/^refreshToken=;/); // cleared
  });

  it('revokes the whole family when a rotated refresh token is used again after the grace window', async () => {
    const session = await login(api, player.email, player.password);
    const first = await api.request('POST', '/api/v1/refresh-token', { cookie: session.cookie, body: {} });
    const current = refreshCookie(first)!;
    const newAccess = first.body.data.accessToken as string;

    // The copy comes back later than a concurrent refresh could.
    await api.db.updateTable('refresh_tokens').set({ rotated_at: new Date(Date.now() - 60_000) }).where('rotated_at', 'is not', null).execute();
    const replay = await api.request('POST', '/api/v1/refresh-token', { cookie: session.cookie, body: {} });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe(EXPIRED);
    // The legitimate holder's newer token is dead too, and so are the session's access tokens.
    expect((await api.request('POST', '/api/v1/refresh-token', { cookie: current, body: {} })).status).toBe(401);
    expect((await api.request('GET', '/api/v1/user/profile', { token: newAccess })).status).toBe(401);
    const sid = api.app.get(AccessTokenService).verify(newAccess).sid;
    const row = await api.db.selectFrom('sessions').select(['revoked_at', 'revoked_reason']).where('id', '=', sid).executeTakeFirstOrThrow();
    expect(row.revoked_reason).toBe('refresh-token-reuse');
    // Other sessions of the player are untouched.
    const other = await login(api, player.email, player.password);
    expect((await api.request('GET', '/api/v1/user/profile', { token: other.accessToken })).status).toBe(200);
  });

  it('treats simultaneous refreshes with the same token (two tabs, socket and page at once) as one client', async () => {
    const session = await login(api, player.email, player.password);
    const results = await Promise.all([
      api.request('GET', '/api/v1/auth/refresh-token', { cookie: session.cookie }),
      api.request('POST', '/api/v1/refresh-token', { cookie: session.cookie, body: {} }),
      api.request('POST', '/api/v1/refresh-token', { cookie: session.cookie, body: {} }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const sid = api.app.get(AccessTokenService).verify(session.accessToken).sid;
    const row = await api.db.selectFrom('sessions').select('revoked_reason').where('id', '=', sid).executeTakeFirstOrThrow();
    expect(row.revoked_reason).toBeNull();
    // Each answer's cookie keeps working: the session lives on.
    for (const r of results) expect((await api.request('POST', '/api/v1/refresh-token', { cookie: refreshCookie(r)!, body: {} })).status).toBe(200);
  });

  it('logout revokes the session from the cookie (even with an expired access token) and clears the cookie', async () => {
    const session = await login(api, player.email, player.password);
    const res = await api.request('GET', '/api/v1/auth/logout', { cookie: session.cookie, token: 'expired.or.garbage' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Logged out successfully.' });
    const cleared = setCookieLine(res)!;
    expect(cleared).toMatch(/^refreshToken=;/);
    expect(cleared).toContain('Path=/api/v1');
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect((await api.request('GET', '/api/v1/auth/refresh-token', { cookie: session.cookie })).status).toBe(401);
    expect((await api.request('GET', '/api/v1/user/profile', { token: session.accessToken })).status).toBe(401);
    // Logging out again, or without any session, still answers success.
    expect((await api.request('GET', '/api/v1/auth/logout', { cookie: session.cookie })).status).toBe(200);
    expect((await api.request('GET', '/api/v1/auth/logout')).status).toBe(200);
  });

  it('logout without a cookie ends the session of a valid access token', async () => {
    const session = await login(api, player.email, player.password);
    expect((await api.request('GET', '/api/v1/auth/logout', { token: session.accessToken })).status).toBe(200);
    expect((await api.request('GET', '/api/v1/user/profile', { token: session.accessToken })).status).toBe(401);
    expect((await api.request('POST', '/api/v1/refresh-token', { cookie: session.cookie, body: {} })).status).toBe(401);
  });

  it('refuses a suspended account at login and at refresh', async () => {
    const banned = await createUser(api, { password: 'secret123' });
    const session = await login(api, banned.email, 'secret123');
    await api.db.updateTable('users').set({ status: 'banned' }).where('id', '=', banned.id).execute();
    const refresh = await api.request('GET', '/api/v1/auth/refresh-token', { cookie: session.cookie });
    expect(refresh.status).toBe(403);
    expect(refresh.body.message).toBe('This account has been suspended. Please contact support.');
    expect((await api.request('GET', '/api/v1/user/profile', { token: session.accessToken })).status).toBe(401);
    const again = await api.request('POST', LOGIN, { body: { email: banned.email, password: 'secret123' } });
    expect(again.status).toBe(403);
  });

  describe('logout on one node disconnects the user’s sockets on every node', () => {
    let second: TestApi;
    beforeAll(async () => {
      second = await startTestApi({ database: api.database, env: { REDIS_PREFIX: api.config.REDIS_PREFIX } });
    });
    afterAll(() => second.close());

    it('disconnects a socket held by another api node', async () => {
      const session = await login(api, player.email, player.password);
      const socket: Socket = io(second.url, { path: '/socket.io', transports: ['websocket'], auth: { apiKey: TEST_API_KEY, token: session.accessToken }, reconnection: false, forceNew: true });
      try {
        await new Promise<void>((resolve, reject) => {
          socket.on('connect', resolve);
          socket.on('connect_error', reject);
        });
        const gone = new Promise<string>((resolve) => socket.on('disconnect', (reason) => resolve(reason)));
        expect((await api.request('GET', '/api/v1/auth/logout', { cookie: session.cookie })).status).toBe(200);
        expect(await gone).toBe('io server disconnect');
        // …and the same token cannot open a new one.
        const retry = io(second.url, { path: '/socket.io', transports: ['websocket'], auth: { apiKey: TEST_API_KEY, token: session.accessToken }, reconnection: false, forceNew: true });
        const error = await new Promise<Error>((resolve) => retry.on('connect_error', resolve));
        retry.close();
        expect(error.message).toBe(EXPIRED);
      } finally {
        socket.close();
      }
    });
  });
});

describe('login rate limits', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('refuses an account after 10 wrong passwords (429), also with the right one, and tells when to retry', async () => {
    const user = await createUser(api, { password: 'secret123' });
    for (let i = 0; i < 10; i++) {
      expect((await api.request('POST', LOGIN, { body: { email: user.email, password: 'wrong-pass' } })).status).toBe(401);
    }
    const locked = await api.request('POST', LOGIN, { body: { email: user.email, password: 'secret123' } });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe('Too many login attempts. Please try again in 15 minutes.');
    // Another account from the same address is not affected.
    const other = await createUser(api, { password: 'secret123' });
    expect((await api.request('POST', LOGIN, { body: { email: other.email, password: 'secret123' } })).status).toBe(200);
  });

  it('a successful login clears the account’s wrong-password count', async () => {
    const user = await createUser(api, { password: 'secret123' });
    for (let i = 0; i < 9; i++) await api.request('POST', LOGIN, { body: { email: user.email, password: 'wrong-pass' } });
    expect((await api.request('POST', LOGIN, { body: { email: user.email, password: 'secret123' } })).status).toBe(200);
    for (let i = 0; i < 9; i++) await api.request('POST', LOGIN, { body: { email: user.email, password: 'wrong-pass' } });
    expect((await api.request('POST', LOGIN, { body: { email: user.email, password: 'secret123' } })).status).toBe(200);
  });

  it('limits attempts per client address across accounts', async () => {
    const limiter = api.app.get(RateLimiter);
    const saved = { ...limiter.policies.loginIp };
    limiter.policies.loginIp.limit = 3;
    try {
      await api.app.get(RateLimiter).reset('loginIp', '127.0.0.1');
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const user = await createUser(api, { password: 'secret123' });
        statuses.push((await api.request('POST', LOGIN, { body: { email: user.email, password: 'secret123' } })).status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      limiter.policies.loginIp = saved;
    }
  });
});
