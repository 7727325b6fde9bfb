import { jest } from '@jest/globals';
import { generate } from 'otplib';
import { ADMIN_PASSWORD_MESSAGES, SECOND_FACTOR_MESSAGES } from '@app/domain';
import {
  createTestDatabase,
  createUser,
  startTestApi,
  testRedisPrefix,
  type TestApi,
  type TestDatabase,
} from '@app/testing';
import { deleteRedisPrefix } from '@app/redis/testing';
import { refreshCookie } from './testing/identity-kit.js';

jest.setTimeout(90_000);

const ADMIN = { email: 'boss@winround.app', password: 'first-boss-password-1' };
const now = () => Math.floor(Date.now() / 1000);

/** Signs in (with the given factors); the response. */
function signIn(api: TestApi, password: string, factors: Record<string, string> = {}) {
  return api.request('POST', '/api/v1/auth/login', { body: { email: ADMIN.email, password, ...factors } });
}

async function token(
  api: TestApi,
  password: string,
  factors: Record<string, string> = {},
): Promise<{ accessToken: string; cookie: string }> {
  const res = await signIn(api, password, factors);
  if (res.status !== 200) throw new Error(`login: ${res.status} ${JSON.stringify(res.body)}`);
  return { accessToken: res.body.data.accessToken, cookie: refreshCookie(res)! };
}

/** Enrols an authenticator for the admin signed in with `accessToken`; its key and the recovery codes. */
async function enrol(api: TestApi, accessToken: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await api.request('POST', '/api/v1/admin/two-factor/enrolment', { token: accessToken, body: {} });
  expect(started.status).toBe(200);
  const { secret, otpauthUri } = started.body.data;
  expect(otpauthUri).toContain(`secret=${secret}`);
  // The first code of the previous time step, so that the current one is still fresh for a sign-in.
  const confirmed = await api.request('POST', '/api/v1/admin/two-factor/confirm', {
    token: accessToken,
    body: { code: await generate({ secret, epoch: now() - 30 }) },
  });
  expect(confirmed.status).toBe(200);
  return { secret, recoveryCodes: confirmed.body.data.recoveryCodes };
}

describe("the super-admin's second factor and password", () => {
  let database: TestDatabase;
  const prefix = testRedisPrefix();
  let api: TestApi;
  const env = (extra: Record<string, string> = {}) => ({
    REDIS_PREFIX: prefix,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...extra,
  });

  beforeAll(async () => {
    database = await createTestDatabase();
    api = await startTestApi({ database, env: env() });
  });
  afterAll(async () => {
    await api.close();
    await database.drop();
    await deleteRedisPrefix(prefix);
  });

  let secret: string;
  let recoveryCodes: string[];

  it('enrols an authenticator shown once (key and QR address), confirmed by its first code; then sign-in needs it', async () => {
    const { accessToken } = await token(api, ADMIN.password);
    const before = await api.request('GET', '/api/v1/admin/security', { token: accessToken });
    expect(before.body.data.security).toEqual({
      twoFactorEnrolled: false,
      twoFactorRequired: false,
      twoFactorWaived: false,
      recoveryCodesLeft: 0,
      enrolledAt: null,
    });
    const started = await api.request('POST', '/api/v1/admin/two-factor/enrolment', { token: accessToken, body: {} });
    const wrong = await api.request('POST', '/api/v1/admin/two-factor/confirm', {
      token: accessToken,
      body: { code: '000000' },
    });
    expect({ status: wrong.status, errors: wrong.body.errors }).toEqual({
      status: 400,
      errors: { code: SECOND_FACTOR_MESSAGES.codeWrong },
    });
    // The key is stored sealed, never in clear.
    const row = await database.db.selectFrom('second_factors').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(started.body.data.secret);
    ({ secret, recoveryCodes } = await enrol(api, accessToken));
    expect(recoveryCodes).toHaveLength(10);
    const after = await api.request('GET', '/api/v1/admin/security', { token: accessToken });
    expect(after.body.data.security).toMatchObject({ twoFactorEnrolled: true, recoveryCodesLeft: 10 });
    // Nothing returns the key again.
    expect(JSON.stringify(after.body)).not.toContain(secret);
    const stored = await database.db.selectFrom('recovery_codes').select('code_hash').execute();
    expect(stored.map((r) => r.code_hash).some((h) => recoveryCodes.some((c) => h.includes(c.replace('-', ''))))).toBe(
      false,
    );
  });

  it('refuses the admin login without the authenticator code (whatever the password), and with a wrong one', async () => {
    const without = await signIn(api, ADMIN.password);
    expect({
      status: without.status,
      message: without.body.message,
      errors: without.body.errors,
      cookie: refreshCookie(without),
    }).toEqual({
      status: 401,
      message: SECOND_FACTOR_MESSAGES.totpRequired,
      errors: { totp: SECOND_FACTOR_MESSAGES.totpField },
      cookie: undefined,
    });
    expect((await signIn(api, 'a-wrong-password')).body).toEqual(without.body);
    const wrong = await signIn(api, ADMIN.password, {
      totp: (await generate({ secret })) === '000000' ? '111111' : '000000',
    });
    expect({ status: wrong.status, message: wrong.body.message, cookie: refreshCookie(wrong) }).toEqual({
      status: 401,
      message: SECOND_FACTOR_MESSAGES.signInRefused,
      cookie: undefined,
    });
    const right = await signIn(api, ADMIN.password, { totp: await generate({ secret }) });
    expect(right.status).toBe(200);
    expect(right.body.data.user.role).toBe('super-admin');
    // A recovery code works once.
    expect((await signIn(api, ADMIN.password, { totp: recoveryCodes[0]! })).status).toBe(200);
    expect((await signIn(api, ADMIN.password, { totp: recoveryCodes[0]! })).status).toBe(401);
  });

  it('changes the password in the console: current password + code, the admin rule, other sessions end, this one stays', async () => {
    const other = await token(api, ADMIN.password, { totp: recoveryCodes[1]! });
    const current = await token(api, ADMIN.password, { totp: recoveryCodes[2]! });
    const change = (body: Record<string, string>) =>
      api.request('PUT', '/api/v1/admin/password', { token: current.accessToken, body });
    const next = 'Second-boss-pass-2';
    const good = { currentPassword: ADMIN.password, newPassword: next, confirmPassword: next, code: recoveryCodes[3]! };
    const refused = async (body: Record<string, string>) => {
      const res = await change(body);
      return { status: res.status, errors: res.body.errors };
    };
    expect(await refused({ ...good, newPassword: 'short-pw-1', confirmPassword: 'short-pw-1' })).toEqual({
      status: 400,
      errors: { newPassword: "An administrator's password must be at least 12 characters." },
    });
    expect(await refused({ ...good, newPassword: 'a'.repeat(14), confirmPassword: 'a'.repeat(14) })).toEqual({
      status: 400,
      errors: { newPassword: 'Password must not be one character repeated (like "aaaaaa").' },
    });
    expect(await refused({ ...good, newPassword: '1qaz2wsx3edc', confirmPassword: '1qaz2wsx3edc' })).toEqual({
      status: 400,
      errors: { newPassword: 'This password is too common. Please choose a less common password.' },
    });
    expect(await refused({ ...good, code: '' })).toEqual({
      status: 400,
      errors: { code: SECOND_FACTOR_MESSAGES.totpInvalid },
    });
    expect(await refused({ ...good, currentPassword: 'not-the-password' })).toEqual({
      status: 400,
      errors: { currentPassword: ADMIN_PASSWORD_MESSAGES.currentWrong },
    });
    const done = await change(good);
    expect({ status: done.status, message: done.body.message }).toEqual({
      status: 200,
      message: ADMIN_PASSWORD_MESSAGES.changed,
    });
    // The other session is over; this one goes on.
    expect((await api.request('GET', '/api/v1/admin/security', { token: other.accessToken })).status).toBe(401);
    expect((await api.request('GET', '/api/v1/auth/refresh-token', { cookie: other.cookie })).status).toBe(401);
    expect((await api.request('GET', '/api/v1/admin/security', { token: current.accessToken })).status).toBe(200);
    expect((await signIn(api, ADMIN.password, { totp: recoveryCodes[4]! })).status).toBe(401);
    expect((await signIn(api, next, { totp: recoveryCodes[5]! })).status).toBe(200);
  });

  it('a restart with the same ADMIN_PASSWORD keeps the password changed in the console; a changed ADMIN_PASSWORD is applied and ends every session of the admin', async () => {
    const next = 'Second-boss-pass-2';
    await api.close();
    api = await startTestApi({ database, env: env() });
    const session = await token(api, next, { totp: recoveryCodes[6]! });
    expect((await signIn(api, ADMIN.password, { totp: recoveryCodes[7]! })).status).toBe(401);

    await api.close();
    api = await startTestApi({ database, env: env({ ADMIN_PASSWORD: 'rotated-boss-password-3' }) });
    expect((await api.request('GET', '/api/v1/admin/security', { token: session.accessToken })).status).toBe(401);
    expect((await api.request('GET', '/api/v1/auth/refresh-token', { cookie: session.cookie })).status).toBe(401);
    expect((await signIn(api, next, { totp: recoveryCodes[7]! })).status).toBe(401);
    // The second factor still applies to the rotated password.
    expect((await signIn(api, 'rotated-boss-password-3')).status).toBe(401);
    expect((await signIn(api, 'rotated-boss-password-3', { totp: recoveryCodes[8]! })).status).toBe(200);
  });

  it('is for super-admins only', async () => {
    const player = await createUser(api);
    for (const [method, path] of [
      ['GET', '/api/v1/admin/security'],
      ['POST', '/api/v1/admin/two-factor/enrolment'],
      ['PUT', '/api/v1/admin/password'],
    ] as const) {
      expect(
        (await api.request(method, path, { token: player.token, body: method === 'GET' ? undefined : {} })).status,
      ).toBe(403);
    }
  });
});

describe('production and the second factor', () => {
  const production = (database: TestDatabase, prefix: string, extra: Record<string, string> = {}) => ({
    database,
    env: {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      REDIS_PREFIX: prefix,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: 'production-boss-password-9',
      LOG_LEVEL: 'error',
      ...extra,
    },
  });
  let database: TestDatabase;
  const prefix = testRedisPrefix();
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
    await deleteRedisPrefix(prefix);
  });

  it('refuses to create the admin with a password that breaks the administrator rule', async () => {
    await expect(startTestApi(production(database, prefix, { ADMIN_PASSWORD: 'boss-pw-10' }))).rejects.toThrow(
      "Invalid configuration: ADMIN_PASSWORD is refused: An administrator's password must be at least 12 characters.",
    );
    expect(
      await database.db.selectFrom('users').select('id').where('email', '=', ADMIN.email).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('refuses to start while the super-admin has no second factor, unless waived; after enrolment it starts without the waiver', async () => {
    await expect(startTestApi(production(database, prefix))).rejects.toThrow(
      `Refusing to start: super-admin ${ADMIN.email} has no second factor enrolled. Set ADMIN_2FA_WAIVED=true for one start`,
    );
    const waived = await startTestApi(production(database, prefix, { ADMIN_2FA_WAIVED: 'true' }));
    try {
      const { accessToken } = await token(waived, 'production-boss-password-9');
      const security = await waived.request('GET', '/api/v1/admin/security', { token: accessToken });
      expect(security.body.data.security).toMatchObject({
        twoFactorEnrolled: false,
        twoFactorRequired: true,
        twoFactorWaived: true,
      });
      await enrol(waived, accessToken);
    } finally {
      await waived.close();
    }
    const started = await startTestApi(production(database, prefix));
    await started.close();
  });
});
