import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  PostgresDriver,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type PostgresDialectConfig,
  type PostgresPool,
  type TransactionSettings,
} from 'kysely';
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { DB } from './schema.js';

/**
 * int8 (bigint) → number, exactly or not at all. One amount of paise, a balance, a count or an id stays far below
 * 2^53, but a bigint column can hold more, and `Number()` would round it without a word. Past 2^53 the query fails
 * with this error instead. Sums of paise are `numeric` (read as decimal text, never parsed here): read them with
 * `exactPaise` as bigint and convert once, at the boundary.
 */
export function parseInt8(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n))
    throw new RangeError(`int8 value ${value} is beyond 2^53: read it as text or bigint, not as a number`);
  return n;
}
pg.types.setTypeParser(pg.types.builtins.INT8, parseInt8);
// date → plain 'YYYY-MM-DD' string (no time-zone shifting).
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);

/** The application's typed database handle; injectable by class. */
export class Database extends Kysely<DB> {}

/**
 * Per-session limits, set when each connection opens (startup parameters). The round engine sets them so that no
 * statement waits on a lock for long, no transaction can stay open while its process is paused (a frozen leader's
 * locks are released after `idleInTransactionTimeoutMs`), and no statement runs away. Behind a transaction-mode
 * pooler they are set at the start of each transaction instead (`SET LOCAL`, see `pooler`).
 */
export interface SessionLimits {
  lockTimeoutMs?: number;
  idleInTransactionTimeoutMs?: number;
  statementTimeoutMs?: number;
}

/**
 * What the URL points at. `direct`: Postgres itself; every connection opens with the planner's cost setting and the
 * session limits as startup parameters. `transaction`: a pooler in transaction mode (PgBouncer), which rejects such
 * parameters and gives each transaction whichever server connection is free: nothing is sent at startup, and every
 * transaction begins with `SET LOCAL` of the same settings (in the same round trip as its BEGIN).
 */
export type PoolerMode = 'direct' | 'transaction';

export interface DatabaseOptions {
  max?: number;
  applicationName?: string;
  onIdleError?: (error: Error) => void;
  session?: SessionLimits;
  pooler?: PoolerMode;
  /** How long to wait for a connection before failing (ms); unset → no limit (pg's default). */
  connectionTimeoutMs?: number;
}

/**
 * The mark of a statement prepared once per connection: SQL text starting with it is sent as a named statement on a
 * direct connection (parsed and planned once there, then only bound and executed), as itself behind a pooler, where
 * a named statement would outlive the transaction's server connection. For statements run very often whose text
 * never changes (values as parameters, arrays as one parameter each) and whose plan made once stays good (see
 * docs/sql.md: not the reads of the partitioned `bets`).
 */
export const PREPARED = '/* prepared */';

const statementNames = new Map<string, string>();

/** The name a marked statement is prepared under: the same text, the same name, on every connection. */
export function preparedName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `wr_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

/** pg's client, sending each statement marked PREPARED as a named statement (pg prepares it once per connection). */
class PreparingClient extends pg.Client {
  // pg's overloads, passed through as they are; only a marked text with its values changes.
  override query(...args: unknown[]): never {
    const [text, values, ...rest] = args;
    if (typeof text === 'string' && text.startsWith(PREPARED) && Array.isArray(values))
      return (super.query as (...a: unknown[]) => never)({ name: preparedName(text), text, values }, ...rest);
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

/** The planner's cost of a random page read, relative to a sequential one (set on every connection). */
export const RANDOM_PAGE_COST = 1.1;

export function createPool(url: string, options: DatabaseOptions = {}): pg.Pool {
  const direct = (options.pooler ?? 'direct') === 'direct';
  const pool = new pg.Pool({
    ...(direct ? { Client: PreparingClient } : {}),
    connectionString: url,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'winround',
    idleTimeoutMillis: 30_000,
    ...(options.connectionTimeoutMs ? { connectionTimeoutMillis: options.connectionTimeoutMs } : {}),
    // The working set lives in memory (or on SSD): a random page read costs about what a sequential one does. With
    // the default cost model (4×) the planner prefers reading a whole table of tens of thousands of rows into a hash
    // to a hundred index look-ups, in the statements that run per bet batch.
    ...(direct ? { options: `-c random_page_cost=${RANDOM_PAGE_COST}` } : {}),
    ...(direct && options.session?.lockTimeoutMs ? { lock_timeout: options.session.lockTimeoutMs } : {}),
    ...(direct && options.session?.idleInTransactionTimeoutMs
      ? { idle_in_transaction_session_timeout: options.session.idleInTransactionTimeoutMs }
      : {}),
    ...(direct && options.session?.statementTimeoutMs ? { statement_timeout: options.session.statementTimeoutMs } : {}),
  });
  // An idle client losing its connection (server restart, failover, shutdown) must not crash the process;
  // the pool discards it and the next query opens a fresh one.
  pool.on('error', (error) => options.onIdleError?.(error));
  // A checked-out client whose backend dies (terminated, failover) emits 'error' outside any query; without a
  // listener that would crash the process. Its query has already failed; the pool drops it on release.
  pool.on('connect', (client) => client.on('error', (error) => options.onIdleError?.(error)));
  return pool;
}

/**
 * The `SET LOCAL` statements a transaction begins with behind a transaction-mode pooler: what a direct connection
 * gets at startup. Whole milliseconds only, so the text is safe to inline.
 */
export function transactionSettings(session: SessionLimits = {}): string {
  const settings: [string, string | number | undefined][] = [
    ['random_page_cost', RANDOM_PAGE_COST],
    ['lock_timeout', session.lockTimeoutMs],
    ['idle_in_transaction_session_timeout', session.idleInTransactionTimeoutMs],
    ['statement_timeout', session.statementTimeoutMs],
  ];
  return settings
    .filter(([, value]) => value !== undefined && value !== 0)
    .map(([name, value]) => {
      if (!Number.isFinite(Number(value))) throw new RangeError(`${name}: ${value} is not a number`);
      return `set local ${name} = ${Number(value)}`;
    })
    .join('; ');
}

/** Postgres's driver, whose transactions begin with `settings` (`SET LOCAL …`) in the same round trip. */
class SettingDriver extends PostgresDriver {
  constructor(
    config: PostgresDialectConfig,
    private readonly settings: string,
  ) {
    super(config);
  }

  override async beginTransaction(connection: DatabaseConnection, transaction: TransactionSettings): Promise<void> {
    let begin = 'begin';
    if (transaction.isolationLevel || transaction.accessMode) {
      begin = 'start transaction';
      if (transaction.isolationLevel) begin += ` isolation level ${transaction.isolationLevel}`;
      if (transaction.accessMode) begin += ` ${transaction.accessMode}`;
    }
    // Without parameters pg sends the simple protocol, which runs several statements in one message.
    await connection.executeQuery(CompiledQuery.raw(`${begin}; ${this.settings}`));
  }
}

class SettingDialect extends PostgresDialect {
  constructor(
    private readonly config: PostgresDialectConfig,
    private readonly settings: string,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    return new SettingDriver(this.config, this.settings);
  }
}

/** Kysely's Postgres dialect over `pool`, with `SET LOCAL` of the session's settings per transaction behind a pooler. */
export function createDialect(pool: PostgresPool, options: Pick<DatabaseOptions, 'pooler' | 'session'> = {}): Dialect {
  return (options.pooler ?? 'direct') === 'direct'
    ? new PostgresDialect({ pool })
    : new SettingDialect({ pool }, transactionSettings(options.session));
}

export function createDatabase(url: string, options: DatabaseOptions = {}): Database {
  return new Database({ dialect: createDialect(createPool(url, options), options) });
}

/** An element of a Postgres array literal. */
export type PgArrayElement = string | number | bigint | boolean | null | undefined;

/**
 * The Postgres array literal of `values`, to pass as one parameter cast to an array type (`${pgArray(ids)}::uuid[]`).
 * The same text pg sends for a JavaScript array parameter (every string element quoted, `"` and `\` escaped, null and
 * undefined as NULL), built in one pass: a bet batch sends tens of thousands of elements, and pg's own serialisation
 * (two regular expressions per element) was a twentieth of the round engine's CPU.
 */
export function pgArray(values: readonly PgArrayElement[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) out += ',';
    const value = values[i];
    if (value === null || value === undefined) out += 'NULL';
    else {
      const text = String(value);
      out += `"${text.includes('"') || text.includes('\\') ? text.replace(/[\\"]/g, '\\$&') : text}"`;
    }
  }
  return `${out}}`;
}
