import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig } from '@app/config';
import { TEST_DATABASE_SERVER } from '@app/db/testing';
import { firstRoundAtOrAfter, roundTimeMs } from '@app/domain';
import {
  eventually,
  freshPeriod,
  periodStatus,
  startTestApi,
  startTestEngine,
  testBeacon,
  type TestApi,
  type TestEngine,
} from '@app/testing';
import { FairnessChainService } from './fairness-chain.service.js';
import { fairnessKeyId, sealTip, unsealTip } from './fairness-seal.js';

const ROUNDS = { ROUND_SECONDS: '4', LOCK_SECONDS: '1', BET_PARTITIONS: '2', FAIRNESS_CHAIN_LENGTH: '400' };
const periodConfig = { roundSeconds: 4, lockSeconds: 1 };
const run = promisify(execFile);

/**
 * What the api's database role may do to each relation: table privileges (S, I, U, D) or, for `periods`, only the
 * listed columns. A relation missing here fails the test: every new table or view is classified when it is added.
 */
const API_PRIVILEGES: Record<string, string> = {
  users: 'SIUD',
  sessions: 'SIUD',
  refresh_tokens: 'SIUD',
  otp_codes: 'SIUD',
  password_reset_tickets: 'SIUD',
  second_factors: 'SIUD',
  recovery_codes: 'SIUD',
  wallets: 'SIUD',
  transactions: 'SIUD',
  // Contests of a UTR (migration 0019): recorded, a repeat counted; never deleted.
  utr_contests: 'SIU',
  // Referrals (migration 0016): opened by a deposit approval, voided by a withdrawal request; never deleted.
  referrals: 'SIU',
  // Limits a player sets for themself and their reality-check settings (migration 0020).
  player_limits: 'SIUD',
  player_play_settings: 'SIUD',
  // Breaks and self-exclusions (migration 0021): never deleted, never shortened (triggers).
  play_breaks: 'SIU',
  // Identity checks (migration 0022): submitted, resubmitted after a rejection, decided; never deleted. The number is
  // only sealed, masked and digested.
  identity_checks: 'SIU',
  bets: 'SIUD',
  // Disputes (migration 0023): opened, answered, closed; never deleted.
  disputes: 'SIU',
  bet_outcomes: 'SIUD',
  // Care signals (migration 0024): the api records limit hits and changes, reads the flags and records reviews;
  // the round engine's care job finds the flags and keeps its scan mark.
  limit_hits: 'SI',
  limit_changes: 'SI',
  care_flags: 'SU',
  care_scans: '',
  events: 'SI',
  ledger_postings: 'SI',
  audit_log: 'SI',
  // The guards of bet ids and journal idempotency keys across partitions (migration 0029): written by the triggers
  // of the api's own inserts. The partitions themselves are in the schema `partitions`, which the api cannot use.
  bet_ids: 'SI',
  event_commands: 'SI',
  // The partitions' record and the archived months' opening balances: the engine's workers only.
  history_partitions: '',
  archived_balances: '',
  outbox: 'SID',
  public_periods: 'S',
  push_subscriptions: 'SIUD',
  public_fairness_chains: 'S',
  beacon_chains: 'S',
  period_choices: 'S',
  kysely_migration: 'S',
  kysely_migration_lock: 'S',
  periods: 'columns:end_at,id,lock_at,start_at,status',
  fairness_chains: '',
  partition_fences: '',
  fencing_tokens: '',
};

/** Every 32-byte value written in hex (every 64-character window of a hex run) or base64 in `text`. */
function thirtyTwoByteValues(text: string): Set<string> {
  const values = new Set<string>();
  for (const [run] of text.toLowerCase().matchAll(/[0-9a-f]{64,}/g))
    for (let i = 0; i + 64 <= run.length; i++) values.add(run.slice(i, i + 64));
  for (const [token] of text.matchAll(/[A-Za-z0-9+/]{43}=?/g)) {
    const bytes = Buffer.from(token, 'base64');
    if (bytes.length === 32) values.add(bytes.toString('hex'));
  }
  return values;
}

describe('fairness secrets: out of reach of the api, of a backup, and of anyone without the engine’s key', () => {
  let api: TestApi;
  let engine: TestEngine;
  let chains: FairnessChainService;

  beforeAll(async () => {
    api = await startTestApi({ env: ROUNDS });
    engine = await startTestEngine({
      database: api.database,
      env: { ...ROUNDS, REDIS_PREFIX: api.config.REDIS_PREFIX },
    });
    chains = engine.app.get(FairnessChainService);
    // A few periods drawn, so there are revealed seeds beside the secret ones.
    await eventually(
      async () =>
        Number(
          (await sql<{ n: number }>`SELECT count(*)::int AS n FROM periods WHERE status = 'SETTLED'`.execute(api.db))
            .rows[0]!.n,
        ) >= 2,
      30_000,
      'periods settled',
    );
  });
  afterAll(async () => {
    await engine.close();
    await api.close();
  });

  /** Every seed not yet revealed of every chain (index > the highest revealed one), with each chain's tip. */
  async function secretSeeds(from: 'unrevealed' | 'unlocked'): Promise<{ seeds: Set<string>; tips: string[] }> {
    const seeds = new Set<string>();
    const tips: string[] = [];
    for (const { id } of await api.db.selectFrom('fairness_chains').select('id').execute()) {
      const chain = await chains.byId(id);
      const first =
        from === 'unrevealed'
          ? Number(
              (
                await sql<{
                  k: number | null;
                }>`SELECT max(chain_index) AS k FROM periods WHERE chain_id = ${id} AND seed IS NOT NULL`.execute(
                  api.db,
                )
              ).rows[0]!.k ?? 0,
            ) + 1
          : Number(
              (
                await sql<{
                  k: number | null;
                }>`SELECT min(chain_index) AS k FROM periods WHERE chain_id = ${id} AND status = 'OPEN' AND lock_at > now()`.execute(
                  api.db,
                )
              ).rows[0]!.k ?? chain.length + 1,
            );
      for (let k = first; k <= chain.length; k++) seeds.add(chains.seed(chain, k));
      tips.push(chains.seed(chain, chain.length));
    }
    return { seeds, tips };
  }

  it('the api role may do exactly what its table says to each relation, and nothing to the fairness secrets', async () => {
    const { rows } = await sql<{
      name: string;
      s: boolean;
      i: boolean;
      u: boolean;
      d: boolean;
      columns: string[] | null;
    }>`
      SELECT c.relname AS name,
             has_table_privilege('winround_api', c.oid, 'SELECT') AS s, has_table_privilege('winround_api', c.oid, 'INSERT') AS i,
             has_table_privilege('winround_api', c.oid, 'UPDATE') AS u, has_table_privilege('winround_api', c.oid, 'DELETE') AS d,
             (SELECT array_agg(a.attname::text ORDER BY a.attname) FROM pg_attribute a
               WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND has_column_privilege('winround_api', c.oid, a.attnum, 'SELECT')) AS columns
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'v', 'm', 'p')
      ORDER BY c.relname
    `.execute(api.db);
    const actual = Object.fromEntries(
      rows.map((r) => {
        const table = `${r.s ? 'S' : ''}${r.i ? 'I' : ''}${r.u ? 'U' : ''}${r.d ? 'D' : ''}`;
        return [r.name, !r.s && r.columns?.length ? `columns:${r.columns.join(',')}` : table];
      }),
    );
    expect(actual).toEqual(API_PRIVILEGES);
    // And no schema change, no role of its own to grant.
    const { rows: role } = await sql<{ create: boolean; super: boolean; partitions: boolean }>`
      SELECT has_schema_privilege('winround_api', 'public', 'CREATE') AS create, rolsuper AS super,
             has_schema_privilege('winround_api', 'partitions', 'USAGE') AS partitions
      FROM pg_roles WHERE rolname = 'winround_api'
    `.execute(api.db);
    // Nor may it reach a partition of the money history but through its table (and that table's triggers).
    expect(role[0]).toEqual({ create: false, super: false, partitions: false });
    // The one function it may run with the owner's rights: the bet batch's lock of the periods it places bets in.
    const { rows: definers } = await sql<{ name: string }>`
      SELECT p.proname AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public' AND p.prosecdef AND has_function_privilege('winround_api', p.oid, 'EXECUTE')
    `.execute(api.db);
    expect(definers.map((d) => d.name)).toEqual(['periods_taking_bets']);
  });

  it('connected as the api, every read of the secrets is refused, and everything it can read holds no seed of a period still taking bets', async () => {
    await freshPeriod(periodConfig, 1500);
    const client = new pg.Client({ connectionString: api.database.apiUrl });
    await client.connect();
    try {
      for (const forbidden of [
        'SELECT tip_sealed FROM fairness_chains',
        'SELECT seed FROM periods',
        'SELECT seed_hash FROM periods',
        'SELECT * FROM partition_fences',
      ]) {
        await expect(client.query(forbidden)).rejects.toThrow(/permission denied/);
      }
      await expect(client.query("UPDATE periods SET status = 'REFUNDED'")).rejects.toThrow(/permission denied/);
      // Everything it may read: every table and view it has SELECT on, and the columns it may read of the others.
      const { rows: readable } = await client.query<{ name: string; columns: string[] }>(`
        SELECT c.relname AS name, array_agg(quote_ident(a.attname::text) ORDER BY a.attnum) AS columns
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'v', 'm', 'p') AND has_column_privilege(c.oid, a.attnum, 'SELECT')
        GROUP BY c.relname
      `);
      let dump = '';
      for (const { name, columns } of readable) {
        const { rows } = await client.query(`SELECT ${columns.join(', ')} FROM ${name}`);
        dump += JSON.stringify(rows, (_k, v) => (Buffer.isBuffer(v) ? v.toString('hex') : v));
      }
      expect(readable.map((r) => r.name)).toEqual(
        expect.arrayContaining(['public_periods', 'periods', 'bets', 'users']),
      );
      // The running period and those opened ahead: their seeds, and every later chain element, appear nowhere.
      const { seeds } = await secretSeeds('unlocked');
      expect(seeds.size).toBeGreaterThan(0);
      const leaked = [...thirtyTwoByteValues(dump)].filter((v) => seeds.has(v));
      expect(leaked).toEqual([]);
      // Nor could the result be computed from the seeds anyway: the period's beacon round is not produced yet.
      const open = await api.db
        .selectFrom('periods')
        .select(['id', 'lock_at'])
        .where('status', '=', 'OPEN')
        .where('lock_at', '>', new Date())
        .execute();
      const beacon = (await testBeacon()).chain;
      for (const period of open)
        expect(roundTimeMs(beacon, firstRoundAtOrAfter(beacon, period.lock_at.getTime()))).toBeGreaterThan(Date.now());
    } finally {
      await client.end();
    }
  });

  it('a dump of the whole database (pg_dump, as its owner) holds no seed not yet revealed and no tip', async () => {
    // Straight to the server, never through a transaction-mode pooler: pg_dump sets its search_path for the session,
    // which a pooler would leave on the server connection for the next client (PgBouncer's documented caveat).
    const direct = `${TEST_DATABASE_SERVER}/${api.database.name}`;
    const { stdout } = await run('pg_dump', ['--no-owner', '--data-only', direct], {
      maxBuffer: 256 * 1024 * 1024,
    });
    expect(stdout).toMatch(/COPY public\.fairness_chains/);
    const { seeds, tips } = await secretSeeds('unrevealed');
    const values = thirtyTwoByteValues(stdout);
    expect([...values].filter((v) => seeds.has(v))).toEqual([]);
    for (const tip of tips) expect(values.has(tip)).toBe(false);
  });

  it('the tip opens with the engine’s key only, and only in its own chain’s row', async () => {
    const row = await api.db.selectFrom('fairness_chains').selectAll().orderBy('id').limit(1).executeTakeFirstOrThrow();
    expect(row.tip).toBeNull();
    const key = engine.config.fairnessKey;
    const chain = await chains.byId(row.id);
    expect(unsealTip(key, row.tip_sealed!, row.commitment)).toBe(chains.seed(chain, chain.length));
    expect(row.key_id).toBe(fairnessKeyId(key));
    expect(() =>
      unsealTip(createHash('sha256').update('another key').digest(), row.tip_sealed!, row.commitment),
    ).toThrow();
    expect(() => unsealTip(key, row.tip_sealed!, 'ff'.repeat(32))).toThrow();
    // A clear tip cannot be stored again.
    await expect(
      sql`UPDATE fairness_chains SET tip = ${'ab'.repeat(32)} WHERE id = ${row.id}`.execute(api.db),
    ).rejects.toThrow(/stored sealed only/);
    // An engine with another key says which key sealed the chain, and draws nothing.
    const other = new FairnessChainService(
      engine.db,
      loadConfig({ NODE_ENV: 'test', FAIRNESS_KEY: createHash('sha256').update('other').digest('hex') }),
    );
    await expect(other.byId(row.id)).rejects.toThrow(new RegExp(`sealed under key ${row.key_id}`));
  });

  it('a chain stored in clear before the tips were sealed is sealed when an engine starts, and its clear tip erased', async () => {
    const tip = createHash('sha256').update('a chain of an earlier version').digest('hex');
    let commitment = Buffer.from(tip, 'hex');
    for (let i = 0; i < 10; i++) commitment = createHash('sha256').update(commitment).digest();
    await sql`ALTER TABLE fairness_chains DISABLE TRIGGER fairness_chains_sealed_only`.execute(api.db);
    const { id } = await api.db
      .insertInto('fairness_chains')
      .values({ commitment: commitment.toString('hex'), tip, length: 10, first_period_id: '209901010001' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`ALTER TABLE fairness_chains ENABLE TRIGGER fairness_chains_sealed_only`.execute(api.db);
    await chains.preload();
    const row = await api.db.selectFrom('fairness_chains').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.tip).toBeNull();
    expect(unsealTip(engine.config.fairnessKey, row.tip_sealed!, row.commitment)).toBe(tip);
    expect(sealTip(engine.config.fairnessKey, tip, row.commitment)).not.toBe(row.tip_sealed); // a fresh IV each time
    await sql`DELETE FROM fairness_chains WHERE id = ${id}`.execute(api.db);
    expect(await periodStatus(api.db, '209901010001')).toBeUndefined();
  });
});
