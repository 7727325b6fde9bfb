import { jest } from '@jest/globals';
import { sql } from 'kysely';
import {
  freshEmail,
  nextCode,
  registration,
  startIdentityStack,
  type IdentityStack,
} from '../auth/testing/identity-kit.js';
import { createUser } from '@app/testing';

jest.setTimeout(60_000);

const TAKEN = 'This username is already taken. Please choose another.';

describe('usernames are unique, ignoring case', () => {
  let stack: IdentityStack;
  beforeAll(async () => {
    stack = await startIdentityStack({
      env: { RATE_LIMITS: 'false', ADMIN_EMAIL: 'boss@gmail.com', ADMIN_PASSWORD: 'admin-password-1' },
    });
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
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM users WHERE lower(username) = 'speedy gonzales'`.execute(stack.api.db);
    expect(rows[0]!.n).toBe(1);
  });

  it('a rename to a taken name is refused; two renames racing for one name: one wins; a player may re-case their own name', async () => {
    await createUser(stack.api, { username: 'Arjun Rao' });
    const player = await createUser(stack.api, { username: 'Kiran one' });
    const rename = (token: string, name: string) =>
      stack.api.request('PUT', '/api/v1/user/profile', { token, body: { name } });

    const refused = await rename(player.token, 'ARJUN rao');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ success: false, message: TAKEN });

    const own = await rename(player.token, 'KIRAN ONE');
    expect(own.status).toBe(200);
    expect(own.body.data.user.name).toBe('KIRAN ONE');

    const racers = await Promise.all([createUser(stack.api), createUser(stack.api), createUser(stack.api)]);
    const answers = await Promise.all(racers.map((r, i) => rename(r.token, i === 1 ? 'twin name' : 'Twin Name')));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM users WHERE lower(username) = 'twin name'`.execute(stack.api.db);
    expect(rows[0]!.n).toBe(1);
  });

  it('refuses invisible characters, loose marks and staff names, and look-alikes of a name another account holds', async () => {
    const GREEK_OMICRON = '\u03bf';
    const refused = async (username: string) => {
      const res = await register(registration(freshEmail(), { username }));
      return [username, res.status, res.body.message];
    };
    // The super-admin is "boss": "boss" + a combining grapheme joiner looks the same and is refused as invisible; with a
    // Greek omicron it is a look-alike of a name held; "admin" is a staff name.
    expect(await refused('boss\u034f')).toEqual([
      'boss\u034f',
      400,
      'Username must not contain invisible characters or loose accent marks.',
    ]);
    expect(await refused('ab\u17b4\u17b4\u17b4')).toEqual([
      'ab\u17b4\u17b4\u17b4',
      400,
      'Username must not contain invisible characters or loose accent marks.',
    ]);
    expect(await refused(`b${GREEK_OMICRON}ss`)).toEqual([`b${GREEK_OMICRON}ss`, 409, TAKEN]);
    expect(await refused('B0SS')).toEqual(['B0SS', 409, TAKEN]);
    expect(await refused('Ad_min')).toEqual(['Ad_min', 400, 'This username is reserved. Please choose another.']);
    expect(await refused('\u0430dmin')).toEqual(['\u0430dmin', 409, TAKEN]); // Cyrillic а: looks like a staff name
    expect(await refused('.hidden')).toEqual(['.hidden', 400, 'Username must start with a letter or digit.']);

    const player = await createUser(stack.api);
    const rename = (name: string) =>
      stack.api.request('PUT', '/api/v1/user/profile', { token: player.token, body: { name } });
    // Stored as NFKC: fullwidth letters become plain ones, and the name is then held with its skeleton.
    const wide = await rename('Ｍｅｅｒａ ｌｏｎｇ');
    expect(wide.status).toBe(200);
    expect(wide.body.data.user.name).toBe('Meera long');
    expect(await refused('Meera l0ng')).toEqual(['Meera l0ng', 409, TAKEN]);
    expect(await refused(`Meera l${GREEK_OMICRON}ng`)).toEqual([`Meera l${GREEK_OMICRON}ng`, 409, TAKEN]);
    const { rows } = await sql<{
      username: string;
      username_skeleton: string;
    }>`SELECT username, username_skeleton FROM users WHERE id = ${player.id}`.execute(stack.api.db);
    expect(rows).toEqual([{ username: 'Meera long', username_skeleton: 'rneera long' }]);
    expect((await rename('adrnin')).status).toBe(400); // r + n: a look-alike of a staff name, when renaming too
  });

  it('two renames racing for look-alike names: the database lets one win', async () => {
    const racers = await Promise.all([createUser(stack.api), createUser(stack.api), createUser(stack.api)]);
    const names = ['Star Twin', 'Star Tw\u0456n', 'St\u0430r Twin']; // Latin; Cyrillic і; Cyrillic а
    const answers = await Promise.all(
      racers.map((r, i) =>
        stack.api.request('PUT', '/api/v1/user/profile', { token: r.token, body: { name: names[i] } }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM users WHERE username_skeleton = 'star twin'`.execute(stack.api.db);
    expect(rows[0]!.n).toBe(1);
  });
});
