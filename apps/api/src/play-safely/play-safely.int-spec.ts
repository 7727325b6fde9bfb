import { randomUUID } from 'node:crypto';
import type { BetMessage, GameKey } from '@app/contracts';
import {
  createUser,
  eventually,
  freshPeriod,
  startTestApi,
  startTestEngine,
  TEST_API_KEY,
  type TestApi,
  type TestEngine,
  type TestUser,
} from '@app/testing';
import { deposit, expectLedgerConsistent, newUtr } from '../payment/testing/payments.js';

const ROUNDS = {
  ROUND_SECONDS: '4',
  LOCK_SECONDS: '1',
  BET_PARTITIONS: '2',
  FAIRNESS_CHAIN_LENGTH: '3000',
  RATE_LIMITS: 'false',
};
const periodConfig = { roundSeconds: 4, lockSeconds: 1 };
const DAY_MS = 24 * 3_600_000;

/** Limits a player sets for themself, through the real api, engine and sockets (docs/play-safely.md). */
describe('play safely: limits', () => {
  let api: TestApi;
  let engine: TestEngine;
  beforeAll(async () => {
    api = await startTestApi({ env: ROUNDS });
    engine = await startTestEngine({
      database: api.database,
      env: { ...ROUNDS, REDIS_PREFIX: api.config.REDIS_PREFIX },
    });
  });
  afterAll(async () => {
    await engine.close();
    await api.close();
  });

  const limitsOf = (user: TestUser) => api.request('GET', '/api/v1/player/limits', { token: user.token });
  const setLimits = (user: TestUser, body: Record<string, unknown>) =>
    api.request('PUT', '/api/v1/player/limits', { token: user.token, body });
  const limit = (res: { body: any }, kind: string) =>
    res.body.data.playSafely.limits.find((l: { kind: string }) => l.kind === kind);

  it('a lower limit applies at once, a higher one waits 24 hours and can be cancelled; a bad value changes nothing; players only', async () => {
    const player = await createUser(api);
    const fresh = await limitsOf(player);
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.playSafely).toMatchObject({
      realityCheckMinutes: 60,
      limitsOffered: false,
      pausedUntil: null,
    });
    expect(limit(fresh, 'deposit24h')).toEqual({
      kind: 'deposit24h',
      value: null,
      pending: null,
      used: null,
      left: null,
      resetsAt: null,
    });

    const set = await setLimits(player, { limits: { deposit24h: 2000, loss7d: 5000 }, realityCheckMinutes: 30 });
    expect(set.status).toBe(200);
    expect(set.body.message).toBe('Your limits are saved.');
    expect(limit(set, 'deposit24h')).toMatchObject({ value: 2000, pending: null, used: 0, left: 2000 });
    expect(set.body.data.playSafely).toMatchObject({ realityCheckMinutes: 30, limitsOffered: true });

    const higher = await setLimits(player, { limits: { deposit24h: 5000, loss7d: 1000 } });
    const pending = limit(higher, 'deposit24h');
    expect(pending).toMatchObject({ value: 2000, pending: { value: 5000 } });
    expect(Math.abs(new Date(pending.pending.effectiveAt).getTime() - (Date.now() + DAY_MS))).toBeLessThan(60_000);
    expect(limit(higher, 'loss7d')).toMatchObject({ value: 1000, pending: null });

    // The history the care signals read: applied at once, and a loosening asked for (paise).
    const changes = await api.db
      .selectFrom('limit_changes')
      .select(['kind', 'change', 'from_value', 'to_value'])
      .where('user_id', '=', player.id)
      .orderBy('id')
      .execute();
    expect(
      changes.map((c) => [c.kind, c.change, c.from_value === null ? null : Number(c.from_value), Number(c.to_value)]),
    ).toEqual([
      ['deposit24h', 'applied', null, 200_000],
      ['loss7d', 'applied', null, 500_000],
      ['deposit24h', 'loosening', 200_000, 500_000],
      ['loss7d', 'applied', 500_000, 100_000],
    ]);

    const cancelled = await setLimits(player, { cancelPending: ['deposit24h'] });
    expect(limit(cancelled, 'deposit24h')).toMatchObject({ value: 2000, pending: null });
    const again = await setLimits(player, { cancelPending: ['deposit24h'] });
    expect({ status: again.status, message: again.body.message }).toEqual({
      status: 409,
      message: 'This limit has no change waiting.',
    });

    const bad = await setLimits(player, { limits: { deposit24h: 0.5, loss24h: 100 } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty(['limits.deposit24h']);
    expect(limit(await limitsOf(player), 'loss24h')).toMatchObject({ value: null });

    // A pending change whose day has passed is in force, written or not.
    await setLimits(player, { limits: { deposit24h: null } });
    await api.db
      .updateTable('player_limits')
      .set({ pending_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', player.id)
      .where('kind', '=', 'deposit24h')
      .execute();
    expect(limit(await limitsOf(player), 'deposit24h')).toMatchObject({ value: null, pending: null });

    const admin = await createUser(api, { role: 'super-admin' });
    expect((await limitsOf(admin)).status).toBe(403);
  });

  it('10 parallel deposit claims against a ₹1,000 24-hour limit: exactly two of ₹500 are taken; the others are refused naming the limit', async () => {
    const player = await createUser(api);
    expect((await setLimits(player, { limits: { deposit24h: 1000 } })).status).toBe(200);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        deposit(api, player, { amount: 500, utrNumber: newUtr(), upiApp: 'PHONEPE', payer: 'ravi.kumar@okaxis' }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 403, 403, 403, 403, 403, 403, 403, 403]);
    const refused = results.find((r) => r.status === 403)!;
    expect(refused.body.message).toMatch(
      /^Your 24-hour deposit limit of ₹1,000 leaves ₹0 until \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} IST\.$/,
    );
    const claimed = await api.db
      .selectFrom('transactions')
      .select('amount')
      .where('user_id', '=', player.id)
      .where('type', '=', 'DEPOSIT')
      .execute();
    expect(claimed.map((c) => Number(c.amount))).toEqual([50_000, 50_000]);
    expect(limit(await limitsOf(player), 'deposit24h')).toMatchObject({ used: 1000, left: 0 });
    // Each refusal is kept for the care signals, with what the player was told.
    const hits = await api.db
      .selectFrom('limit_hits')
      .select(['kind', 'message'])
      .where('user_id', '=', player.id)
      .execute();
    expect(hits).toHaveLength(8);
    expect(
      hits.every((h) => h.kind === 'deposit' && /^Your 24-hour deposit limit of ₹1,000 leaves ₹0/.test(h.message)),
    ).toBe(true);

    // The database refuses a claim past the limit whatever the code above it does.
    await expect(
      api.db
        .insertInto('transactions')
        .values({
          transaction_id: `DEP-${randomUUID()}`,
          user_id: player.id,
          wallet_id: player.walletId,
          type: 'DEPOSIT',
          method: 'UPI',
          status: 'PENDING',
          amount: 10_000,
          utr_number: newUtr(),
          ist_day: '2026-11-29',
        } as never)
        .execute(),
    ).rejects.toMatchObject({ constraint: 'player_deposit_limit' });
  });

  it('parallel bets of one player on every game against a ₹500 24-hour loss limit: two of ₹200 are placed, the third is refused (LOSS_LIMIT); pending stakes count', async () => {
    const player = await createUser(api, { main: 10_000_00 });
    const bystander = await createUser(api, { main: 10_000_00 });
    expect((await setLimits(player, { limits: { loss24h: 500 } })).status).toBe(200);
    const period = await freshPeriod(periodConfig, 2500);
    const games: Array<[GameKey, string]> = [
      ['color', 'red'],
      ['bigSmall', 'big'],
      ['number', '7'],
    ];
    const sockets = await Promise.all(
      [...games.map(() => player), bystander].map((u) => api.connect({ apiKey: TEST_API_KEY, token: u.token })),
    );
    // Every socket of a player hears each of its answers: collect them on the first, by command.
    const own = new Map<string, BetMessage>();
    sockets[0]!.on('bet-message', (m) => own.set(String(m.commandId), m));
    const bystanderAnswer = new Promise<BetMessage>((resolve) => sockets[3]!.once('bet-message', resolve));
    // Every socket sends at once: the player's three bets and another player's, on the partitions they hash to.
    sockets.forEach((socket, i) => {
      const [betType, betValue] = games[i % 3]!;
      socket.emit('place-bet', { periodId: period.periodId, betType, betValue, amount: 200 });
    });
    expect(await bystanderAnswer).toMatchObject({ success: true });
    await eventually(async () => own.size === 3, 5000, 'three answers');
    for (const socket of sockets) socket.disconnect();
    const answers = [...own.values()];
    expect(answers.filter((r) => r.success)).toHaveLength(2);
    const refused = answers.find((r) => !r.success)!;
    expect(refused.message).toMatch(/^Your 24-hour loss limit of ₹500 leaves ₹100 until .+ IST\.$/);
    const stakes = await api.db.selectFrom('bets').select('amount').where('user_id', '=', player.id).execute();
    expect(stakes.map((s) => Number(s.amount))).toEqual([20_000, 20_000]);
    expect(limit(await limitsOf(player), 'loss24h')).toMatchObject({ used: 400, left: 100 });
    // The bet batch kept the refusal for the care signals, in its own write.
    expect(
      await api.db.selectFrom('limit_hits').select(['kind', 'message']).where('user_id', '=', player.id).execute(),
    ).toEqual([{ kind: 'loss', message: refused.message }]);

    // The database refuses bets that pass a loss limit, whatever the code above it does.
    await expect(
      api.db
        .insertInto('bets')
        .values({
          id: randomUUID(),
          user_id: player.id,
          period_id: period.periodId,
          bet_type: 'number',
          bet_value: '1',
          amount: 20_000,
          placed_at: new Date(),
        } as never)
        .execute(),
    ).rejects.toMatchObject({ constraint: 'player_loss_limit' });

    await eventually(
      async () =>
        (await api.db.selectFrom('bets').select('status').where('period_id', '=', period.periodId).execute()).every(
          (b) => b.status === 'COMPLETED',
        ),
      15_000,
      'the round settled',
    );
    await expectLedgerConsistent(api.db);
  });

  it('at the session limit the player is told, every session ends, the socket closes, and sign-in waits until the window resets', async () => {
    const player = await createUser(api);
    expect((await setLimits(player, { limits: { sessionMinutes: 30 } })).status).toBe(200);
    const session = (await api.request('GET', '/api/v1/player/session', { token: player.token })).body.data.session;
    expect(session).toMatchObject({ staked: 0, won: 0, net: 0, realityCheckMinutes: 60 });
    expect(new Date(session.endsAt).getTime() - new Date(session.startedAt).getTime()).toBe(30 * 60_000);

    // The session started 31 minutes ago: connecting ends it at once.
    await api.db
      .updateTable('sessions')
      .set({ created_at: new Date(Date.now() - 31 * 60_000) })
      .where('id', '=', player.sessionId)
      .execute();
    const socket = api.socket({ apiKey: TEST_API_KEY, token: player.token });
    const notice = new Promise<{ message: string; pausedUntil: string }>((resolve) =>
      socket.once('session-limit', resolve),
    );
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    socket.connect();
    const told = await notice;
    expect(told.message).toMatch(
      /^You have reached your session limit of 30 minutes\. You can play again from .+ IST\.$/,
    );
    expect(await closed).toBe('io server disconnect');
    expect((await api.request('GET', '/api/v1/player/limits', { token: player.token })).status).toBe(401);
    const revoked = await api.db
      .selectFrom('sessions')
      .select('revoked_reason')
      .where('user_id', '=', player.id)
      .execute();
    expect(revoked.every((s) => s.revoked_reason === 'session-limit')).toBe(true);
    expect(
      await api.db.selectFrom('limit_hits').select(['kind', 'message']).where('user_id', '=', player.id).execute(),
    ).toEqual([{ kind: 'session', message: told.message }]);

    const login = await api.request('POST', '/api/v1/auth/login', {
      body: { email: player.email, password: player.password },
    });
    expect({ status: login.status, message: login.body.message }).toEqual({ status: 403, message: told.message });
    // Once the window resets, the player signs in again.
    await api.db
      .updateTable('player_play_settings')
      .set({ play_paused_until: new Date(Date.now() - 1000) })
      .where('user_id', '=', player.id)
      .execute();
    expect(
      (await api.request('POST', '/api/v1/auth/login', { body: { email: player.email, password: player.password } }))
        .status,
    ).toBe(200);
  });
});
