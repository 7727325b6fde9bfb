import { sql } from 'kysely';
import pg from 'pg';
import type { BetMessage } from '@app/contracts';
import {
  createUser,
  expectLedgerReconciles,
  freshPeriod,
  startTestApi,
  startTestEngine,
  TEST_API_KEY,
  type TestApi,
  type TestEngine,
  type TestUser,
} from '@app/testing';
import { login } from '../auth/testing/identity-kit.js';
import { decide, deposit, newUtr, upiWithdrawal, wallet } from '../payment/testing/payments.js';

// The turnover rule stays on (100 %): a player away is spared it for their main balance.
const ROUNDS = {
  ROUND_SECONDS: '4',
  LOCK_SECONDS: '1',
  BET_PARTITIONS: '2',
  FAIRNESS_CHAIN_LENGTH: '3000',
  RATE_LIMITS: 'false',
  SUPPORT_EMAIL: 'help@winround.test',
};
const BREAK_MESSAGE =
  /^You are taking a break until \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} IST\. For help, write to help@winround\.test\.$/;
const DAY = 86_400_000;

/**
 * Breaks and self-exclusion through the real api, engine and sockets: taking one ends every session and socket at
 * once; sign-in is refused with the end date, the support address and a withdraw-only token; bets and deposits are
 * refused by the database's word; the main balance can still be withdrawn (turnover rule or not); the database refuses
 * any shortening, and the console sees it but cannot lift it.
 */
describe('breaks and self-exclusion', () => {
  let api: TestApi;
  let second: TestApi;
  let engine: TestEngine;
  let admin: TestUser;
  beforeAll(async () => {
    api = await startTestApi({ env: ROUNDS });
    second = await startTestApi({ database: api.database, env: { ...ROUNDS, REDIS_PREFIX: api.config.REDIS_PREFIX } });
    engine = await startTestEngine({
      database: api.database,
      env: { ...ROUNDS, REDIS_PREFIX: api.config.REDIS_PREFIX },
    });
    admin = await createUser(api, { role: 'super-admin' });
  });
  afterAll(async () => {
    await engine.close();
    await second.close();
    await api.close();
  });

  const signIn = (player: TestUser) =>
    api.request('POST', '/api/v1/auth/login', { body: { email: player.email, password: player.password } });
  const takeBreak = (token: string, option: string, path = '/api/v1/play-safely/break') =>
    api.request('POST', path, { token, body: { option } });

  /** A player with ₹1,000 approved and nothing played (the turnover rule would refuse any withdrawal). */
  async function fundedPlayer(): Promise<TestUser> {
    const player = await createUser(api);
    const claim = await deposit(api, player, {
      amount: 1000,
      utrNumber: newUtr(),
      upiApp: 'PHONEPE',
      payer: 'ravi.kumar@okaxis',
    });
    expect((await decide(api, admin, claim.body.data.transactionId, 'COMPLETED')).status).toBe(200);
    return player;
  }

  it('a break ends every session and disconnects a socket on another node within a second; sign-in is refused with the date and a withdraw-only token', async () => {
    const player = await fundedPlayer();
    const session = await login(api, player.email, player.password);
    const socket = await second.connect({ apiKey: TEST_API_KEY, token: session.accessToken });
    const gone = new Promise<number>((resolve) => socket.on('disconnect', () => resolve(Date.now())));

    const started = Date.now();
    const res = await takeBreak(session.accessToken, '7d');
    expect(res.status).toBe(200);
    expect(res.body.data.playBreak).toMatchObject({ kind: 'break', option: '7d', phase: 'break' });
    const until = Date.parse(res.body.data.playBreak.until);
    expect(until - started).toBeGreaterThan(7 * DAY - 60_000);
    expect(until - started).toBeLessThan(7 * DAY + 120_000);
    expect((await gone) - started).toBeLessThan(1000);
    socket.close();

    // Every session ended: the access token and the refresh cookie no longer work.
    expect((await api.request('GET', '/api/v1/wallet/summary', { token: session.accessToken })).status).toBe(401);
    expect((await api.request('GET', '/api/v1/auth/refresh-token', { cookie: session.cookie })).status).not.toBe(200);
    expect((await api.request('GET', '/api/v1/wallet/summary', { token: player.token })).status).toBe(401);

    // Sign-in: refused with the end date (IST) and the support address; no session opened.
    const refused = await signIn(player);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(BREAK_MESSAGE);
    expect(refused.body.playBreak).toMatchObject({
      kind: 'break',
      phase: 'break',
      until: res.body.data.playBreak.until,
      withdrawToken: expect.stringMatching(/^pb1\./),
    });
    expect(refused.body.data).toBeUndefined();
    expect(
      await api.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', player.id)
        .where('revoked_at', 'is', null)
        .execute(),
    ).toEqual([]);

    // The withdraw-only token opens the away routes and nothing else: no wallet route, no socket.
    const token = refused.body.playBreak.withdrawToken as string;
    expect((await api.request('GET', '/api/v1/wallet/summary', { token })).status).toBe(401);
    expect(
      (
        await api.request('POST', '/api/v1/payment/deposit', {
          token,
          body: { method: 'UPI', amount: 500, utrNumber: newUtr() },
        })
      ).status,
    ).toBe(401);
    await expect(api.connect({ apiKey: TEST_API_KEY, token })).rejects.toBeTruthy();
    const away = await api.request('GET', '/api/v1/play-safely/away', { token });
    expect(away.status).toBe(200);
    expect(away.body.data).toMatchObject({
      balance: 1000,
      isActive: true,
      canAskToReturn: false,
      playBreak: { kind: 'break' },
    });

    // Audited: the player as actor and beneficiary.
    const audit = await api.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'play-break.take')
      .where('beneficiary_id', '=', player.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_id: player.id,
      target_type: 'play_break',
      decision: 'break',
      note: 'Break of 7 days',
    });
  });

  it('the main balance can be withdrawn while away, though the deposit was never played; the form limits still hold', async () => {
    const player = await fundedPlayer();
    // Not away: the turnover rule refuses.
    const before = await api.request('POST', '/api/v1/payment/withdraw', {
      token: player.token,
      body: upiWithdrawal(600),
    });
    expect({ status: before.status, message: before.body.message }).toEqual({
      status: 403,
      message: 'You need to play ₹1,000 more before you can withdraw.',
    });

    expect((await takeBreak(player.token, '24h')).status).toBe(200);
    const token = (await signIn(player)).body.playBreak.withdrawToken as string;
    const tooMuch = await api.request('POST', '/api/v1/play-safely/away/withdraw', {
      token,
      body: upiWithdrawal(1500),
    });
    expect({ status: tooMuch.status, message: tooMuch.body.message }).toEqual({
      status: 400,
      message: 'Insufficient balance.',
    });
    const out = await api.request('POST', '/api/v1/play-safely/away/withdraw', { token, body: upiWithdrawal(1000) });
    expect(out.status).toBe(201);
    expect(Number((await wallet(api.db, player.id)).main)).toBe(0);
    const row = await api.db
      .selectFrom('transactions')
      .select(['status', 'play_check'])
      .where('transaction_id', '=', out.body.data.transactionId)
      .executeTakeFirstOrThrow();
    // The reviewer still sees the figures, flagged.
    expect(row).toMatchObject({
      status: 'PENDING',
      play_check: { flagged: true, depositedPaise: 100_000, stakedPaise: 0 },
    });
    await expectLedgerReconciles(api.db);
  });

  it('a main balance below the ₹500 minimum is withdrawn whole while away, never a part of it', async () => {
    const player = await createUser(api);
    const claim = await deposit(api, player, {
      amount: 300,
      utrNumber: newUtr(),
      upiApp: 'PHONEPE',
      payer: 'ravi.kumar@okaxis',
    });
    expect((await decide(api, admin, claim.body.data.transactionId, 'COMPLETED')).status).toBe(200);
    expect((await takeBreak(player.token, '24h')).status).toBe(200);
    const token = (await signIn(player)).body.playBreak.withdrawToken as string;
    const part = await api.request('POST', '/api/v1/play-safely/away/withdraw', { token, body: upiWithdrawal(200) });
    expect({ status: part.status, message: part.body.message }).toEqual({
      status: 400,
      message: 'Minimum withdrawal is ₹500.',
    });
    const whole = await api.request('POST', '/api/v1/play-safely/away/withdraw', { token, body: upiWithdrawal(300) });
    expect(whole.status).toBe(201);
    const row = await api.db
      .selectFrom('transactions')
      .select(['status', 'amount'])
      .where('transaction_id', '=', whole.body.data.transactionId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'PENDING', amount: 30_000 });
    expect(Number((await wallet(api.db, player.id)).main)).toBe(0);
    await expectLedgerReconciles(api.db);
  });

  it('the database is the last word: a live token cannot deposit, an open socket cannot bet', async () => {
    const player = await fundedPlayer();
    const socket = await api.connect({ apiKey: TEST_API_KEY, token: player.token });
    try {
      // A break written behind the api's back (no session was revoked): the token and the socket are still open.
      await api.db
        .insertInto('play_breaks')
        .values({
          user_id: player.id,
          kind: 'break',
          option: '24h',
          started_at: new Date(),
          ends_at: new Date(Date.now() + DAY),
          actor_id: player.id,
          reason: 'test',
        })
        .execute();
      const dep = await deposit(api, player, {
        amount: 500,
        utrNumber: newUtr(),
        upiApp: 'PHONEPE',
        payer: 'ravi.kumar@okaxis',
      });
      expect(dep.status).toBe(403);
      expect(dep.body.message).toMatch(/^You are taking a break until .+ IST\.$/);
      const period = await freshPeriod({ roundSeconds: 4, lockSeconds: 1 }, 2000);
      const answer = new Promise<BetMessage>((resolve) => socket.once('bet-message', resolve));
      socket.emit('place-bet', { periodId: period.periodId, betType: 'bigSmall', betValue: 'big', amount: 100 });
      expect(await answer).toMatchObject({
        success: false,
        message: expect.stringMatching(/^You are taking a break until .+ IST\.$/),
      });
      expect(await api.db.selectFrom('bets').select('id').where('user_id', '=', player.id).execute()).toEqual([]);
      expect(Number((await wallet(api.db, player.id)).main)).toBe(100_000);
    } finally {
      socket.close();
    }
  });

  it('only longer: a shorter one is refused (409), a longer one accepted, and the database refuses any shortening', async () => {
    const player = await createUser(api);
    expect((await takeBreak(player.token, '30d')).status).toBe(200);
    const token = (await signIn(player)).body.playBreak.withdrawToken as string;
    const shorter = await takeBreak(token, '7d', '/api/v1/play-safely/away/break');
    expect(shorter.status).toBe(409);
    expect(shorter.body.message).toMatch(/^You can only make it longer: yours runs until .+ IST\.$/);
    const longer = await takeBreak(token, '6m', '/api/v1/play-safely/away/break');
    expect(longer.status).toBe(200);
    expect(longer.body.data.playBreak).toMatchObject({ kind: 'exclusion', option: '6m' });
    expect((await takeBreak(token, '6w', '/api/v1/play-safely/away/break')).status).toBe(409);
    expect((await api.request('POST', '/api/v1/play-safely/away/return', { token })).status).toBe(409);

    // Straight to the database, as any role or tool: no shorter row, no earlier end, no deletion.
    const latest = await api.db
      .selectFrom('play_breaks')
      .selectAll()
      .where('user_id', '=', player.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await expect(
      api.db
        .insertInto('play_breaks')
        .values({
          user_id: player.id,
          kind: 'exclusion',
          option: '6m',
          started_at: new Date(),
          ends_at: new Date(Date.now() + 10 * DAY),
          actor_id: admin.id,
          reason: 'lifted by support',
        })
        .execute(),
    ).rejects.toMatchObject({ constraint: 'play_breaks_only_longer' });
    await expect(
      api.db
        .insertInto('play_breaks')
        .values({
          user_id: player.id,
          kind: 'break',
          option: '6w',
          started_at: new Date(),
          ends_at: new Date(Date.now() + 400 * DAY),
          actor_id: admin.id,
          reason: 'x',
        })
        .execute(),
    ).rejects.toMatchObject({ constraint: 'play_breaks_only_longer' });
    await expect(
      sql`UPDATE play_breaks SET ends_at = now() WHERE id = ${latest.id}`.execute(api.db),
    ).rejects.toMatchObject({ constraint: 'play_breaks_fixed' });
    await expect(
      sql`UPDATE play_breaks SET return_requested_at = now(), returns_at = now() + interval '1 day' WHERE id = ${latest.id}`.execute(
        api.db,
      ),
    ).rejects.toMatchObject({
      constraint: 'play_breaks_return_after_end',
    });
    await expect(sql`DELETE FROM play_breaks WHERE id = ${latest.id}`.execute(api.db)).rejects.toThrow(/append-only/);
    // So is the api's own role.
    const asApi = new pg.Client({ connectionString: api.database.apiUrl });
    await asApi.connect();
    try {
      await expect(asApi.query('DELETE FROM play_breaks WHERE user_id = $1', [player.id])).rejects.toThrow(
        /permission denied|append-only/,
      );
      await expect(
        asApi.query('UPDATE play_breaks SET ends_at = now() WHERE user_id = $1', [player.id]),
      ).rejects.toThrow(/cannot be shortened/);
    } finally {
      await asApi.end();
    }
    expect(await api.db.selectFrom('play_breaks').select('id').where('user_id', '=', player.id).execute()).toHaveLength(
      2,
    );
  });

  it('the console shows it read-only; suspending and reinstating does not lift it', async () => {
    const player = await createUser(api);
    expect((await takeBreak(player.token, '1y')).status).toBe(200);
    const list = await api.request('GET', `/api/v1/admin/players?q=${player.username}`, { token: admin.token });
    expect(list.body.data.players.find((p: { id: string }) => p.id === player.id)).toMatchObject({
      playBreak: { kind: 'exclusion', option: '1y', phase: 'exclusion' },
    });
    for (const action of ['suspend', 'reinstate']) {
      expect(
        (
          await api.request('PUT', `/api/v1/admin/players/${player.id}/${action}`, {
            token: admin.token,
            body: { reason: 'Player asked us to lift it' },
          })
        ).status,
      ).toBe(200);
    }
    const again = await signIn(player);
    expect(again.status).toBe(403);
    expect(again.body.message).toMatch(
      /^You have excluded yourself until .+ IST\. For help, write to help@winround\.test\.$/,
    );
    // No route of the console touches play_breaks.
    expect(await api.db.selectFrom('play_breaks').select('id').where('user_id', '=', player.id).execute()).toHaveLength(
      1,
    );
  });

  it('an exclusion past its end waits for a request to return; the account opens 24 hours after it', async () => {
    const player = await createUser(api);
    const startedAt = new Date(Date.now() - 200 * DAY);
    await api.db
      .insertInto('play_breaks')
      .values({
        user_id: player.id,
        kind: 'exclusion',
        option: '6m',
        started_at: startedAt,
        ends_at: new Date(Date.now() - 10 * DAY),
        actor_id: player.id,
        reason: 'test',
      })
      .execute();
    const refused = await signIn(player);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(
      /^Your self-exclusion ended on .+ IST\. To play again, ask to return: your account opens 24 hours after you ask\. For help/,
    );
    const token = refused.body.playBreak.withdrawToken as string;
    expect((await api.request('GET', '/api/v1/play-safely/away', { token })).body.data.canAskToReturn).toBe(true);
    const back = await api.request('POST', '/api/v1/play-safely/away/return', { token });
    expect(back.status).toBe(200);
    expect(Date.parse(back.body.data.playBreak.until) - Date.now()).toBeGreaterThan(DAY - 60_000);
    expect((await signIn(player)).body.message).toMatch(
      /^You asked to return from self-exclusion\. Your account opens on .+ IST\./,
    );
    expect((await api.request('POST', '/api/v1/play-safely/away/return', { token })).status).toBe(409);
    expect(
      await api.db
        .selectFrom('audit_log')
        .select(['actor_id', 'beneficiary_id'])
        .where('action', '=', 'play-break.return')
        .where('beneficiary_id', '=', player.id)
        .execute(),
    ).toEqual([{ actor_id: player.id, beneficiary_id: player.id }]);
  });

  it('refuses: no option or an unknown one (400), an administrator (403); nothing starts', async () => {
    const player = await createUser(api);
    const none = await api.request('POST', '/api/v1/play-safely/break', { token: player.token, body: {} });
    expect(none.status).toBe(400);
    const unknown = await takeBreak(player.token, '3d');
    expect({ status: unknown.status, errors: unknown.body.errors }).toEqual({
      status: 400,
      errors: { option: expect.stringMatching(/^Please choose how long/) },
    });
    expect((await takeBreak(admin.token, '7d')).status).toBe(403);
    expect((await api.request('GET', '/api/v1/play-safely/break', { token: player.token })).body.data).toEqual({
      playBreak: null,
    });
    expect((await api.request('GET', '/api/v1/wallet/summary', { token: player.token })).status).toBe(200);
  });
});
