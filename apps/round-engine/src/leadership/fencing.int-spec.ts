import { sql } from 'kysely';
import { BetBatchService } from '@app/bets';
import { Database } from '@app/db';
import { COMMAND_FIELD, encodeCommand, uuidv7 } from '@app/realtime';
import {
  createUser,
  eventually,
  expectLedgerReconciles,
  freshPeriod,
  periodStatus,
  sleep,
  startTestApi,
  startTestEngine,
  type TestApi,
  type TestEngine,
} from '@app/testing';
import { drawResult, previousPeriodId } from '@app/domain';
import { FairnessChainService } from '../rounds/fairness-chain.service.js';
import { PeriodRepository } from '../rounds/period.repository.js';
import { RoundClockService } from '../rounds/round-clock.service.js';
import { SettlementService } from '../rounds/settlement.service.js';
import { assertFencingToken, isFenced } from './fencing.js';

const ROUNDS = {
  ROUND_SECONDS: '4',
  LOCK_SECONDS: '1',
  BET_PARTITIONS: '2',
  LEASE_TTL_MS: '600',
  FAIRNESS_CHAIN_LENGTH: '3000',
};
const periodConfig = { roundSeconds: 4, lockSeconds: 1 };

describe('round engine: fencing of leaders', () => {
  let api: TestApi;
  let engine: TestEngine;

  beforeAll(async () => {
    api = await startTestApi({ env: ROUNDS });
    engine = await startTestEngine({
      database: api.database,
      env: { ...ROUNDS, REDIS_PREFIX: api.config.REDIS_PREFIX },
    });
    await eventually(async () => engine.app.get(RoundClockService).isLeader, 10_000, 'clock leadership');
  });
  afterEach(() => expectLedgerReconciles(api.db));
  afterAll(async () => {
    await engine.close();
    await api.close();
  });

  const token = async (name: string) =>
    Number(
      (await api.db.selectFrom('fencing_tokens').select('token').where('name', '=', name).executeTakeFirstOrThrow())
        .token,
    );

  it('every lease won issues a newer token in Postgres: the clock and each partition', async () => {
    const clock = engine.app.get(RoundClockService);
    expect(clock.token).toBe(await token('round-clock'));
    expect(await token('bets:0')).toBeGreaterThan(0);
    expect(await token('bets:1')).toBeGreaterThan(0);
  });

  it('a leader whose token was superseded has its next write refused, gives leadership up and wins it back with a newer token', async () => {
    const stale = engine.app.get(RoundClockService).token!;
    await sql`UPDATE fencing_tokens SET token = token + 1 WHERE name = 'round-clock'`.execute(api.db);
    await eventually(async () => (engine.app.get(RoundClockService).token ?? 0) > stale + 1, 10_000, 'a newer token');
    expect(await token('round-clock')).toBe(engine.app.get(RoundClockService).token);
  });

  it("a stale leader's draw and settlement are refused in their own transaction and leave nothing behind", async () => {
    const player = await createUser(api, { main: 10_000 });
    const clock = engine.app.get(RoundClockService);
    // A period with a bet in it whose predecessor is drawn while it is still open, so that the clock can be halted
    // before it draws this one. Under a loaded machine the predecessor's draw may come late (the clock may be
    // catching up after the test before it took its token away); then the next period is tried.
    let period = await freshPeriod(periodConfig, 1500);
    let stale: number;
    for (let attempt = 0; ; attempt++) {
      const placed = await engine.app.get(BetBatchService).apply(0, [
        {
          id: `${Date.now()}-0`,
          fields: [
            COMMAND_FIELD,
            encodeCommand({
              id: uuidv7(),
              userId: player.id,
              periodId: period.periodId,
              betType: 'color',
              betValue: 'red',
              amount: 1_000,
            }),
          ],
        },
      ]);
      if (placed.placed !== 1) {
        // The clock, catching up, had not opened this period yet: its bet was refused. The next one is tried.
        if (attempt === 4) throw new Error('no period took the bet');
        period = await freshPeriod(periodConfig, 1500);
        continue;
      }
      // The period before it is drawn first (a period is drawn only once its committed hash, the previous seed, is public).
      await eventually(
        async () => (await periodStatus(api.db, previousPeriodId(period.periodId, periodConfig))) !== 'OPEN',
        8000,
        'the previous period drawn',
      );
      if (clock.isLeader && period.endTime - Date.now() > 500) {
        stale = clock.token!;
        // The leader stops before the draw; a successor is issued a newer token.
        await clock.halt();
        break;
      }
      if (attempt === 4) throw new Error('the clock never drew a period while the next one was open');
      period = await freshPeriod(periodConfig, 1500);
    }
    expect(await periodStatus(api.db, period.periodId)).toBe('OPEN');
    await sql`UPDATE fencing_tokens SET token = token + 1 WHERE name = 'round-clock'`.execute(api.db);
    const guard = (t: number) => (trx: Parameters<typeof assertFencingToken>[0]) =>
      assertFencingToken(trx, 'round-clock', t);
    const refused = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: unknown) => e,
      );
    await sleep(period.endTime + 50 - Date.now());
    const row = await api.db
      .selectFrom('periods')
      .selectAll()
      .where('id', '=', period.periodId)
      .executeTakeFirstOrThrow();
    const chains = engine.app.get(FairnessChainService);
    const seed = chains.seed(await chains.byId(row.chain_id), row.chain_index);
    const periods = engine.app.get(PeriodRepository);
    expect(
      isFenced(await refused(periods.draw(row, seed, drawResult(seed, period.periodId), null, guard(stale)))),
    ).toBe(true);
    expect(await periodStatus(api.db, period.periodId)).toBe('OPEN');
    await periods.draw(row, seed, drawResult(seed, period.periodId), null, guard(stale + 1));
    const settlement = engine.app.get(SettlementService);
    expect(isFenced(await refused(settlement.settle(period.periodId, guard(stale))))).toBe(true);
    expect(await periodStatus(api.db, period.periodId)).toBe('DRAWN');
    const settled = () =>
      sql<{
        n: number;
      }>`SELECT count(*) AS n FROM events WHERE type = 'PeriodSettled' AND stream = ${'period:' + period.periodId}`.execute(
        api.db,
      );
    expect(Number((await settled()).rows[0]!.n)).toBe(0);
    expect(
      (
        await api.db
          .selectFrom('bets')
          .select('status')
          .where('user_id', '=', player.id)
          .where('period_id', '=', period.periodId)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('PENDING');
    // A drawn period is never refunded, whoever asks: its result is public.
    expect(await settlement.refund(period.periodId, 'not-drawn', guard(stale + 1))).toBeNull();
    expect(await periodStatus(api.db, period.periodId)).toBe('DRAWN');
    // The current leader's settlement goes through, once.
    expect(await settlement.settle(period.periodId, guard(stale + 1))).not.toBeNull();
    expect(Number((await settled()).rows[0]!.n)).toBe(1);
  });

  it("a stale partition consumer's batch is refused: no bet stored, nothing charged", async () => {
    const player = await createUser(api, { main: 10_000 });
    const period = await freshPeriod(periodConfig, 1500);
    const stale = await token('bets:1');
    await sql`UPDATE fencing_tokens SET token = token + 1 WHERE name = 'bets:1'`.execute(api.db);
    const id = uuidv7();
    const entries = [
      {
        id: `${Date.now()}-0`,
        fields: [
          COMMAND_FIELD,
          encodeCommand({
            id,
            userId: player.id,
            periodId: period.periodId,
            betType: 'number',
            betValue: '5',
            amount: 1_000,
          }),
        ],
      },
    ];
    // The batch receives the fence as data and returns its verdict as data: nothing committed, the newest token named.
    const result = await engine.app.get(BetBatchService).apply(1, entries, { fence: { name: 'bets:1', token: stale } });
    expect(result.fenced).toEqual({ name: 'bets:1', token: stale, current: stale + 1 });
    expect(result.messages).toEqual([]);
    expect(await api.db.selectFrom('bets').select('id').where('id', '=', id).execute()).toEqual([]);
    expect(
      (await api.db.selectFrom('wallets').select('main').where('user_id', '=', player.id).executeTakeFirstOrThrow())
        .main,
    ).toBe(10_000);
    const events = await sql<{ n: number }>`SELECT count(*) AS n FROM events WHERE command_id = ${id}`.execute(api.db);
    expect(Number(events.rows[0]!.n)).toBe(0);
  });

  it('a token issued while a write is in flight waits for it: the write either commits first or is refused', async () => {
    const current = await token('bets:0');
    const order: string[] = [];
    const db = engine.app.get(Database);
    const write = db.transaction().execute(async (trx) => {
      await assertFencingToken(trx, 'bets:0', current);
      await sleep(300);
      order.push('write committed');
    });
    await sleep(50);
    const issue = sql`UPDATE fencing_tokens SET token = token + 1 WHERE name = 'bets:0'`
      .execute(api.db)
      .then(() => order.push('token issued'));
    await Promise.all([write, issue]);
    expect(order).toEqual(['write committed', 'token issued']);
  });

  it('engine sessions end a lock wait after 2 s, a transaction left idle after 2 s, and a statement after 15 s; the api keeps the defaults', async () => {
    const db = engine.app.get(Database);
    // Read inside a transaction: behind PgBouncer in transaction mode they are set for each transaction (SET LOCAL),
    // not for the session.
    const show = (name: string, on = db) =>
      on
        .transaction()
        .execute(
          async (trx) =>
            (await sql.raw<{ v: string }>(`SELECT current_setting('${name}') AS v`).execute(trx)).rows[0]!.v,
        );
    expect(await show('lock_timeout')).toBe('2s');
    expect(await show('idle_in_transaction_session_timeout')).toBe('2s');
    expect(await show('statement_timeout')).toBe('15s');
    expect(await show('lock_timeout', api.db)).toBe('0');
    // A transaction idle for longer than the limit (its process frozen) is ended by Postgres, releasing its locks.
    const outcome = await db
      .transaction()
      .execute(async (trx) => {
        await sql`SELECT 1`.execute(trx);
        await sleep(2500);
        await sql`SELECT 1`.execute(trx);
        return 'still open';
      })
      .catch((e: Error) => e.message);
    expect(outcome).not.toBe('still open');
  });
});
