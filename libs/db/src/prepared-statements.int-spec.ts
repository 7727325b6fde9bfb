import { sql } from 'kysely';
import { createDatabase, PREPARED, preparedName, type Database } from './database.js';
import { TEST_DATABASE_SERVER } from './testing/index.js';

/** The statements prepared on the pool's one connection (pg_prepared_statements is per session). */
const preparedOn = async (db: Database) =>
  (
    await sql<{
      name: string;
      statement: string;
    }>`SELECT name, statement FROM pg_prepared_statements ORDER BY name`.execute(db)
  ).rows;

describe('statements marked PREPARED are prepared once per connection (a real Postgres)', () => {
  let direct: Database;
  let pooled: Database;
  beforeAll(() => {
    direct = createDatabase(`${TEST_DATABASE_SERVER}/postgres`, { max: 1 });
    pooled = createDatabase(`${TEST_DATABASE_SERVER}/postgres`, { max: 1, pooler: 'transaction' });
  });
  afterAll(async () => {
    await direct.destroy();
    await pooled.destroy();
  });

  const marked = (n: number) => sql<{ n: number }>`${sql.raw(PREPARED)} SELECT ${n}::int + 1 AS n`;
  let text = '';
  beforeAll(() => {
    text = marked(0).compile(direct).sql;
  });

  it('on a direct connection: named, parsed once, its values bound each time; an unmarked statement is not kept', async () => {
    expect(text.startsWith(PREPARED)).toBe(true);
    expect((await marked(1).execute(direct)).rows).toEqual([{ n: 2 }]);
    expect((await marked(41).execute(direct)).rows).toEqual([{ n: 42 }]);
    expect((await sql<{ n: number }>`SELECT ${5}::int AS n`.execute(direct)).rows).toEqual([{ n: 5 }]);
    expect(await preparedOn(direct)).toEqual([{ name: preparedName(text), statement: text }]);
  });

  it('a marked statement that fails leaves the connection and the statement usable', async () => {
    const divide = (d: number) => sql<{ q: number }>`${sql.raw(PREPARED)} SELECT 10 / ${d}::int AS q`;
    await expect(divide(0).execute(direct)).rejects.toThrow(/division by zero/);
    expect((await divide(5).execute(direct)).rows).toEqual([{ q: 2 }]);
    expect((await marked(2).execute(direct)).rows).toEqual([{ n: 3 }]);
  });

  it('inside a transaction too, and the same text gets the same name', async () => {
    await direct.transaction().execute(async (trx) => {
      expect((await marked(9).execute(trx)).rows).toEqual([{ n: 10 }]);
    });
    expect(preparedName(text)).toBe(preparedName(`${text}`));
    expect(preparedName(text)).not.toBe(preparedName(`${text} `));
    expect((await preparedOn(direct)).map((s) => s.name)).toContain(preparedName(text));
  });

  it('behind a transaction-mode pooler nothing is prepared (a named statement would outlive its server connection)', async () => {
    expect((await marked(1).execute(pooled)).rows).toEqual([{ n: 2 }]);
    await pooled.transaction().execute(async (trx) => {
      expect((await marked(2).execute(trx)).rows).toEqual([{ n: 3 }]);
    });
    expect(await preparedOn(pooled)).toEqual([]);
  });
});
