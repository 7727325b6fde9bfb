import { sql } from 'kysely';
import { createTestDatabase, executedPlan, seedRoundWithBets, type TestDatabase } from '@app/db/testing';
import { gamesBetQuery } from './bet-batch.service.js';

/**
 * Every bet batch asks which games its players bet on in the period being bet on. Postgres's statistics of the bets
 * table are always older than that period's bets (taken while it had few or none); whatever plan they lead to, a
 * lookup must find each player's bets directly and never read the period's other bets.
 */
describe("a batch's lookup of the games its players bet on", () => {
  let t: TestDatabase;
  const previous = '202611280001';
  const period = '202611280002';
  const players: string[] = [];

  beforeAll(async () => {
    t = await createTestDatabase();
    const seeded = await seedRoundWithBets(t.db, { periods: [previous, period], players: 2000 });
    players.push(...seeded.players);
    // The statistics are taken after the previous round, before the current one has bets: as when a round starts.
    await seeded.betAll(previous, ['p1']);
    await sql`ANALYZE bets`.execute(t.db);
    await seeded.betAll(period, ['p1']);
  });
  afterAll(() => t.drop());

  it("reads only the batch players' own bets of the period, one index lookup each, however many bets the period has", async () => {
    const batch = players.slice(0, 100);
    // bets is partitioned by month (migration 0029): its scans are of the partition holding the period.
    const scans = (await executedPlan(t.db, gamesBetQuery(batch, [period]))).filter((n) =>
      /^bets(_before)?_\d{4}_\d{2}$/.test(n['Relation Name'] ?? ''),
    );
    expect(scans.length).toBeGreaterThan(0);
    for (const scan of scans) {
      expect(scan['Node Type']).toMatch(/Index/);
      // 99 players with three bets each, one (p1) with none: nothing read is thrown away.
      expect(scan['Rows Removed by Filter'] ?? 0).toBe(0);
      // Per lookup (the rows shown are per loop): at most one player's three bets.
      expect(scan['Actual Rows'] ?? 0).toBeLessThanOrEqual(3);
    }
    const found = await gamesBetQuery(batch, [period]).execute(t.db);
    expect(found.rows).toHaveLength(99 * 3);
    expect(new Set(found.rows.map((r) => r.user_id)).has(players[0]!)).toBe(false);
  });
});
