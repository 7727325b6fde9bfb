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
import { login } from '../../auth/testing/identity-kit.js';
import { decide, deposit, newUtr, upiWithdrawal, wallet, withdraw } from '../../payment/testing/payments.js';

const ROUNDS = {
  ROUND_SECONDS: '4',
  LOCK_SECONDS: '1',
  BET_PARTITIONS: '2',
  FAIRNESS_CHAIN_LENGTH: '3000',
  RATE_LIMITS: 'false',
  WITHDRAWAL_TURNOVER_PERCENT: '0',
};
const SUSPENDED = 'This account has been suspended. Please contact support.';

/**
 * Operators act on a player (the console's Players tab): a suspension ends every session at once, disconnects the
 * player's sockets on every api node, refuses their money routes and bets (the account's status in the database is
 * the last word, whatever token or socket they still hold), holds their pending withdrawals and leaves their balance
 * intact; it is audited with the admin as actor and the player as beneficiary. A reinstated player signs in again.
 */
describe('suspending and reinstating a player', () => {
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

  const act = (
    userId: string,
    action: 'suspend' | 'reinstate',
    body: Record<string, unknown> = { reason: 'Chargeback on a deposit' },
    token = admin.token,
  ) => api.request('PUT', `/api/v1/admin/players/${userId}/${action}`, { token, body });

  /** A player with ₹1,000 approved and a pending withdrawal of ₹500. */
  async function fundedPlayer(): Promise<{ player: TestUser; withdrawalId: string }> {
    const player = await createUser(api);
    const claim = await deposit(api, player, {
      amount: 1000,
      utrNumber: newUtr(),
      upiApp: 'PHONEPE',
      payer: 'ravi.kumar@okaxis',
    });
    expect((await decide(api, admin, claim.body.data.transactionId, 'COMPLETED')).status).toBe(200);
    const request = await withdraw(api, player, upiWithdrawal(500));
    expect(request.status).toBe(201);
    return { player, withdrawalId: request.body.data.transactionId };
  }

  it('ends every session and disconnects sockets on another node within a second; money routes and login are refused; the balance stays', async () => {
    const { player, withdrawalId } = await fundedPlayer();
    const session = await login(api, player.email, player.password);
    const socket = await second.connect({ apiKey: TEST_API_KEY, token: session.accessToken });
    const gone = new Promise<number>((resolve) => socket.on('disconnect', () => resolve(Date.now())));

    const started = Date.now();
    const res = await act(player.id, 'suspend');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Player suspended.');
    expect(res.body.data.player).toMatchObject({
      id: player.id,
      status: 'suspended',
      suspensionReason: 'Chargeback on a deposit',
      balance: 500,
    });
    expect((await gone) - started).toBeLessThan(1000);
    socket.close();

    // Every session ended; neither the old access token nor the refresh cookie works.
    expect((await api.request('GET', '/api/v1/wallet/summary', { token: session.accessToken })).status).toBe(401);
    expect((await api.request('GET', '/api/v1/auth/refresh-token', { cookie: session.cookie })).status).not.toBe(200);
    expect(
      await api.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', player.id)
        .where('revoked_at', 'is', null)
        .execute(),
    ).toEqual([]);
    const again = await api.request('POST', '/api/v1/auth/login', {
      body: { email: player.email, password: player.password },
    });
    expect({ status: again.status, message: again.body.message }).toEqual({ status: 403, message: SUSPENDED });

    // The balance is intact; the pending withdrawal is held: it cannot be paid out, it can be returned.
    expect(Number((await wallet(api.db, player.id)).main)).toBe(50_000);
    const pay = await decide(api, admin, withdrawalId, 'COMPLETED');
    expect(pay.status).toBe(409);
    expect(pay.body.message).toBe(
      'This player is suspended: reinstate them before paying out, or reject the withdrawal.',
    );

    // Audited: the admin as actor, the player as beneficiary, with the reason.
    const audit = await api.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'player.suspend')
      .where('beneficiary_id', '=', player.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: admin.id, target_id: player.id, note: 'Chargeback on a deposit' });

    // Reinstated: the player signs in again and the held withdrawal can be paid.
    const back = await act(player.id, 'reinstate', { reason: 'Bank confirmed the payment' });
    expect(back.status).toBe(200);
    expect(back.body.data.player.status).toBe('active');
    expect(
      (await api.request('POST', '/api/v1/auth/login', { body: { email: player.email, password: player.password } }))
        .status,
    ).toBe(200);
    expect((await decide(api, admin, withdrawalId, 'COMPLETED')).status).toBe(200);
    expect(
      await api.db
        .selectFrom('audit_log')
        .select('actor_id')
        .where('action', '=', 'player.reinstate')
        .where('beneficiary_id', '=', player.id)
        .execute(),
    ).toEqual([{ actor_id: admin.id }]);
    await expectLedgerReconciles(api.db);
  });

  it('a suspended player whose withdrawal is returned gets the money back on their balance', async () => {
    const { player, withdrawalId } = await fundedPlayer();
    expect((await act(player.id, 'suspend')).status).toBe(200);
    expect((await decide(api, admin, withdrawalId, 'FAILED', 'Account suspended')).status).toBe(200);
    expect(Number((await wallet(api.db, player.id)).main)).toBe(100_000);
    await expectLedgerReconciles(api.db);
  });

  it('the database status is the last word: a live token cannot deposit or withdraw, an open socket cannot bet', async () => {
    const { player } = await fundedPlayer();
    const socket = await api.connect({ apiKey: TEST_API_KEY, token: player.token });
    try {
      // Marked not active behind the api's back (a ban written by another tool): no session was revoked.
      await api.db.updateTable('users').set({ status: 'banned' }).where('id', '=', player.id).execute();
      const dep = await deposit(api, player, {
        amount: 500,
        utrNumber: newUtr(),
        upiApp: 'PHONEPE',
        payer: 'ravi.kumar@okaxis',
      });
      expect({ status: dep.status, message: dep.body.message }).toEqual({ status: 403, message: SUSPENDED });
      const out = await withdraw(api, player, upiWithdrawal(500));
      expect({ status: out.status, message: out.body.message }).toEqual({ status: 403, message: SUSPENDED });
      const period = await freshPeriod({ roundSeconds: 4, lockSeconds: 1 }, 2000);
      const answer = new Promise<BetMessage>((resolve) => socket.once('bet-message', resolve));
      socket.emit('place-bet', { periodId: period.periodId, betType: 'bigSmall', betValue: 'big', amount: 100 });
      expect(await answer).toMatchObject({ success: false, message: SUSPENDED });
      expect(await api.db.selectFrom('bets').select('id').where('user_id', '=', player.id).execute()).toEqual([]);
      expect(Number((await wallet(api.db, player.id)).main)).toBe(50_000);
    } finally {
      socket.close();
    }
  });

  it('refuses: no reason (400), an administrator or unknown id (404), twice (409), a player as actor (403); nothing changes', async () => {
    const player = await createUser(api);
    const blank = await act(player.id, 'suspend', { reason: '   ' });
    expect({ status: blank.status, errors: blank.body.errors }).toEqual({
      status: 400,
      errors: { reason: 'Please give a reason.' },
    });
    expect((await act(player.id, 'suspend', { reason: 'x'.repeat(501) })).status).toBe(400);
    expect((await act(admin.id, 'suspend')).status).toBe(404);
    expect((await act('00000000-0000-4000-8000-000000000000', 'suspend')).status).toBe(404);
    expect((await act('not-an-id', 'suspend')).status).toBe(404);
    expect((await act(player.id, 'reinstate')).body.message).toBe('This player is not suspended.');
    const other = await createUser(api);
    expect((await act(player.id, 'suspend', { reason: 'x' }, other.token)).status).toBe(403);
    expect(
      (await api.db.selectFrom('users').select('status').where('id', '=', player.id).executeTakeFirstOrThrow()).status,
    ).toBe('active');

    const [first, twice] = await Promise.all([act(player.id, 'suspend'), act(player.id, 'suspend')]);
    expect([first.status, twice.status].sort()).toEqual([200, 409]);
    expect(
      await api.db
        .selectFrom('audit_log')
        .select('id')
        .where('action', '=', 'player.suspend')
        .where('beneficiary_id', '=', player.id)
        .execute(),
    ).toHaveLength(1);
  });

  it("shows a player's own limits read-only: what the player set, pending changes included; 404 for anyone else", async () => {
    const player = await createUser(api);
    const set = await api.request('PUT', '/api/v1/player/limits', {
      token: player.token,
      body: { limits: { deposit24h: 2000, sessionMinutes: 90 }, realityCheckMinutes: 30 },
    });
    expect(set.status).toBe(200);
    const res = await api.request('GET', `/api/v1/admin/players/${player.id}/limits`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data.playSafely).toEqual(set.body.data.playSafely);
    expect(res.body.data.playSafely.limits.find((l: { kind: string }) => l.kind === 'deposit24h')).toMatchObject({
      value: 2000,
    });
    expect((await api.request('GET', `/api/v1/admin/players/${admin.id}/limits`, { token: admin.token })).status).toBe(
      404,
    );
    expect((await api.request('GET', '/api/v1/admin/players/not-an-id/limits', { token: admin.token })).status).toBe(
      404,
    );
  });

  it('finds players by username or e-mail prefix, and lists the suspended ones', async () => {
    const player = await createUser(api);
    const found = await api.request(
      'GET',
      `/api/v1/admin/players?q=${encodeURIComponent(player.username.slice(0, 6).toUpperCase())}`,
      { token: admin.token },
    );
    expect(found.status).toBe(200);
    expect(found.body.data.players.map((p: { id: string }) => p.id)).toContain(player.id);
    expect(found.body.data.players.every((p: { id: string }) => p.id !== admin.id)).toBe(true);
    await act(player.id, 'suspend');
    const suspended = await api.request('GET', '/api/v1/admin/players?status=suspended', { token: admin.token });
    expect(suspended.body.data.players.every((p: { status: string }) => p.status === 'suspended')).toBe(true);
    expect(suspended.body.data.players.map((p: { id: string }) => p.id)).toContain(player.id);
  });
});
