import { jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createUser, startTestApi, type TestApi, type TestUser, recordTestChain } from '@app/testing';

jest.setTimeout(30_000);

const HEX = (c: string) => c.repeat(64);

describe('profiles: own, public and rename', () => {
  let api: TestApi;
  let player: TestUser;
  beforeAll(async () => {
    api = await startTestApi();
    player = await createUser(api, { email: 'rahul.kumar@gmail.com', username: 'Rahul K' });
    await api.db
      .updateTable('users')
      .set({ last_login_at: new Date('2026-11-20T10:00:00Z') })
      .where('id', '=', player.id)
      .execute();
    // A settled period with three bets (won, lost, refunded) and some payments.
    const chain = await recordTestChain(api.db, { commitment: HEX('a'), length: 10 });
    const start = new Date('2026-11-21T00:00:00Z');
    for (const [id, status] of [
      ['202611210001', 'SETTLED'],
      ['202611210002', 'REFUNDED'],
    ] as const) {
      await api.db
        .insertInto('periods')
        .values({
          id,
          start_at: start,
          lock_at: new Date(start.getTime() + 25_000),
          end_at: new Date(start.getTime() + 30_000),
          status,
          chain_id: chain.id,
          chain_index: id.endsWith('1') ? 1 : 2,
          seed_hash: HEX('c'),
          seed: status === 'SETTLED' ? HEX('d') : null,
          digit: status === 'SETTLED' ? 3 : null,
          color: status === 'SETTLED' ? 'green' : null,
          big_small: status === 'SETTLED' ? 'small' : null,
        })
        .execute();
    }
    const bet = (over: Record<string, unknown>) => ({
      id: randomUUID(),
      user_id: player.id,
      period_id: '202611210001',
      bet_value: 'green',
      placed_at: start,
      ...over,
    });
    await api.db
      .insertInto('bets')
      .values([
        bet({
          bet_type: 'color',
          amount: 10_000,
          status: 'COMPLETED',
          is_win: true,
          win_amount: 18_200,
          gst_amount: 1_800,
        }),
        bet({ bet_type: 'bigSmall', bet_value: 'big', amount: 5_000, status: 'COMPLETED', is_win: false }),
        bet({ bet_type: 'number', bet_value: '7', period_id: '202611210002', amount: 1_000, status: 'REFUNDED' }),
      ] as never)
      .execute();
    const tx = (over: Record<string, unknown>) => ({
      transaction_id: `TX${randomUUID().slice(0, 12)}`,
      user_id: player.id,
      wallet_id: player.walletId,
      method: 'UPI',
      ist_day: '2026-11-21',
      ...over,
    });
    await api.db
      .insertInto('transactions')
      .values([
        tx({
          type: 'DEPOSIT',
          status: 'COMPLETED',
          amount: 100_000,
          utr_number: '123456789012',
          reviewed_at: new Date(),
        }),
        tx({ type: 'DEPOSIT', status: 'PENDING', amount: 55_000, utr_number: '123456789013' }),
        tx({
          type: 'WITHDRAWAL',
          status: 'COMPLETED',
          amount: 60_050,
          upi_id: 'rahul@okaxis',
          reviewed_at: new Date(),
        }),
      ] as never)
      .execute();
  });
  afterAll(() => api.close());

  it('GET /user/profile: the full own profile, figures in rupees', async () => {
    const res = await api.request('GET', '/api/v1/user/profile', { token: player.token });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toEqual({
      _id: player.id,
      email: 'rahul.kumar@gmail.com',
      name: 'Rahul K',
      firstLetter: 'R',
      referralCode: player.referralCode,
      joinDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      lastLogin: '2026-11-20T10:00:00.000Z',
      totalGames: 2,
      totalWinnings: 82,
      totalDeposits: 1000,
      totalWithdrawals: 600.5,
      totalLoses: 50,
      language: 'en-IN',
    });
  });

  it('GET /user/profile needs a signed-in user', async () => {
    const res = await api.request('GET', '/api/v1/user/profile');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Please log in to continue.');
  });

  it('GET /user/profile/{id} is public and reduced, with the e-mail masked', async () => {
    for (const token of [undefined, (await createUser(api)).token]) {
      const res = await api.request('GET', `/api/v1/user/profile/${player.id}`, { token });
      expect(res.status).toBe(200);
      expect(res.body.data.user).toEqual({
        _id: player.id,
        email: 'ra****@gmail.com',
        name: 'Rahul K',
        firstLetter: 'R',
        joinDate: expect.any(String),
        totalGames: 2,
        totalWinnings: 82,
      });
      // What a player paid in is theirs to know.
      expect(res.body.data.user).not.toHaveProperty('totalDeposits');
      expect(JSON.stringify(res.body)).not.toContain('rahul.kumar');
    }
  });

  it('answers 404 for an unknown id, a malformed id and an administrator', async () => {
    const admin = await createUser(api, { role: 'super-admin' });
    for (const id of [randomUUID(), 'not-a-uuid', admin.id]) {
      const res = await api.request('GET', `/api/v1/user/profile/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('User not found.');
    }
  });

  it('PUT /user/profile changes the name only', async () => {
    const user = await createUser(api, { username: 'old name' });
    const res = await api.request('PUT', '/api/v1/user/profile', { token: user.token, body: { name: '  Priya S  ' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Profile updated.',
      data: { user: { name: 'Priya S', firstLetter: 'P' } },
    });
    const bad = await api.request('PUT', '/api/v1/user/profile', { token: user.token, body: { name: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(
      'Username must be 3 to 30 characters: letters, digits, spaces, dots, underscores or hyphens.',
    );
    expect((await api.request('PUT', '/api/v1/user/profile', { body: { name: 'Anon ymous' } })).status).toBe(401);
  });

  it('PUT /user/language remembers the language with the account; the own profile carries it, the public one not', async () => {
    const user = await createUser(api, { username: 'Bhasha' });
    const res = await api.request('PUT', '/api/v1/user/language', { token: user.token, body: { language: 'hi-IN' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Language saved.',
      data: { user: { language: 'hi-IN' } },
    });
    const own = await api.request('GET', '/api/v1/user/profile', { token: user.token });
    expect(own.body.data.user.language).toBe('hi-IN');
    const stored = await api.db
      .selectFrom('users')
      .select('language')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored.language).toBe('hi-IN');
    const seen = await api.request('GET', `/api/v1/user/profile/${user.id}`);
    expect(seen.body.data.user).not.toHaveProperty('language');
    const back = await api.request('PUT', '/api/v1/user/language', { token: user.token, body: { language: 'en-IN' } });
    expect(back.body.data.user.language).toBe('en-IN');
  });

  it('PUT /user/language refuses a language the product does not speak, another field, and a visitor; nothing changes', async () => {
    const user = await createUser(api, { username: 'Ek Bhasha' });
    for (const body of [{ language: 'fr-FR' }, { language: 'hi' }, {}, { language: 'hi-IN', name: 'Changed' }]) {
      const res = await api.request('PUT', '/api/v1/user/language', { token: user.token, body });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
    }
    const refused = await api.request('PUT', '/api/v1/user/language', {
      token: user.token,
      body: { language: 'fr-FR' },
    });
    expect(refused.body.message).toBe('Language must be one of en-IN, hi-IN.');
    expect((await api.request('PUT', '/api/v1/user/language', { body: { language: 'hi-IN' } })).status).toBe(401);
    const stored = await api.db
      .selectFrom('users')
      .select(['language', 'username'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ language: 'en-IN', username: 'Ek Bhasha' });
    // The database itself holds only the product's languages.
    await expect(
      api.db
        .updateTable('users')
        .set({ language: 'fr-FR' as never })
        .where('id', '=', user.id)
        .execute(),
    ).rejects.toThrow(/users_language_check/);
  });

  it('refuses every attempt to change anything but the name (mass assignment) and changes nothing', async () => {
    const user = await createUser(api, { username: 'Steady', main: 10_000 });
    const before = await api.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    const attempts: Record<string, unknown>[] = [
      { name: 'Changed', email: 'evil@gmail.com' },
      { name: 'Changed', password: 'hacked123' },
      { name: 'Changed', refreshToken: 'x' },
      { name: 'Changed', role: 'super-admin' },
      { name: 'Changed', balance: 1_000_000 },
      { name: 'Changed', bonusBalance: 5 },
      { name: 'Changed', referralCode: 'AAAAAAAA' },
      { name: 'Changed', _id: randomUUID() },
      { role: 'super-admin' },
    ];
    for (const body of attempts) {
      const res = await api.request('PUT', '/api/v1/user/profile', { token: user.token, body });
      const field = Object.keys(body).find((k) => k !== 'name')!;
      expect({ body, status: res.status, message: res.body.message }).toEqual({
        body,
        status: 400,
        message: `Unknown field: ${field}`,
      });
    }
    const after = await api.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    const wallet = await api.db
      .selectFrom('wallets')
      .select(['main', 'bonus'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(wallet).toEqual({ main: 10_000, bonus: 0 });
  });
});
