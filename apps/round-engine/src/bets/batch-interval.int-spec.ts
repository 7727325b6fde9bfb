import { jest } from '@jest/globals';
import { AppConfig } from '@app/config';
import type { BatchResult } from '@app/bets';
import {
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
import { BATCH_METRICS, type BatchMetrics } from '../metrics/engine-metrics.js';
import { batchInterval, BetProcessorService } from './bet-processor.service.js';

const ROUNDS = {
  ROUND_SECONDS: '20',
  LOCK_SECONDS: '1',
  BET_PARTITIONS: '1',
  BET_BATCH_INTERVAL_MS: '1000',
  FAIRNESS_CHAIN_LENGTH: '3000',
};
const periodConfig = { roundSeconds: 20, lockSeconds: 1 };
const GAMES: Array<[string, string]> = [
  ['color', 'red'],
  ['bigSmall', 'big'],
  ['number', '7'],
];

/** How many of the batches (their sizes, in order) hold one of the commands from the `from`th to the `to`th. */
function batchesHolding(sizes: number[], from: number, to: number): number {
  let start = 0;
  let holding = 0;
  for (const size of sizes) {
    if (start < to && start + size > from) holding++;
    start += size;
  }
  return holding;
}

describe('round engine: a busy partition gathers its commands into larger batches', () => {
  let api: TestApi;
  let engine: TestEngine;
  let sender: BetSender;
  /** Commands in each batch the partition consumer applied, in order. */
  const batches: number[] = [];

  beforeAll(async () => {
    api = await startTestApi({ env: ROUNDS });
    engine = await startTestEngine({
      database: api.database,
      env: { ...ROUNDS, REDIS_PREFIX: api.config.REDIS_PREFIX },
    });
    sender = new BetSender(api.config.REDIS_PREFIX, 1);
    const processor = engine.app.get(BetProcessorService);
    // Every batch the consumer reports to its metrics, recorded as well.
    const metrics = engine.app.get<BatchMetrics>(BATCH_METRICS);
    const batchApplied = metrics.batchApplied.bind(metrics);
    jest.spyOn(metrics, 'batchApplied').mockImplementation((partition, result: BatchResult, ms, publishedAt) => {
      batchApplied(partition, result, ms, publishedAt);
      batches.push(result.placed + result.rejected + result.duplicates + result.invalid);
    });
    await eventually(async () => processor.ledPartitions.length === 1, 10_000, 'the partition led');
  });
  afterEach(() => expectLedgerReconciles(api.db));
  afterAll(async () => {
    sender.close();
    await engine.close();
    await api.close();
  });

  it('waits a millisecond per command read before reading again, at most BET_BATCH_INTERVAL_MS', () => {
    expect(batchInterval(0, 60)).toBe(0);
    expect(batchInterval(2, 60)).toBe(2);
    expect(batchInterval(45, 60)).toBe(45);
    expect(batchInterval(300, 60)).toBe(60);
    expect(batchInterval(300, 0)).toBe(0);
  });

  it("applies a quiet partition's command at once, and gathers what arrives after a large read into one batch", async () => {
    const players = await Promise.all(Array.from({ length: 110 }, () => createUser(api, { main: 100_000 })));
    const period = await freshPeriod(periodConfig, 8_000);
    const count = () => batches.reduce((s, n) => s + n, 0);
    const send = (periodId: string, i: number, game: number) =>
      sender.send(sender.command(players[i]!.id, periodId, GAMES[game]![0], GAMES[game]![1], 1_000));
    /** Ten commands `ms` apart (players 100 to 109, one game). */
    const spaced = async (periodId: string, game: number, ms = 5) => {
      for (let i = 100; i < 110; i++) {
        await send(periodId, i, game);
        await sleep(ms);
      }
    };

    // Quiet: one command is applied alone, without waiting for the interval.
    batches.length = 0;
    const quietAt = Date.now();
    await send(period.periodId, 100, 1);
    await eventually(async () => count() === 1, 5_000, 'the quiet command applied');
    expect(batches).toEqual([1]);
    expect(Date.now() - quietAt).toBeLessThan(800);

    // Busy: a burst of 300 commands; after reading them the consumer waits up to 300 ms, and ten commands sent
    // meanwhile make one batch (two if a read came between them).
    batches.length = 0;
    await Promise.all(Array.from({ length: 100 }, (_, i) => GAMES.map((__, g) => send(period.periodId, i, g))).flat());
    await eventually(async () => count() >= 200, 5_000, 'the burst read');
    await spaced(period.periodId, 0, 1);
    await eventually(async () => count() === 310, 5_000, 'every command applied');
    // The stream keeps the order they were sent in: the burst's 300 come first, then the ten. The batches that hold
    // one of the ten are those whose commands reach past the 300th (one that finished the burst may hold some).
    expect(batchesHolding(batches, 300, 310)).toBeLessThanOrEqual(2);
    expect(
      await api.db
        .selectFrom('bets')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('period_id', '=', period.periodId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ n: 311 });

    // With the interval off, the same ten come one read each: the consumer is blocked on the stream when each arrives
    // (50 ms apart: more than a batch takes on a loaded box, where 5 ms apart let three batches gather them).
    engine.app.get(AppConfig).BET_BATCH_INTERVAL_MS = 0;
    try {
      await sleep(50);
      batches.length = 0;
      await spaced(period.periodId, 2, 50);
      await eventually(async () => count() === 10, 5_000, 'the ten applied');
      expect(batches.length).toBeGreaterThan(3);
    } finally {
      engine.app.get(AppConfig).BET_BATCH_INTERVAL_MS = 1000;
    }
  });
});
