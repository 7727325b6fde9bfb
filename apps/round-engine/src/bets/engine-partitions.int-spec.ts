import { ConfigError, loadConfig } from '@app/config';
import { createTestDatabase, type TestDatabase } from '@app/db/testing';
import { deleteRedisPrefix, testRedisPrefix } from '@app/redis/testing';
import { eventually, sleep, startTestEngine, type TestEngine } from '@app/testing';
import { BetProcessorService } from './bet-processor.service.js';

/** Long enough that a renewal delayed by a busy machine (CI runs the suites side by side) does not hand a partition over. */
const TTL = 1_000;

/** Two engines splitting the bet partitions (ENGINE_PARTITIONS), each standing by for the other's. */
describe('round engine: partitions split between engines', () => {
  let database: TestDatabase;
  const prefix = testRedisPrefix();
  const engines: TestEngine[] = [];
  const start = async (partitions: string) => {
    const engine = await startTestEngine({
      database,
      env: {
        REDIS_PREFIX: prefix,
        ENGINE_ROLES: 'bets',
        BET_PARTITIONS: '4',
        ENGINE_PARTITIONS: partitions,
        LEASE_TTL_MS: String(TTL),
      },
    });
    engines.push(engine);
    return engine;
  };
  const led = (engine: TestEngine) => [...engine.app.get(BetProcessorService).ledPartitions].sort();

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const engine of engines) await engine.close().catch(() => {});
    await database.drop();
    await deleteRedisPrefix(prefix);
  });

  it("each engine leads its own partitions, keeps them past the standby delay, and takes the other's when it stops", async () => {
    const a = await start('0,2');
    const b = await start('1,3');
    await eventually(
      async () => led(a).join() === '0,2' && led(b).join() === '1,3',
      10_000,
      'partitions split 0,2 / 1,3',
    );
    // Past twice the lease time each also competes for the other's partitions: held, so they stay where they are.
    await sleep(4 * TTL);
    expect([led(a), led(b)]).toEqual([
      [0, 2],
      [1, 3],
    ]);
    await b.close();
    engines.splice(engines.indexOf(b), 1);
    await eventually(async () => led(a).join() === '0,1,2,3', 8_000, 'the standby leads every partition');
  });

  it('refuses an ENGINE_PARTITIONS that is not a list of partition numbers', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', ENGINE_PARTITIONS: '0,x' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', ENGINE_PARTITIONS: '-1' })).toThrow(ConfigError);
    expect(loadConfig({ NODE_ENV: 'test', ENGINE_PARTITIONS: '1, 3' }).ENGINE_PARTITIONS).toEqual([1, 3]);
    expect(loadConfig({ NODE_ENV: 'test' }).ENGINE_PARTITIONS).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test', ENGINE_PARTITIONS: 'none' }).ENGINE_PARTITIONS).toEqual([]);
  });
});
