import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { resultFromDigit } from '@app/domain';
import { Accounts, recordEntries } from '@app/ledger';
import {
  balanceOf,
  BetSender,
  createUser,
  eventually,
  expectLedgerReconciles,
  freshPeriod,
  sleep,
  startTestApi,
  startTestEngine,
  type TestApi,
  type TestEngine,
} from '@app/testing';
import { SettlementService } from './settlement.service.js';

/**
 * PAYOUTS per choice (docs/configuration.md): an engine pays a win at the payout of its choice, and a bet is paid the
 * payout in force when it was placed (recorded on the bet), whatever the engine that settles its period runs with.
 *
 * The engines here run only the bet path (ENGINE_ROLES=bets): the test opens the period and draws it with the digit
 * it needs (a violet win needs 0 or 5), then settles it with the engine's own settlement, as its clock would.
 */
const ROUNDS = { ROUND_SECONDS: '30', LOCK_SECONDS: '1', BET_PARTITIONS: '2', LEASE_TTL_MS: '600' };
const periodConfig = { roundSeconds: 30, lockSeconds: 1 };
const HASH = 'a'.repeat(64);

describe('payouts per choice: configured, recorded with each bet when placed, paid at settlement', () => {
  let api: TestApi;
  let sender: BetSender;
  let chainId: number;
  let chainIndex = 0;
  const engines: TestEngine[] = [];

  beforeAll(async () => {
    api = await startTestApi({ env: ROUNDS });
    sender = new BetSender(api.config.REDIS_PREFIX, 2);
    chainId = (
      await api.db
        .insertInto('fairness_chains')
        .values({ commitment: HASH, tip: null, tip_sealed: 'AAAA', key_id: '0000000000000000', length: 1_000_000 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterEach(async () => {
    for (const engine of engines.splice(0)) await engine.close();
    await expectLedgerReconciles(api.db);
  });
  afterAll(async () => {
    sender.close();
    await api.close();
  });

  /** A round engine taking bets, started with PAYOUTS = `payouts` (unset: the spec's). */
  async function engineWith(payouts?: string): Promise<TestEngine> {
    const engine = await startTestEngine({
      database: api.database,
      env: {
        ...ROUNDS,
        ENGINE_ROLES: 'bets',
        REDIS_PREFIX: api.config.REDIS_PREFIX,
        ...(payouts === undefined ? {} : { PAYOUTS: payouts }),
      },
    });
    engines.push(engine);
    return engine;
  }

  /** Opens a period not opened before, with at least 15 s of betting left, as the clock would. */
  async function openPeriod(): Promise<string> {
    let period = await freshPeriod(periodConfig, 15_000);
    while (await api.db.selectFrom('periods').select('id').where('id', '=', period.periodId).executeTakeFirst()) {
      await sleep(period.endTime - Date.now() + 5);
      period = await freshPeriod(periodConfig, 15_000);
    }
    await api.db
      .insertInto('periods')
      .values({
        id: period.periodId,
        start_at: new Date(period.startTime),
        lock_at: new Date(period.lockTime),
        end_at: new Date(period.endTime),
        status: 'OPEN',
        chain_id: chainId,
        chain_index: ++chainIndex,
        seed_hash: HASH,
      })
      .execute();
    return period.periodId;
  }

  /** Sends a bet through the bet path and waits until it is placed; returns its recorded payout. */
  async function place(userId: string, periodId: string, betType: string, betValue: string, amount: number) {
    await sender.send(sender.command(userId, periodId, betType, betValue, amount));
    return eventually(
      async () =>
        (
          await api.db
            .selectFrom('bets')
            .select(sql<string>`payout::text`.as('payout'))
            .where('user_id', '=', userId)
            .where('period_id', '=', periodId)
            .where('bet_type', '=', betType as 'color')
            .executeTakeFirst()
        )?.payout,
      10_000,
      `${betType} ${betValue} placed`,
    );
  }

  /** Draws the period with `digit` and settles it with `engine`'s settlement (its configuration). */
  async function drawAndSettle(engine: TestEngine, periodId: string, digit: number): Promise<void> {
    const result = resultFromDigit(digit);
    await api.db
      .updateTable('periods')
      .set({
        status: 'DRAWN',
        seed: HASH,
        digit,
        color: result.color,
        big_small: result.bigSmall,
        drawn_at: new Date(),
      })
      .where('id', '=', periodId)
      .execute();
    const outcome = await engine.app.get(SettlementService).settle(periodId);
    expect(outcome?.period.status).toBe('SETTLED');
  }

  async function settledBet(userId: string, periodId: string) {
    return api.db
      .selectFrom('bets')
      .select(['is_win', 'win_amount', 'gst_amount', sql<string>`payout::text`.as('payout')])
      .where('user_id', '=', userId)
      .where('period_id', '=', periodId)
      .executeTakeFirstOrThrow();
  }

  it('an engine started with PAYOUTS=violet=4.5 pays a violet win 4.5 × the stake less GST, other choices as the spec; the ledger reconciles', async () => {
    const engine = await engineWith('violet=4.5');
    const [violet, red, five] = await Promise.all([
      createUser(api, { main: 100_000 }),
      createUser(api, { main: 100_000 }),
      createUser(api, { main: 100_000 }),
    ]);
    const periodId = await openPeriod();
    expect(await place(violet.id, periodId, 'color', 'violet', 10_000)).toBe('4.50');
    expect(await place(red.id, periodId, 'color', 'red', 10_000)).toBe('2.00');
    expect(await place(five.id, periodId, 'number', '5', 10_000)).toBe('9.00');

    await drawAndSettle(engine, periodId, 5);

    // ₹100 on violet at ×4.5: ₹450 gross, 18 % GST on the ₹350 won above the stake (₹63), ₹387 credited.
    expect(await settledBet(violet.id, periodId)).toEqual({
      is_win: true,
      win_amount: 38_700,
      gst_amount: 6_300,
      payout: '4.50',
    });
    expect(await balanceOf(api.db, violet.id)).toEqual({ main: 100_000 - 10_000 + 38_700, bonus: 0 });
    expect(await settledBet(red.id, periodId)).toMatchObject({ is_win: false, win_amount: 0 });
    // ₹100 on 5 at the spec's ×9: ₹900 less ₹144 GST.
    expect(await settledBet(five.id, periodId)).toMatchObject({ is_win: true, win_amount: 75_600, gst_amount: 14_400 });
    // The period's entry: the stakes released, the GST to house:gst, the wins to the players, the rest to the house.
    const { rows } = await sql<{ account: string; amount: string }>`
      SELECT p.account, p.amount::text FROM ledger_postings p JOIN events e ON e.seq = p.event_seq
      WHERE e.stream = ${`period:${periodId}`} AND e.type = 'PeriodSettled' ORDER BY p.account
    `.execute(api.db);
    expect(rows.map((r) => [r.account, Number(r.amount)])).toEqual(
      [
        ['house:gst', 6_300 + 14_400],
        ['house:pnl', 30_000 - 38_700 - 75_600 - 6_300 - 14_400],
        ['house:stakes', -30_000],
        [`user:${five.id}:main`, 75_600],
        [`user:${violet.id}:main`, 38_700],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
  });

  it('bets placed under one payout table settle under it after the engine restarts with another; a bet from before payouts were recorded settles at the table in force', async () => {
    const [early, late, older] = await Promise.all([
      createUser(api, { main: 100_000 }),
      createUser(api, { main: 100_000 }),
      createUser(api, { main: 100_000 }),
    ]);
    const periodId = await openPeriod();
    const first = await engineWith('violet=4.5');
    expect(await place(early.id, periodId, 'color', 'violet', 10_000)).toBe('4.50');
    await first.close();
    engines.splice(engines.indexOf(first), 1);

    // The same period, an engine restarted with violet at ×3.
    const second = await engineWith('violet=3');
    expect(await place(late.id, periodId, 'color', 'violet', 10_000)).toBe('3.00');
    // A bet as placed before payouts were recorded (no payout on it), its stake taken as the bet path does.
    await api.db.transaction().execute((trx) =>
      recordEntries(trx, [
        {
          type: 'BetsPlaced',
          stream: 'bets:direct',
          payload: {},
          postings: [
            { account: Accounts.houseStakes, amount: 10_000 },
            { account: Accounts.userMain(older.id), amount: -10_000 },
          ],
          outbox: false,
        },
      ]),
    );
    await api.db
      .insertInto('bets')
      .values({
        id: randomUUID(),
        user_id: older.id,
        period_id: periodId,
        bet_type: 'color',
        bet_value: 'violet',
        amount: 10_000,
        placed_at: new Date(),
      })
      .execute();

    await drawAndSettle(second, periodId, 0);

    // Placed at ×4.5: paid ₹387 though the settling engine pays violet ×3.
    expect(await settledBet(early.id, periodId)).toEqual({
      is_win: true,
      win_amount: 38_700,
      gst_amount: 6_300,
      payout: '4.50',
    });
    // Placed at ×3: ₹300 gross, 18 % GST on ₹200 (₹36), ₹264 credited.
    expect(await settledBet(late.id, periodId)).toEqual({
      is_win: true,
      win_amount: 26_400,
      gst_amount: 3_600,
      payout: '3.00',
    });
    // No payout recorded: the table in force (×3), recorded on the settled bet.
    expect(await settledBet(older.id, periodId)).toEqual({
      is_win: true,
      win_amount: 26_400,
      gst_amount: 3_600,
      payout: '3.00',
    });
    expect(await balanceOf(api.db, early.id)).toEqual({ main: 90_000 + 38_700, bonus: 0 });
    expect(await balanceOf(api.db, late.id)).toEqual({ main: 90_000 + 26_400, bonus: 0 });
  });
});
