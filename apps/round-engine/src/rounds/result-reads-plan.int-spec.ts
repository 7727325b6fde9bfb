import { sql } from 'kysely';
import { createTestDatabase, executedPlan, seedRoundWithBets, type TestDatabase } from '@app/db/testing';
import { onlineResultsQuery, otherResultsQuery } from './settlement.service.js';

/**
 * A period's results go to the players online first, then to the others. Postgres's statistics of the bets are older
 * than the period's bets (taken before its round, or while the partition was empty); the
 * read of the others must still look the online list up once per bet, never walk it for each bet (a nested loop over
 * it took 4 s of a bench's first round).
 */
describe('the reads of a period’s results, online players first', () => {
  let t: TestDatabase;
  const previous = '202611280001';
  const period = '202611280002';
  const online: string[] = [];
  const others: string[] = [];

  beforeAll(async () => {
    t = await createTestDatabase();
    const seeded = await seedRoundWithBets(t.db, { periods: [previous, period], players: 4000 });
    online.push(...seeded.players.slice(0, 3000));
    others.push(...seeded.players.slice(3000));
    // The statistics are taken after the previous round, before this one has bets (as when a round is played while
    // autovacuum has not yet looked again): Postgres then expects this period to have next to no bets.
    await seeded.betAll(previous);
    await sql`ANALYZE bets`.execute(t.db);
    await seeded.betAll(period);
  });
  afterAll(() => t.drop());

  it('reads the online list once, whatever the statistics say, and only the others’ bets', async () => {
    const plan = await executedPlan(t.db, otherResultsQuery(period, online));
    for (const scan of plan.filter((n) => n['Node Type'] === 'Function Scan'))
      expect(scan['Actual Loops'] ?? 0).toBeLessThanOrEqual(1);
    expect(
      plan.filter(
        (n) => n['Node Type'] === 'Nested Loop' && (n.Plans ?? []).some((c) => c['Node Type'] === 'Function Scan'),
      ),
    ).toEqual([]);
    const found = await otherResultsQuery(period, online).execute(t.db);
    expect(found.rows).toHaveLength(others.length * 3);
    expect(new Set(found.rows.map((r) => r.user_id))).toEqual(new Set(others));
    expect(found.rows.map((r) => r.user_id)).toEqual([...found.rows.map((r) => r.user_id)].sort());
  });

  it('reads the online players’ own bets, the online list once', async () => {
    const plan = await executedPlan(t.db, onlineResultsQuery(period, online));
    for (const scan of plan.filter((n) => n['Node Type'] === 'Function Scan'))
      expect(scan['Actual Loops'] ?? 0).toBeLessThanOrEqual(1);
    const found = await onlineResultsQuery(period, online).execute(t.db);
    expect(found.rows).toHaveLength(online.length * 3);
    expect(new Set(found.rows.map((r) => r.user_id))).toEqual(new Set(online));
  });

  it('reads every bet when no one is online', async () => {
    const found = await otherResultsQuery(period, []).execute(t.db);
    expect(found.rows).toHaveLength((online.length + others.length) * 3);
  });
});
