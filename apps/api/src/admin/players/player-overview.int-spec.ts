import { jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createUser, recordTestChain, startTestApi, type TestApi, type TestUser } from '@app/testing';
import { decide, deposit, expectLedgerConsistent, newUtr, withdraw } from '../../payment/testing/payments.js';

jest.setTimeout(30_000);

const PERIOD = '202611210007';
const HEX = (c: string) => c.repeat(64);

/**
 * The player view (one click from any claim on the Payment tab): balances, the newest ledger entries, deposits and
 * withdrawals, bets, and the player's own limits and break state — for the super-admin only, and audited.
 */
describe("a player's overview for the reviewer", () => {
  let api: TestApi;
  let admin: TestUser;
  let player: TestUser;
  let approved: string;
  let rejected: string;
  let payout: string;
  let betId: string;
  beforeAll(async () => {
    api = await startTestApi({ env: { RATE_LIMITS: 'false', WITHDRAWAL_TURNOVER_PERCENT: '0' } });
    admin = await createUser(api, { role: 'super-admin' });
    player = await createUser(api, { username: 'asha_overview', email: 'asha.overview@gmail.com' });
    const claim = async (amount: number, payer: string) => {
      const res = await deposit(api, player, { amount, utrNumber: newUtr(), upiApp: 'PHONEPE', payer });
      expect(res.status).toBe(201);
      return res.body.data.transactionId as string;
    };
    approved = await claim(2_000, 'asha@okaxis');
    rejected = await claim(300, 'Asha Rao');
    expect((await decide(api, admin, approved, 'COMPLETED')).status).toBe(200);
    expect((await decide(api, admin, rejected, 'FAILED', 'No payment with this UTR')).status).toBe(200);
    const out = await withdraw(api, player, {
      method: 'BANK_TRANSFER',
      amount: 600,
      accountNumber: '998877665544',
      ifsc: 'HDFC0001234',
      accountHolderName: 'Asha Rao',
    });
    expect(out.status).toBe(201);
    payout = out.body.data.transactionId;
    // A settled bet of the player's (written as the engine leaves one).
    const chain = await recordTestChain(api.db, { commitment: HEX('a'), length: 10 });
    const start = new Date('2026-11-21T00:30:00+05:30');
    await api.db
      .insertInto('periods')
      .values({
        id: PERIOD,
        start_at: start,
        lock_at: new Date(start.getTime() + 25_000),
        end_at: new Date(start.getTime() + 30_000),
        status: 'SETTLED',
        chain_id: chain.id,
        chain_index: 1,
        seed_hash: HEX('c'),
        seed: HEX('d'),
        digit: 3,
        color: 'green',
        big_small: 'small',
      } as never)
      .execute();
    betId = randomUUID();
    await api.db
      .insertInto('bets')
      .values({
        id: betId,
        user_id: player.id,
        period_id: PERIOD,
        bet_type: 'color',
        bet_value: 'green',
        amount: 10_000,
        status: 'COMPLETED',
        is_win: true,
        win_amount: 18_200,
        gst_amount: 1_800,
        placed_at: start,
      } as never)
      .execute();
    const limits = await api.request('PUT', '/api/v1/player/limits', {
      token: player.token,
      body: { limits: { deposit24h: 5_000 }, realityCheckMinutes: 30 },
    });
    expect(limits.status).toBe(200);
  });
  afterAll(() => api.close());
  afterEach(() => expectLedgerConsistent(api.db));

  const overviewOf = (userId: string, token = admin.token) =>
    api.request('GET', `/api/v1/admin/players/${userId}/overview`, { token });

  it('shows balances, the ledger, every claim with its UTR, payer and payout details, the bets and the limits', async () => {
    const res = await overviewOf(player.id);
    expect(res.status).toBe(200);
    const { overview } = res.body.data;
    // ₹2,000 approved, ₹600 held for the withdrawal.
    expect(overview.player).toMatchObject({
      id: player.id,
      username: 'asha_overview',
      status: 'active',
      balance: 1_400,
      bonusBalance: 0,
      playBreak: null,
    });
    expect(
      overview.ledger.map((e: { kind: string; main: number; reference: string }) => [e.kind, e.main, e.reference]),
    ).toEqual([
      ['withdrawal', -600, payout],
      ['deposit', 2_000, approved],
    ]);
    expect(overview.claims.map((c: { transactionId: string; status: string }) => [c.transactionId, c.status])).toEqual([
      [payout, 'PENDING'],
      [rejected, 'FAILED'],
      [approved, 'COMPLETED'],
    ]);
    expect(overview.claims[0]).toMatchObject({
      type: 'WITHDRAWAL',
      amount: 600,
      bankDetails: { accountNumber: '998877665544', ifscCode: 'HDFC0001234', accountHolderName: 'Asha Rao' },
    });
    expect(overview.claims[1]).toMatchObject({
      type: 'DEPOSIT',
      amount: 300,
      payer: 'Asha Rao',
      adminNotes: 'No payment with this UTR',
    });
    expect(overview.claims[2].utrNumber).toMatch(/^\d{12}$/);
    expect(overview.bets).toEqual([
      expect.objectContaining({ _id: betId, periodId: PERIOD, amount: 100, isWin: true, winAmount: 182 }),
    ]);
    expect(overview.limits.realityCheckMinutes).toBe(30);
    expect(overview.limits.limits.find((l: { kind: string }) => l.kind === 'deposit24h')).toMatchObject({
      value: 5_000,
    });
  });

  it("shows the player's break or self-exclusion in force", async () => {
    const other = await createUser(api);
    const took = await api.request('POST', '/api/v1/play-safely/break', {
      token: other.token,
      body: { option: '24h' },
    });
    expect(took.status).toBeLessThan(300);
    const res = await overviewOf(other.id);
    expect(res.status).toBe(200);
    expect(res.body.data.overview.player.playBreak).toMatchObject({ kind: 'break' });
  });

  it('is audited: the admin as actor, the player as beneficiary', async () => {
    const before = await api.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'player.overview')
      .where('beneficiary_id', '=', player.id)
      .execute();
    expect((await overviewOf(player.id)).status).toBe(200);
    const rows = await api.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'player.overview')
      .where('beneficiary_id', '=', player.id)
      .execute();
    expect(rows).toHaveLength(before.length + 1);
    expect(rows.at(-1)).toMatchObject({ actor_id: admin.id, target_type: 'user', target_id: player.id });
  });

  it('is for the super-admin only: a player gets 403 (even for their own id), no token 401, and nothing is audited', async () => {
    const count = async () =>
      (await api.db.selectFrom('audit_log').select('id').where('action', '=', 'player.overview').execute()).length;
    const before = await count();
    expect((await overviewOf(player.id, player.token)).status).toBe(403);
    const other = await createUser(api);
    expect((await overviewOf(player.id, other.token)).status).toBe(403);
    expect((await api.request('GET', `/api/v1/admin/players/${player.id}/overview`)).status).toBe(401);
    expect(await count()).toBe(before);
  });

  it('answers 404 for an administrator, an unknown id or one that is no id', async () => {
    for (const id of [admin.id, randomUUID(), 'not-an-id', "1' OR '1'='1"]) {
      const res = await overviewOf(encodeURIComponent(id));
      expect({ id, status: res.status }).toEqual({ id, status: 404 });
    }
  });
});
