import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { refusal } from '../testing/refusal.js';
import { hashRefreshToken } from './session.service.js';
import { authWorld } from './testing/auth-world.js';

const SESSION_EXPIRED = 'Your session has expired. Please log in again.';
const START = new Date('2026-11-23T06:00:00Z').getTime();
const client = { ip: '203.0.113.7', userAgent: 'Chrome' };
const ravi = { id: 'u-ravi', username: 'Ravi', email: 'ravi@gmail.com', role: 'user' as const };

/** The session use cases against in-memory sessions: the tokens a player gets, what is revoked, who is disconnected. */
function setup() {
  const world = authWorld({ REFRESH_TOKEN_TTL_SECONDS: '3600', REFRESH_REUSE_GRACE_SECONDS: '10' });
  world.sessions.addUser(ravi);
  return { ...world, service: world.sessionService, store: world.sessions };
}

beforeAll(() => Logger.overrideLogger(false));
beforeEach(() => {
  jest.useFakeTimers({ now: START, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
});
afterEach(() => jest.useRealTimers());
const later = (seconds: number) => jest.setSystemTime(Date.now() + seconds * 1000);

describe('SessionService: refreshing', () => {
  it('rotates the refresh token: a new one, the same session, an access token for it, one live token in the family', async () => {
    const { service, store, tokens } = setup();
    const login = await service.start(ravi, client);
    expect(tokens.verify(login.accessToken)).toMatchObject({ sub: 'u-ravi', sid: login.sessionId, role: 'user' });
    later(60);
    const next = await service.rotate(login.refreshToken);
    expect(next.refreshToken).not.toBe(login.refreshToken);
    expect(next).toMatchObject({
      sessionId: login.sessionId,
      user: { _id: 'u-ravi', email: 'ravi@gmail.com', role: 'user' },
    });
    expect(tokens.verify(next.accessToken).sid).toBe(login.sessionId);
    expect(store.liveTokens(login.sessionId)).toEqual([hashRefreshToken(next.refreshToken)]);
  });

  it('gives the very same successor to a token presented twice within the grace period (two tabs refreshing at once)', async () => {
    const { service, store, revoked } = setup();
    const login = await service.start(ravi, client);
    const [first, second] = await Promise.all([service.rotate(login.refreshToken), service.rotate(login.refreshToken)]);
    expect(second.refreshToken).toBe(first.refreshToken);
    expect(store.liveTokens(login.sessionId)).toHaveLength(1);
    expect(revoked).toEqual([]);
  });

  it('ends the whole session when a rotated token comes back after the grace period (a copy), successor included', async () => {
    const { service, store, revoked, disconnected } = setup();
    const login = await service.start(ravi, client);
    const next = await service.rotate(login.refreshToken);
    later(11);
    expect(await refusal(service.rotate(login.refreshToken))).toEqual({ status: 401, message: SESSION_EXPIRED });
    expect(store.session(login.sessionId)).toMatchObject({ revokedReason: 'refresh-token-reuse' });
    expect(revoked).toEqual([login.sessionId]);
    expect(disconnected).toEqual(['u-ravi']);
    expect(await refusal(service.rotate(next.refreshToken))).toEqual({ status: 401, message: SESSION_EXPIRED });
  });

  it('refuses a suspended player with 403 and revokes the session; an expired or unknown token gets 401 and revokes nothing', async () => {
    const { service, store, revoked, disconnected } = setup();
    const login = await service.start(ravi, client);
    const other = await service.start(ravi, client);
    later(3601);
    expect(await refusal(service.rotate(other.refreshToken))).toEqual({ status: 401, message: SESSION_EXPIRED });
    expect(await refusal(service.rotate('no-such-token'))).toEqual({ status: 401, message: SESSION_EXPIRED });
    expect(await refusal(service.rotate(undefined))).toEqual({ status: 401, message: SESSION_EXPIRED });
    expect(revoked).toEqual([]);
    jest.setSystemTime(START + 60_000);
    store.setStatus('u-ravi', 'banned');
    expect(await refusal(service.rotate(login.refreshToken))).toEqual({
      status: 403,
      message: 'This account has been suspended. Please contact support.',
    });
    expect(store.session(login.sessionId)).toMatchObject({ revokedReason: 'account-suspended' });
    expect(revoked).toEqual([login.sessionId]);
    expect(disconnected).toEqual(['u-ravi']);
  });

  it('refuses a player on a break (written without ending the session) with 403, the end date and the support address, and ends the session', async () => {
    const { service, store, revoked, disconnected, breaksByUser } = setup();
    const login = await service.start(ravi, client);
    const next = await service.rotate(login.refreshToken);
    breaksByUser.set('u-ravi', {
      kind: 'break',
      option: '24h',
      startedAtMs: START,
      endsAtMs: START + 86_400_000,
      returnRequestedAtMs: null,
      returnsAtMs: null,
    });
    expect(await refusal(service.rotate(next.refreshToken))).toEqual({
      status: 403,
      message: 'You are taking a break until 24 Nov 2026, 11:30 IST. For help, write to support@winround.app.',
    });
    expect(store.session(login.sessionId)).toMatchObject({ revokedReason: 'play-break' });
    expect(revoked).toEqual([login.sessionId]);
    expect(disconnected).toEqual(['u-ravi']);
    // Once it has ended, a new sign-in's session refreshes again.
    later(86_400);
    const after = await service.start(ravi, client);
    expect((await service.rotate(after.refreshToken)).sessionId).toBe(after.sessionId);
  });

  it('keeps a session alive while it is used: each refresh slides its expiry forward', async () => {
    const { service } = setup();
    let session = await service.start(ravi, client);
    for (let i = 0; i < 3; i++) {
      later(3000);
      session = await service.rotate(session.refreshToken);
    }
    expect(session.refreshToken).toBeTruthy(); // 9,000 s after login, on a 3,600 s lifetime
  });
});

describe('SessionService: logging out', () => {
  it('ends the session of the refresh cookie, else the one of a valid access token, and nothing twice', async () => {
    const { service, store, revoked, disconnected } = setup();
    const byCookie = await service.start(ravi, client);
    const byToken = await service.start(ravi, client);
    await service.logout(byCookie.refreshToken, undefined);
    await service.logout(undefined, byToken.accessToken);
    expect(store.session(byCookie.sessionId)).toMatchObject({ revokedReason: 'logout' });
    expect(store.session(byToken.sessionId)).toMatchObject({ revokedReason: 'logout' });
    expect(revoked).toEqual([byCookie.sessionId, byToken.sessionId]);
    expect(disconnected).toEqual(['u-ravi', 'u-ravi']);
    await service.logout(undefined, 'not-a-token');
    await service.logout(undefined, undefined);
    expect(revoked).toHaveLength(2);
  });
});
