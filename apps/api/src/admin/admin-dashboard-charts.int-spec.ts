import { jest } from '@jest/globals';
import { randomBytes, randomUUID } from 'node:crypto';
import type { DashboardCharts } from '@app/contracts';
import { bigSmallOfDigit, colorOfDigit } from '@app/domain';
import { decide, deposit, newUtr, upiWithdrawal, withdraw } from '../payment/testing/payments.js';
import { createUser, startTestApi, type TestApi, type TestUser, recordTestChain } from '@app/testing';

jest.setTimeout(60_000);

const hex64 = () => randomBytes(32).toString('hex');
const istToday = () => new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);

describe('GET /admin/dashboard/charts', () => {
  let api: TestApi;
  let admin: TestUser;
  beforeAll(async () => {
    api = await startTestApi({ env: { RATE_LIMITS: 'false', WITHDRAWAL_TURNOVER_PERCENT: '0' } });
    admin = await createUser(api, { role: 'super-admin' });
  });
  afterAll(() => api.close());

  const charts = async (): Promise<DashboardCharts> => {
    const res = await api.request('GET', '/api/v1/admin/dashboard/charts', { token: admin.token });
    expect(res.status).toBe(200);
    return res.body.data as DashboardCharts;
  };

  it('the last 50 settled rounds, oldest first: bets that stood, stake volume and the house result, exact to the paisa', async () => {
    const [p1, p2] = [await createUser(api, { main: 5000_00 }), await createUser(api, { main: 5000_00 })];
    const chain = await recordTestChain(api.db, { commitment: hex64(), length: 1000 });
    const base = Date.parse('2026-11-20T18:30:00.000Z'); // IST midnight of 21 Nov
    const ids: string[] = [];
    for (let n = 1; n <= 53; n++) {
      const start = new Date(base + (n - 1) * 30_000);
      const id = `20261121${String(n).padStart(4, '0')}`;
      const status = n === 53 ? 'DRAWN' : n === 52 ? 'REFUNDED' : 'SETTLED';
      const drawn = status !== 'REFUNDED';
      await api.db
        .insertInto('periods')
        .values({
          id,
          start_at: start,
          lock_at: new Date(start.getTime() + 25_000),
          end_at: new Date(start.getTime() + 30_000),
          status,
          chain_id: chain.id,
          chain_index: n,
          seed_hash: hex64(),
          seed: drawn ? hex64() : null,
          digit: drawn ? 7 : null,
          color: drawn ? colorOfDigit(7) : null,
          big_small: drawn ? bigSmallOfDigit(7) : null,
          drawn_at: drawn ? new Date(start.getTime() + 30_000) : null,
          settled_at: status === 'SETTLED' ? new Date(start.getTime() + 30_000) : null,
        })
        .execute();
      ids.push(id);
    }
    const bet = (userId: string, periodId: string, over: Record<string, unknown>) => ({
      id: randomUUID(),
      user_id: userId,
      period_id: periodId,
      bet_type: 'number',
      bet_value: '7',
      placed_at: new Date(base),
      ...over,
    });
    // Period 51 (the newest settled): ₹10 on 7 won (credited ₹75.60 + ₹14.40 GST), ₹100 on red lost, ₹25 refunded.
    // Period 4: ₹1,000.55 lost. Period 1 is older than the newest 50 settled (2–51) and not charted.
    await api.db
      .insertInto('bets')
      .values([
        bet(p1.id, ids[50]!, {
          amount: 1_000,
          status: 'COMPLETED',
          is_win: true,
          win_amount: 7_560,
          gst_amount: 1_440,
        }),
        bet(p2.id, ids[50]!, {
          bet_type: 'color',
          bet_value: 'red',
          amount: 10_000,
          status: 'COMPLETED',
          is_win: false,
        }),
        bet(p1.id, ids[50]!, { bet_type: 'bigSmall', bet_value: 'big', amount: 2_500, status: 'REFUNDED' }),
        bet(p2.id, ids[3]!, { amount: 100_055, status: 'COMPLETED', is_win: false }),
        bet(p1.id, ids[0]!, { amount: 99_900, status: 'COMPLETED', is_win: false }),
      ] as never)
      .execute();

    const { rounds } = await charts();
    expect(rounds).toHaveLength(50);
    expect(rounds[0]).toEqual({ periodId: ids[1], bets: 0, stake: '0.00', houseResult: '0.00' });
    expect(rounds.map((r) => r.periodId)).toEqual(ids.slice(1, 51));
    expect(rounds.find((r) => r.periodId === ids[3])).toEqual({
      periodId: ids[3],
      bets: 1,
      stake: '1000.55',
      houseResult: '1000.55',
    });
    // Stakes ₹110 stood; the house kept ₹100 and paid ₹90 gross for the ₹10 win: 110 − 90 = ₹20.
    expect(rounds.at(-1)).toEqual({ periodId: ids[50], bets: 2, stake: '110.00', houseResult: '20.00' });
    expect(rounds.filter((r) => r.bets === 0)).toHaveLength(48);
  });

  it('approved deposits and withdrawals per IST day for 14 days, today last; pending and rejected ones left out', async () => {
    const player = await createUser(api, { main: 3000_00 });
    const depositOf = async (amount: number) => {
      const res = await deposit(api, player, { amount, utrNumber: newUtr(), upiApp: 'PHONEPE' });
      expect(res.status).toBe(201);
      return res.body.data.transactionId as string;
    };
    const withdrawalOf = async (amount: number) => {
      const res = await withdraw(api, player, upiWithdrawal(amount));
      expect(res.status).toBe(201);
      return res.body.data.transactionId as string;
    };
    await decide(api, admin, await depositOf(300.25), 'COMPLETED');
    await decide(api, admin, await depositOf(1000), 'COMPLETED');
    await decide(api, admin, await depositOf(200), 'FAILED');
    await depositOf(150);
    await decide(api, admin, await withdrawalOf(700), 'COMPLETED');
    await decide(api, admin, await withdrawalOf(500), 'FAILED');

    const { days } = await charts();
    expect(days).toHaveLength(14);
    expect(days.at(-1)).toEqual({ day: istToday(), deposits: '1300.25', withdrawals: '700.00' });
    expect(days.slice(0, -1).every((d) => d.deposits === '0.00' && d.withdrawals === '0.00')).toBe(true);
    const first = new Date(`${days[0]!.day}T00:00:00Z`).getTime();
    expect((new Date(`${istToday()}T00:00:00Z`).getTime() - first) / 86_400_000).toBe(13);
  });

  it('is for super-admins only', async () => {
    const player = await createUser(api);
    expect((await api.request('GET', '/api/v1/admin/dashboard/charts', { token: player.token })).status).toBe(403);
    expect((await api.request('GET', '/api/v1/admin/dashboard/charts')).status).toBe(401);
  });
});
