import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import {
  compareArea,
  describeDifferences,
  recordStatements,
  renderParameter,
  scrubTransactionIds,
  SNAPSHOT_NOW_MS,
  writeArea,
  type SqlSnapshotEntry,
} from './sql-snapshots.js';

const entry = (name: string, table: string): SqlSnapshotEntry => ({
  name,
  builder: 'example',
  file: 'libs/db/src/testing/sql-snapshots.spec.ts',
  about: 'An example.',
  results: [[{ n: 1 }]],
  run: async (db) => {
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE at < ${new Date()}`.execute(db);
    await db.selectFrom('wallets').select('id').where('user_id', '=', String(rows[0]!.n)).execute();
  },
});

describe('SQL snapshots', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'sql-snapshots-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('records every statement with its parameters, the clock held and the rows given', async () => {
    const realNow = Date.now;
    const statements = await recordStatements(entry('a', 'bets'));
    expect(statements).toEqual([
      { sql: 'SELECT count(*) AS n FROM "bets" WHERE at < $1', parameters: [new Date(SNAPSHOT_NOW_MS)] },
      { sql: 'select "id" from "wallets" where "user_id" = $1', parameters: ['1'] },
    ]);
    expect(Date.now).toBe(realNow);
  });

  it('says which builder failed, and after which statement', async () => {
    await expect(recordStatements({ ...entry('a', 'bets'), results: [] })).rejects.toThrow(
      /SQL snapshot a \(example\): the builder failed after 1 statement/,
    );
  });

  it('finds changed, missing and stale files, and writes them', async () => {
    const entries = [entry('a', 'bets'), entry('b', 'periods')];
    expect((await compareArea('x', entries, root)).map((d) => d.problem)).toEqual(['missing', 'missing']);
    await writeArea('x', entries, root);
    expect(await compareArea('x', entries, root)).toEqual([]);
    expect(readFileSync(path.join(root, 'sql/x/a.sql'), 'utf8')).toMatch(
      /^-- example \(libs\/db\/src\/testing\/sql-snapshots.spec.ts\)\n-- An example.\n/,
    );

    writeFileSync(path.join(root, 'sql/x/a.sql'), 'edited');
    mkdirSync(path.join(root, 'sql/x'), { recursive: true });
    writeFileSync(path.join(root, 'sql/x/old.sql'), 'old');
    const differences = await compareArea('x', entries, root);
    expect(describeDifferences(differences)).toBe(
      [
        'The SQL snapshots differ from what the code builds — run `npm run sql:generate` and review the diff:',
        '  sql/x/a.sql: its builder now gives other SQL',
        '  sql/x/old.sql: no builder gives it any more',
      ].join('\n'),
    );
    await writeArea('x', entries, root);
    expect(await compareArea('x', entries, root)).toEqual([]);
  });

  it('shows parameters as literals, long ones cut, random transaction ids hidden', () => {
    expect(renderParameter("it's")).toBe("'it''s'");
    expect(renderParameter(null)).toBe('NULL');
    expect(renderParameter({ a: 1 })).toBe('\'{"a":1}\'');
    expect(renderParameter('x'.repeat(300))).toMatch(/… \(302 characters\)$/);
    expect(scrubTransactionIds('WDR20261121K7Q2M9XH4T')).toBe('WDR20261121<random>');
    expect(scrubTransactionIds('DEP20261121ABCDEFGHJK-suffix')).toBe('DEP20261121ABCDEFGHJK-suffix');
  });
});
