import { sql } from 'kysely';
import { Redis } from 'ioredis';
import { Registry } from 'prom-client';
import { Database } from '@app/db';
import { nextPeriodId } from '@app/domain';
import { TEST_REDIS_URL } from '@app/redis/testing';
import {
  balanceOf,
  BetSender,
  createUser,
  eventually,
  expectLedgerReconciles,
  freshPeriod,
  MessageLog,
  periodStatus,
  sleep,
  startTestApi,
  startTestEngine,
  type TestApi,
  type TestEngine,
} from '@app/testing';
import { BetProcessorService } from '../bets/bet-processor.service.js';
import { RoundClockService } from './round-clock.service.js';

const ROUNDS = {
  ROUND_SECONDS: '4',
  LOCK_SECONDS: '1',
  BET_PARTITIONS: '2',
  LEASE_TTL_MS: '600',
  FAIRNESS_CHAIN_LENGTH: '3000',
  REFENCE_AFTER_MS: '1000',
  RESULTS_REPUBLISH_AFTER_MS: '1500',
};
const periodConfig = { roundSeconds: 4, lockSeconds: 1 };
const next = (id: string) => nextPeriodId(id, periodConfig);

async function metric(engine: TestEngine, line: RegExp): Promise<number> {
  const text = await engine.app.get(Registry).metrics();
  return Number(
    text
      .split('\n')
      .find((l) => line.test(l))
      ?.split(' ')
      .at(-1) ?? NaN,
  );
}

describe('round engine: every fault heals by itself', () => {
  let api: TestApi;
  let clock: TestEngine;
  let bets: TestEngine;
  let sender: BetSender;
  let log: MessageLog;
  let redis: Redis;
  const engines: TestEngine[] = [];
  const prefix = () => api.config.REDIS_PREFIX;
  const startEngine = async (roles: string) => {
    const e = await startTestEngine({
      database: api.database,
      env: { ...ROUNDS, REDIS_PREFIX: prefix(), ENGINE_ROLES: roles },
    });
    engines.push(e);
    return e;
  };
  const status = (id: string) => periodStatus(api.db, id);
  const settledWithin = (id: string, ms: number) =>
    eventually(async () => (await status(id)) === 'SETTLED', ms, `period ${id} settled`);

  /** Terminates, for `forMs`, every engine backend that waits on a lock with a query matching `pattern`. */
  async function killWaiting(pattern: string, forMs: number): Promise<number> {
    let killed = 0;
    const until = Date.now() + forMs;
    while (Date.now() < until) {
      const { rows } = await sql<{ pid: number }>`
        SELECT pid FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE ${pattern} AND pid <> pg_backend_pid()
      `.execute(api.db);
      for (const { pid } of rows) {
        await sql`SELECT pg_terminate_backend(${pid})`.execute(api.db);
        killed++;
      }
      await sleep(20);
    }
    return killed;
  }

  beforeAll(async () => {
    redis = new Redis(TEST_REDIS_URL);
    api = await startTestApi({ env: ROUNDS });
    clock = await startEngine('clock');
    bets = await startEngine('bets');
    sender = new BetSender(prefix(), 2);
    log = new MessageLog(prefix());
    await log.start();
    await eventually(
      async () =>
        clock.app.get(RoundClockService).isLeader && bets.app.get(BetProcessorService).ledPartitions.length === 2,
      10_000,
      'leaders',
    );
  });
  afterEach(() => expectLedgerReconciles(api.db));
  afterAll(async () => {
    await log.stop();
    sender.close();
    redis.disconnect();
    for (const e of engines.reverse()) await e.close().catch(() => {});
    await api.close();
  });

  it('a bet batch whose connection is killed is retried by its own consumer, and its period settles with it', async () => {
    const player = await createUser(api, { main: 10_000 });
    const period = await freshPeriod(periodConfig, 2500);
    const processor = bets.app.get(BetProcessorService);
    const retriesBefore = (await metric(bets, /^wr_bet_batch_retries_total/)) || 0;
    // Hold the player's wallet so the batch blocks inside its transaction, then kill the batch's connection.
    const killed = await api.db.connection().execute(async (conn) => {
      await sql`BEGIN`.execute(conn);
      try {
        await sql`SELECT 1 FROM wallets WHERE user_id = ${player.id} FOR UPDATE`.execute(conn);
        await sender.send(sender.command(player.id, period.periodId, 'color', 'red', 1_000));
        return await killWaiting('%FROM wallets WHERE user_id = ANY%FOR UPDATE%', 600);
      } finally {
        await sql`ROLLBACK`.execute(conn);
      }
    });
    expect(killed).toBeGreaterThan(0);
    // Answered by the same consumer, without any hand-over, well before the lock.
    await eventually(async () => log.to(player.id, 'bet-message').length > 0, 3000, 'the bet answered');
    expect(Date.now()).toBeLessThan(period.lockTime);
    expect((log.to(player.id, 'bet-message')[0]!.data as any).success).toBe(true);
    expect(processor.ledPartitions).toEqual([0, 1]);
    expect(await metric(bets, /^wr_bet_batch_retries_total/)).toBeGreaterThan(retriesBefore);
    await settledWithin(period.periodId, 8000);
    const bet = await api.db
      .selectFrom('bets')
      .select(['status'])
      .where('user_id', '=', player.id)
      .executeTakeFirstOrThrow();
    expect(bet.status).toBe('COMPLETED');
    await eventually(async () => log.to(player.id, 'bet-result').length === 1, 5000, 'the bet-result');
  });

  it('a fence batch whose connection is killed: the period still settles, and later periods are not held up', async () => {
    const player = await createUser(api, { main: 10_000 });
    const period = await freshPeriod(periodConfig, 1500);
    await sender.send(sender.command(player.id, period.periodId, 'bigSmall', 'big', 1_000));
    await eventually(async () => log.to(player.id, 'bet-message').length === 1, 3000, 'bet placed');
    // Every fence insert of this lock waits on the table and has its connection killed.
    const killed = await api.db.connection().execute(async (conn) => {
      await sql`BEGIN`.execute(conn);
      try {
        await sleep(period.lockTime - 300 - Date.now());
        await sql`LOCK TABLE partition_fences IN EXCLUSIVE MODE`.execute(conn);
        return await killWaiting('%INSERT INTO partition_fences%', period.lockTime + 1500 - Date.now());
      } finally {
        await sql`ROLLBACK`.execute(conn);
      }
    });
    expect(killed).toBeGreaterThan(0);
    await settledWithin(period.periodId, 8000);
    const later = next(next(period.periodId));
    await settledWithin(later, 14_000);
    expect(await status(next(period.periodId))).toBe('SETTLED');
    expect(
      (await api.db.selectFrom('bets').select('status').where('user_id', '=', player.id).executeTakeFirstOrThrow())
        .status,
    ).toBe('COMPLETED');
  });

  it('fences lost from the streams are sent again, whatever the clock remembers', async () => {
    const player = await createUser(api, { main: 10_000 });
    const period = await freshPeriod(periodConfig, 1500);
    await sender.send(sender.command(player.id, period.periodId, 'number', '4', 1_000));
    await eventually(async () => log.to(player.id, 'bet-message').length === 1, 3000, 'bet placed');
    // The partition consumers stop before the lock; the fences the clock sends at the lock are then lost.
    await bets.app.get(BetProcessorService).halt();
    const resentBefore = (await metric(clock, /^wr_fences_resent_total/)) || 0;
    await sleep(period.lockTime + 300 - Date.now());
    for (let p = 0; p < 2; p++) {
      const key = `${prefix()}bets:cmd:${p}`;
      const entries = (await redis.xrange(key, '-', '+')) as Array<[string, string[]]>;
      const fences = entries
        .filter(([, fields]) => fields[0] !== 'c' && fields.includes(period.periodId))
        .map(([id]) => id);
      expect(fences.length).toBeGreaterThan(0);
      await redis.xdel(key, ...fences);
    }
    bets = await startEngine('bets');
    await settledWithin(period.periodId, 10_000);
    expect(await metric(clock, /^wr_fences_resent_total/)).toBeGreaterThan(resentBefore);
    expect(
      (await api.db.selectFrom('bets').select('status').where('user_id', '=', player.id).executeTakeFirstOrThrow())
        .status,
    ).toBe('COMPLETED');
  });

  it('a drawn period that cannot settle is never refunded: it is retried after a back-off, an alert metric fires, later periods settle, and it settles once it can', async () => {
    const player = await createUser(api, { main: 5_000, bonus: 500 });
    const period = await freshPeriod(periodConfig, 1500);
    await sender.send(sender.command(player.id, period.periodId, 'color', 'violet', 1_000));
    await eventually(async () => log.to(player.id, 'bet-message').length === 1, 3000, 'bet placed');
    expect(await balanceOf(api.db, player.id)).toEqual({ main: 4_500, bonus: 0 });
    // Its settlement fails, whatever is tried: a trigger refuses every change to its bets.
    await sql
      .raw(
        `CREATE TRIGGER bets_of_${period.periodId}_stuck BEFORE UPDATE ON bets FOR EACH ROW WHEN (OLD.period_id = '${period.periodId}') EXECUTE FUNCTION forbid_change()`,
      )
      .execute(api.db);
    const failuresBefore = (await metric(clock, /^wr_settlement_failures_total/)) || 0;
    try {
      await eventually(async () => (await status(period.periodId)) === 'DRAWN', 6000, 'drawn');
      await eventually(async () => (await metric(clock, /^wr_periods_overdue/)) > 0, 8000, 'overdue gauge');
      // Three rounds later (the old settlement deadline) and more: still drawn, never refunded; the periods after it settle.
      await sleep(period.endTime + 4 * 4000 - Date.now());
      expect(await status(period.periodId)).toBe('DRAWN');
      expect(await status(next(period.periodId))).toBe('SETTLED');
      expect(await status(next(next(period.periodId)))).toBe('SETTLED');
      const failures = (await metric(clock, /^wr_settlement_failures_total/)) - failuresBefore;
      // Retried with a back-off doubling from 250 ms: a handful of attempts in 16 s, not one per tick.
      expect(failures).toBeGreaterThanOrEqual(3);
      expect(failures).toBeLessThan(12);
      expect(await balanceOf(api.db, player.id)).toEqual({ main: 4_500, bonus: 0 });
    } finally {
      await sql.raw(`DROP TRIGGER bets_of_${period.periodId}_stuck ON bets`).execute(api.db);
    }
    // Once it can, it settles: the player gets the result of the draw that was published, not a refund.
    await settledWithin(period.periodId, 35_000);
    await eventually(async () => log.to(player.id, 'bet-result').length === 1, 5000, 'the bet-result');
    expect(log.to(player.id, 'bet-message').some((m) => /refunded/.test((m.data as any).message))).toBe(false);
    await eventually(async () => (await metric(clock, /^wr_periods_overdue/)) === 0, 8000, 'nothing overdue');
  });

  it('a period whose bets cannot be committed (no partition consumer) is not drawn, and is refunded after a round, keeping its would-be result', async () => {
    const player = await createUser(api, { main: 5_000, bonus: 500 });
    const period = await freshPeriod(periodConfig, 1500);
    await sender.send(sender.command(player.id, period.periodId, 'color', 'violet', 1_000));
    await eventually(async () => log.to(player.id, 'bet-message').length === 1, 3000, 'bet placed');
    // No partition consumer runs: the period's fences are never applied, so its bets are never committed.
    await bets.app.get(BetProcessorService).halt();
    await sleep(period.endTime + 500 - Date.now());
    expect(await status(period.periodId)).toBe('OPEN');
    await eventually(async () => (await metric(clock, /^wr_periods_undrawn/)) > 0, 3000, 'undrawn gauge');
    await eventually(async () => (await status(period.periodId)) === 'REFUNDED', 8000, 'refunded after a round');
    const row = await api.db
      .selectFrom('periods')
      .select(['refund_reason', 'digit', 'seed'])
      .where('id', '=', period.periodId)
      .executeTakeFirstOrThrow();
    expect(row.refund_reason).toBe('not-drawn');
    expect(row.digit).toBeNull();
    expect(row.seed).not.toBeNull();
    expect(await balanceOf(api.db, player.id)).toEqual({ main: 5_000, bonus: 500 });
    await eventually(
      async () =>
        log
          .to(player.id, 'bet-message')
          .some(
            (m) =>
              (m.data as any).message ===
              `Period ${period.periodId} could not be drawn in time, so your bets were refunded.`,
          ),
      5000,
      'refund notice',
    );
    // The result it would have had is recorded once its beacon round is had, for anyone to see what was voided.
    await eventually(
      async () =>
        (
          await api.db
            .selectFrom('periods')
            .select('void_digit')
            .where('id', '=', period.periodId)
            .executeTakeFirstOrThrow()
        ).void_digit !== null,
      5000,
      'would-be result',
    );
    // Consumers back: the periods after it settle again.
    bets = await startEngine('bets');
    const current = await freshPeriod(periodConfig, 1000);
    await settledWithin(current.periodId, 10_000);
    await eventually(async () => (await metric(clock, /^wr_periods_undrawn/)) === 0, 8000, 'nothing undrawn');
  });

  it('a leader frozen inside a transaction does not hold up its successor: Postgres ends the idle transaction', async () => {
    const standby = await startEngine('clock');
    const period = await freshPeriod(periodConfig, 1500);
    await sleep(period.endTime - 300 - Date.now());
    // The leader's process freezes inside a transaction that holds the period's row (on its own engine session).
    const frozen = clock.app
      .get(Database)
      .transaction()
      .execute(async (trx) => {
        await sql`SELECT 1 FROM periods WHERE id = ${period.periodId} FOR UPDATE`.execute(trx);
        await sleep(8000);
        await sql`SELECT 1`.execute(trx);
        return 'still open';
      })
      .catch((e: Error) => e.message);
    await clock.app.get(RoundClockService).halt();
    await eventually(async () => standby.app.get(RoundClockService).isLeader, 3000, 'the standby leading');
    await eventually(async () => (await status(period.periodId)) !== 'OPEN', 6000, 'drawn by the standby');
    const row = await api.db
      .selectFrom('periods')
      .select(['status', 'drawn_at'])
      .where('id', '=', period.periodId)
      .executeTakeFirstOrThrow();
    expect(row.status).not.toBe('REFUNDED');
    // Drawn within the idle-transaction limit (2 s) of the freeze, not after the frozen process's 8 s.
    expect(row.drawn_at!.getTime() - period.endTime).toBeLessThan(3000);
    expect(await frozen).not.toBe('still open');
    clock = standby;
    await settledWithin(period.periodId, 8000);
  });

  it('after an outage of every clock, each missed period id is recorded and refunded: no gap', async () => {
    const before = await freshPeriod(periodConfig, 500);
    await clock.app.get(RoundClockService).halt();
    await sleep(before.endTime + 3 * 4000 - Date.now());
    clock = await startEngine('clock');
    const now = await eventually(
      async () => {
        const p = await freshPeriod(periodConfig, 0);
        return (await status(p.periodId)) ? p : null;
      },
      8000,
      'current period opened',
    );
    const rows = await api.db
      .selectFrom('periods')
      .select(['id', 'status', 'refund_reason', 'chain_index'])
      .where('id', '>=', before.periodId)
      .where('id', '<=', now.periodId)
      .orderBy('id')
      .execute();
    const ids: string[] = [];
    for (let id = before.periodId; id <= now.periodId; id = next(id)) ids.push(id);
    expect(rows.map((r) => r.id)).toEqual(ids);
    const missed = rows.filter((r) => r.refund_reason === 'missed');
    expect(missed.length).toBeGreaterThanOrEqual(2);
    expect(missed.every((r) => r.status === 'REFUNDED')).toBe(true);
    // Chain indexes stay in time order (a refunded period's seed is the next one's committed hash).
    const indexes = rows.map((r) => r.chain_index);
    expect([...indexes].sort((a, b) => a - b)).toEqual(indexes);
    expect(await metric(clock, /^wr_periods_refunded_total\{[^}]*reason="missed"/)).toBe(missed.length);
    await settledWithin(next(now.periodId), 12_000);
  });

  it('results whose publication is not recorded are published by the leader once, and never twice', async () => {
    const player = await createUser(api, { main: 10_000 });
    const period = await freshPeriod(periodConfig, 1500);
    await sender.send(sender.command(player.id, period.periodId, 'color', 'green', 1_000));
    await settledWithin(period.periodId, 10_000);
    await eventually(async () => log.to(player.id, 'bet-result').length === 1, 5000, 'bet-result');
    const gameResults = () =>
      log.broadcasts('game-result').filter((m) => (m.data as any).periodId === period.periodId).length;
    expect(gameResults()).toBe(1);
    // The publication went out but its record in the database was lost (the publisher stopped before writing it).
    await api.db
      .updateTable('periods')
      .set({
        results_published_at: null,
        game_result_published_at: null,
        results_claimed_at: new Date(Date.now() - 10_000),
      })
      .where('id', '=', period.periodId)
      .execute();
    await eventually(
      async () => {
        const row = await api.db
          .selectFrom('periods')
          .select(['results_published_at', 'game_result_published_at'])
          .where('id', '=', period.periodId)
          .executeTakeFirstOrThrow();
        return row.results_published_at && row.game_result_published_at;
      },
      6000,
      'publication recorded again',
    );
    await sleep(500);
    expect(log.to(player.id, 'bet-result')).toHaveLength(1);
    expect(gameResults()).toBe(1);
    // The publication itself was lost (never reached the streams): the leader publishes it, once.
    // (The results are recorded per slice: `published:results:{period}:{n}`.)
    await redis.del(
      ...(await redis.keys(`${prefix()}published:results:${period.periodId}:*`)),
      `${prefix()}published:game-result:${period.periodId}`,
    );
    await api.db
      .updateTable('periods')
      .set({
        results_published_at: null,
        game_result_published_at: null,
        results_claimed_at: new Date(Date.now() - 10_000),
      })
      .where('id', '=', period.periodId)
      .execute();
    await eventually(async () => log.to(player.id, 'bet-result').length === 2, 6000, 'bet-result published again');
    await eventually(async () => gameResults() === 2, 6000, 'game result published again');
    await sleep(2000);
    expect(log.to(player.id, 'bet-result')).toHaveLength(2);
    expect(gameResults()).toBe(2);
  });
});
