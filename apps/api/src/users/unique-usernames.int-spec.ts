import { jest } from '@jest/globals';
import { sql } from 'kysely';
import { freshEmail, nextCode, registration, startIdentityStack, type IdentityStack } from '../auth/testing/identity-kit.js';
import { createUser } from '@app/testing';

jest.setTimeout(60_000);

const TAKEN = 'This username is already taken. Please choose another.';

describe('usernames are unique, ignoring case', () => {
  let stack: IdentityStack;
  beforeAll(async () => {
    stack = await startIdentityStack({ env: { RATE_LIMITS: 'false' } });
  });
  afterAll(() => stack.close());

  const register = (body: Record<string, unknown>) => stack.api.request('POST', '/api/v1/auth/register', { body });

  it('registration step 1 refuses a name another player holds in any case, before any code is sent', async () => {
    await createUser(stack.api, { username: 'Meera Singh' });
    const res = await register(registration(freshEmail(), { username: 'meera SINGH' }));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, message: TAKEN, errors: { username: TAKEN } });
  });

  it('two registrations racing for one name (different case): exactly one account is created', async () => {
    const [a, b] = [freshEmail('racer'), freshEmail('racer')];
    const since = Date.now();
    // Step 1 passes for both: neither name exists yet.
    expect((await register(registration(a, { username: 'Speedy Gonzales' }))).status).toBe(200);
    expect((await register(registration(b, { username: 'speedy gonzales' }))).status).toBe(200);
    const [codeA, codeB] = await Promise.all([nextCode(stack.mail, a, since), nextCode(stack.mail, b, since)]);
    const results = await Promise.all([
      register(registration(a, { username: 'Speedy Gonzales', otp: codeA })),
      register(registration(b, { username: 'speedy gonzales', otp: codeB })),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.message).toBe(TAKEN);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM users WHERE lower(username) = 'speedy gonzales'`.execute(stack.api.db);
    expect(rows[0]!.n).toBe(1);
  });

  it('a rename to a taken name is refused; two renames racing for one name: one wins; a player may re-case their own name', async () => {
    await createUser(stack.api, { username: 'Arjun Rao' });
    const player = await createUser(stack.api, { username: 'Kiran one' });
    const rename = (token: string, name: string) => stack.api.request('PUT', '/api/v1/user/profile', { token, body: { name } });

    const refused = await rename(player.token, 'ARJUN rao');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ success: false, message: TAKEN });

    const own = await rename(player.token, 'KIRAN ONE');
    expect(own.status).toBe(200);
    expect(own.body.data.user.name).toBe('KIRAN ONE');

    const racers = await Promise.all([createUser(stack.api), createUser(stack.api), createUser(stack.api)]);
    const answers = await Promise.all(racers.map((r, i) => rename(r.token, i === 1 ? 'twin name' : 'Twin Name')));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM users WHERE lower(username) = 'twin name'`.execute(stack.api.db);
    expect(rows[0]!.n).toBe(1);
  });
});
