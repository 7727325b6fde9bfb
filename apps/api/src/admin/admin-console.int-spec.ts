import { jest } from '@jest/globals';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import type { DashboardData } from '@app/contracts';
import type { Database } from '@app/db';
import { bigSmallOfDigit, colorOfDigit } from '@app/domain';
import {
  decide,
  deposit,
  expectLedgerConsistent,
  newUtr,
  upiWithdrawal,
  withdraw,
} from '../payment/testing/payments.js';
import { PresenceService } from '../presence/presence.service.js';
import {
  connected,
  createUser,
  startTestApi,
  TEST_API_KEY,
  type TestApi,
  type TestUser,
  recordTestChain,
} from '@app/testing';

jest.setTimeout(60_000);

const hex64 = () => randomBytes(32).toString('hex');

/** A period of 30 s starting at `start`, in the given state (drawn ones carry their seed and result). */
async function insertPeriod(
  db: Database,
  chainId: number,
  index: number,
  start: Date,
  status: 'OPEN' | 'DRAWN' | 'SETTLED' | 'REFUNDED',
  digit?: number,
) {
  const ist = new Date(start.getTime() + 5.5 * 3600_000);
  const id = `${ist.toISOString().slice(0, 10).replaceAll('-', '')}${String(index).padStart(4, '0')}`;
  const drawn = status === 'DRAWN' || status === 'SETTLED';
  const endAt = new Date(start.getTime() + 30_000);
  await db
    .insertInto('periods')
    .values({
      id,
      start_at: start,
      lock_at: new Date(start.getTime() + 25_000),
      end_at: endAt,
      status,
      chain_id: chainId,
      chain_index: index,
      seed_hash: hex64(),
      seed: drawn ? hex64() : null,
      digit: drawn ? digit! : null,
      color: drawn ? colorOfDigit(digit!) : null,
      big_small: drawn ? bigSmallOfDigit(digit!) : null,
      drawn_at: drawn ? endAt : null,
      settled_at: status === 'SETTLED' ? endAt : null,
    })
    .execute();
  return { id, endAt };
}

/** A bet row as the round engine writes one (the dashboard reads the bets table; money moves are not its concern). */
async function insertBet(
  db: Database,
  bet: {
    userId: string;
    periodId: string;
    betType: 'color' | 'bigSmall' | 'number';
    paise: number;
    status: 'PENDING' | 'COMPLETED' | 'REFUNDED';
    createdAt: Date;
  },
) {
  const id = randomUUID();
  await db
    .insertInto('bets')
    .values({
      id,
      user_id: bet.userId,
      period_id: bet.periodId,
      bet_type: bet.betType,
      bet_value: bet.betType === 'color' ? 'red' : bet.betType === 'bigSmall' ? 'big' : '7',
      amount: bet.paise,
      status: bet.status,
      is_win: bet.status === 'COMPLETED' ? false : null,
      placed_at: bet.createdAt,
      created_at: bet.createdAt,
      updated_at: bet.createdAt,
    })
    .execute();
  return id;
}

describe('admin console: GET /admin/dashboard and GET /admin/admin-profile', () => {
  let api: TestApi;
  let admin: TestUser;

  beforeAll(async () => {
    api = await startTestApi({ env: { RATE_LIMITS: 'false', WITHDRAWAL_TURNOVER_PERCENT: '0' } });
    await api.app.get(PresenceService).setTimings({ heartbeatMs: 200, ttlMs: 1000 });
    // An administrator holds no wallet: nothing of theirs can count.
    admin = await createUser(api, { role: 'super-admin' });
  });
  afterAll(() => api.close());

  const dashboard = async (): Promise<DashboardData> => {
    const res = await api.request('GET', '/api/v1/admin/dashboard', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    return res.body.data;
  };

  it('an empty platform: every figure 0 and the three lists empty', async () => {
    expect(await dashboard()).toEqual({
      stats: {
        totalDeposit: '0.00',
        pendingDeposit: '0.00',
        completedDeposit: '0.00',
        totalOnlineUsers: 0,
        totalUsers: 0,
        totalBets: 0,
        pendingBets: 0,
        completedBets: 0,
        totalWalletBalance: '0.00',
        totalGameResults: 0,
        totalWithdraw: '0.00',
        completedWithdraw: '0.00',
        pendingWithdraw: '0.00',
      },
      recentUsers: [],
      recentBets: [],
      recentGameResults: [],
    });
  });

  it('the admin profile: the account and its presence', async () => {
    const res = await api.request('GET', '/api/v1/admin/admin-profile', { token: admin.token });
    expect(res.status).toBe(200);
    const row = await api.db.selectFrom('users').selectAll().where('id', '=', admin.id).executeTakeFirstOrThrow();
    expect(res.body.data.admin).toEqual({
      username: admin.username,
      email: admin.email,
      role: 'super-admin',
      verified: row.verified,
      status: 'offline',
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    });
    expect(Object.keys(res.body.data.admin)).not.toContain('password_hash');
  });

  describe('figures and lists from seeded data', () => {
    const players: TestUser[] = [];
    let data: DashboardData;
    const betIds: string[] = [];
    const betCreated: Date[] = [];
    const drawn: { id: string; endAt: Date; digit: number }[] = [];

    beforeAll(async () => {
      // Players: p1 ₹2,000 main, p2 ₹800 main, p3 ₹50.25 bonus only, then 11 more with empty wallets.
      players.push(await createUser(api, { main: 2000_00, username: 'p1_dash' }));
      players.push(await createUser(api, { main: 800_00, username: 'p2_dash' }));
      players.push(await createUser(api, { bonus: 50_25, username: 'p3_dash' }));
      for (let i = 0; i < 11; i++)
        players.push(await createUser(api, { username: `late_${String(i).padStart(2, '0')}` }));
      const [p1, p2] = players as [TestUser, TestUser];

      // Deposits: ₹500.50 pending, ₹300 approved, ₹200 rejected.
      const depositOf = async (player: TestUser, amount: number) => {
        const res = await deposit(api, player, { amount, utrNumber: newUtr(), upiApp: 'PHONEPE' });
        expect(res.status).toBe(201);
        return res.body.data.transactionId as string;
      };
      await depositOf(p1, 500.5);
      await decide(api, admin, await depositOf(p1, 300), 'COMPLETED');
      await decide(api, admin, await depositOf(p2, 200), 'FAILED');

      // Withdrawals: ₹600 pending (held), ₹700 approved (paid out), ₹500 rejected (returned).
      const withdrawalOf = async (player: TestUser, amount: number) => {
        const res = await withdraw(api, player, upiWithdrawal(amount));
        expect(res.status).toBe(201);
        return res.body.data.transactionId as string;
      };
      await withdrawalOf(p1, 600);
      await decide(api, admin, await withdrawalOf(p1, 700), 'COMPLETED');
      await decide(api, admin, await withdrawalOf(p2, 500), 'FAILED');

      // Periods: 3 drawn (1 DRAWN, 2 SETTLED), 1 refunded, 1 open.
      const chain = await recordTestChain(api.db, { commitment: hex64(), length: 1000 });
      const base = Date.parse('2026-11-21T04:30:00.000Z');
      const at = (n: number) => new Date(base + n * 30_000);
      const settled1 = await insertPeriod(api.db, chain.id, 1, at(0), 'SETTLED', 7);
      const settled2 = await insertPeriod(api.db, chain.id, 2, at(1), 'SETTLED', 0);
      const refunded = await insertPeriod(api.db, chain.id, 3, at(2), 'REFUNDED');
      const drawnOnly = await insertPeriod(api.db, chain.id, 4, at(3), 'DRAWN', 4);
      const open = await insertPeriod(api.db, chain.id, 5, at(4), 'OPEN');
      drawn.push({ ...drawnOnly, digit: 4 }, { ...settled2, digit: 0 }, { ...settled1, digit: 7 });

      // Bets: 8 completed, 1 refunded, 3 pending; created one second apart, p1 and p2 alternating.
      const plan: Array<[string, 'COMPLETED' | 'REFUNDED' | 'PENDING']> = [
        ...Array.from({ length: 4 }, () => [settled1.id, 'COMPLETED'] as [string, 'COMPLETED']),
        ...Array.from({ length: 4 }, () => [settled2.id, 'COMPLETED'] as [string, 'COMPLETED']),
        [refunded.id, 'REFUNDED'],
        ...Array.from({ length: 3 }, () => [open.id, 'PENDING'] as [string, 'PENDING']),
      ];
      const games = ['color', 'bigSmall', 'number'] as const;
      for (const [i, [periodId, status]] of plan.entries()) {
        const createdAt = new Date(base + 120_000 + i * 1000);
        const player = i % 2 === 0 ? p1 : p2;
        // One bet per player, period and game: spread them over the games and the two players.
        const betType = games[Math.floor(i / 2) % 3]!;
        betIds.push(
          await insertBet(api.db, {
            userId: player.id,
            periodId,
            betType,
            paise: (i + 1) * 10_00 + 50,
            status,
            createdAt,
          }),
        );
        betCreated.push(createdAt);
      }

      data = await dashboard();
    });

    afterAll(() => expectLedgerConsistent(api.db));

    it('money figures are exact rupees: deposits and withdrawals by status', () => {
      expect(data.stats).toMatchObject({
        totalDeposit: '1000.50',
        pendingDeposit: '500.50',
        completedDeposit: '300.00',
        totalWithdraw: '1800.00',
        pendingWithdraw: '600.00',
        completedWithdraw: '700.00',
      });
    });

    it('totalWalletBalance is main + bonus of every player, as the wallets hold it', async () => {
      // p1: 2,000 + 300 approved − 600 held − 700 paid = 1,000; p2: 800 (its withdrawal came back); p3: 50.25 bonus.
      expect(data.stats.totalWalletBalance).toBe('1850.25');
      const { sum } = await api.db
        .selectFrom('wallets')
        .innerJoin('users', 'users.id', 'wallets.user_id')
        .select((eb) => eb.fn.sum<number>(eb('wallets.main', '+', eb.ref('wallets.bonus'))).as('sum'))
        .where('users.role', '=', 'user')
        .executeTakeFirstOrThrow();
      expect(Number(sum)).toBe(185_025);
    });

    it('counts: players (not admins), bets by status, drawn periods, online players', () => {
      expect(data.stats).toMatchObject({
        totalUsers: 14,
        totalBets: 12,
        pendingBets: 3,
        completedBets: 8,
        totalGameResults: 3,
        totalOnlineUsers: 0,
      });
    });

    it('recentUsers: the 10 newest players, newest first, without admins', () => {
      const newest = players.slice(-10).reverse();
      expect(data.recentUsers).toHaveLength(10);
      expect(data.recentUsers.map((u) => u.username)).toEqual(newest.map((p) => p.username));
      expect(data.recentUsers[0]).toEqual({
        _id: newest[0]!.id,
        username: newest[0]!.username,
        email: newest[0]!.email,
        createdAt: expect.any(String),
      });
      expect(data.recentUsers.map((u) => u.username)).not.toContain(admin.username);
      const times = data.recentUsers.map((u) => Date.parse(u.createdAt));
      expect([...times].sort((x, y) => y - x)).toEqual(times);
    });

    it('recentBets: the 10 newest bets with the player, the stake in rupees and the status', () => {
      expect(data.recentBets).toHaveLength(10);
      const expected = betIds
        .map((id, i) => ({
          _id: id,
          userId: { username: i % 2 === 0 ? 'p1_dash' : 'p2_dash' },
          amount: (i + 1) * 10 + 0.5,
          status: i < 8 ? 'COMPLETED' : i === 8 ? 'REFUNDED' : 'PENDING',
          createdAt: betCreated[i]!.toISOString(),
        }))
        .reverse()
        .slice(0, 10);
      expect(data.recentBets).toEqual(expected);
    });

    it('recentGameResults: drawn periods, newest first, with colour, number, big/small, digit and time', () => {
      expect(data.recentGameResults).toEqual(
        drawn.map((p) => ({
          _id: p.id,
          periodId: p.id,
          color: colorOfDigit(p.digit),
          number: p.digit,
          bigSmall: bigSmallOfDigit(p.digit),
          digit: p.digit,
          timestamp: p.endAt.toISOString(),
        })),
      );
      expect(data.recentGameResults.map((r) => [r.digit, r.color, r.bigSmall])).toEqual([
        [4, 'red', 'small'],
        [0, 'violet', 'small'],
        [7, 'green', 'big'],
      ]);
    });

    it('the figures follow new activity: an approved deposit, a new bet and a player coming online', async () => {
      const [p1, , p3] = players as [TestUser, TestUser, TestUser];
      const res = await deposit(api, p3, { amount: 1000, utrNumber: newUtr(), upiApp: 'GOOGLE_PAY' });
      await decide(api, admin, res.body.data.transactionId, 'COMPLETED');
      const open = await api.db
        .selectFrom('periods')
        .select('id')
        .where('status', '=', 'OPEN')
        .executeTakeFirstOrThrow();
      const latest = await insertBet(api.db, {
        userId: p3.id,
        periodId: open.id,
        betType: 'color',
        paise: 100_00,
        status: 'PENDING',
        createdAt: new Date(),
      });
      const socket = await connected(api.socket({ apiKey: TEST_API_KEY, token: p1.token }) as unknown as Socket);

      let after = await dashboard();
      for (let i = 0; i < 40 && after.stats.totalOnlineUsers !== 1; i++) {
        await new Promise((r) => setTimeout(r, 50));
        after = await dashboard();
      }
      expect(after.stats).toMatchObject({
        totalDeposit: '2000.50',
        completedDeposit: '1300.00',
        pendingDeposit: '500.50',
        totalWalletBalance: '2850.25',
        totalBets: 13,
        pendingBets: 4,
        totalOnlineUsers: 1,
      });
      expect(after.recentBets[0]).toMatchObject({
        _id: latest,
        userId: { username: 'p3_dash' },
        amount: 100,
        status: 'PENDING',
      });
      socket.disconnect();
    });
  });

  it('is for the super-admin only: anonymous 401, player 403', async () => {
    const player = await createUser(api);
    for (const path of ['/api/v1/admin/dashboard', '/api/v1/admin/admin-profile']) {
      const anonymous = await api.request('GET', path);
      expect([anonymous.status, anonymous.body.message]).toEqual([401, 'Please log in to continue.']);
      const asPlayer = await api.request('GET', path, { token: player.token });
      expect([asPlayer.status, asPlayer.body.message]).toEqual([403, 'You do not have access to this.']);
      expect((await api.request('GET', path, { token: admin.token })).status).toBe(200);
    }
  });
});
