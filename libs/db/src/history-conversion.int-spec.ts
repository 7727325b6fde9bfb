import { convertAndCheck } from '../../../scripts/history-conversion.mjs';
import { migrations } from './migrations/index.js';
import { TEST_DATABASE_SERVER } from './testing/index.js';

/**
 * Migration 0029 converts a database in place (docs/partitions.md): a database at 0028 with 20,000 bets and their
 * ledger keeps every row of events, ledger_postings, bets and audit_log, every account's balance and its identities.
 * `node scripts/history-conversion.mjs` runs the same check on a million bets and prints the time.
 */
describe('migration 0029 on a database with history', () => {
  it('keeps every row, every balance and every identity, the old rows in one partition', async () => {
    const lines: string[] = [];
    const result = await convertAndCheck({
      server: TEST_DATABASE_SERVER,
      migrations,
      bets: 20_000,
      log: (line) => lines.push(line),
    });
    expect(result.problems).toEqual([]);
    expect(result.bets).toBe(20_000);
    expect(Number(result.after.tables.ledger_postings!.n)).toBeGreaterThan(20_000);
    expect(result.after.walletsDiffering).toBe(0);
    expect(result.legacy?.partition).toMatch(/^bets_before_\d{4}_\d{2}$/);
    expect(Number(result.legacy?.rows)).toBe(20_000);
    console.log(`${lines.join('\n')}\nmigration 0029 converted ${result.bets} bets in ${result.ms} ms`);
  }, 120_000);
});
