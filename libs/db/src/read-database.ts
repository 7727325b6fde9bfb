import { Kysely, type PostgresPool, type PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import type { DB } from './schema.js';

/**
 * The handle for reads that may lag a little behind the primary: bet history, transaction lists and statements, the
 * public fairness record, the admin dashboard and charts, public profiles. Behind it a streaming replica
 * (DATABASE_READ_URL) while its replay lag stays within DATABASE_READ_MAX_LAG_MS, else the primary; without a replica
 * it is the primary itself. A read that must see what this request just wrote (a balance after a deposit, anything
 * inside a money transaction) uses `Database`.
 */
export class ReadDatabase extends Kysely<DB> {}

/** Where lagging reads go now, and why. */
export interface ReplicaState {
  /** True while reads go to the replica. */
  replica: boolean;
  /** The replica's replay lag at the last check (ms); null while unknown (unreachable, not yet checked). */
  lagMs: number | null;
  reason: 'not checked' | 'within bound' | 'lagging' | 'unreachable';
}

export interface ReplicaMonitorOptions {
  primary: pg.Pool;
  replica: pg.Pool;
  maxLagMs: number;
  /** How often the lag is measured (ms). */
  intervalMs?: number;
  /** A check that takes longer than this counts as the replica unreachable (ms). */
  checkTimeoutMs?: number;
  /** Called once per change of where reads go (not for every check). */
  onChange?: (state: ReplicaState) => void;
  /** Called after every check. */
  onCheck?: (state: ReplicaState) => void;
  now?: () => number;
}

/** A WAL position (`16/B374D848`) as a number of bytes. */
export function parseLsn(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  if (high === undefined || low === undefined) throw new RangeError(`not a WAL position: ${lsn}`);
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/** Samples of the primary's WAL position kept at most (an hour and more at one a second). */
const MAX_SAMPLES = 4096;

/**
 * Measures a streaming replica's replay lag against its primary, once per interval, without trusting either clock or
 * the time of the last replayed commit (which is old on an idle primary): each check reads the primary's WAL
 * position, then the replica's replayed one. The lag is how long ago the primary first had WAL the replica has not
 * replayed yet: zero when the replica has replayed everything the primary had at this check (an idle primary
 * included), else the age of the oldest such sample (to within one interval). Until the replica has replayed what the
 * primary had at the first check, the lag is at least that old and at least the age of its last replayed commit.
 * A server that is not in recovery (the URL points at a primary) has no lag.
 */
export class ReplicaMonitor {
  private readonly now: () => number;
  private samples: { at: number; lsn: bigint }[] = [];
  private baseline: { at: number; lsn: bigint } | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<ReplicaState> | undefined;
  private current: ReplicaState = { replica: false, lagMs: null, reason: 'not checked' };

  constructor(private readonly options: ReplicaMonitorOptions) {
    this.now = options.now ?? Date.now;
  }

  get state(): ReplicaState {
    return this.current;
  }

  /** Checks at once, then every interval. */
  start(): void {
    if (this.timer) return;
    void this.check();
    this.timer = setInterval(() => void this.check(), this.options.intervalMs ?? 1000);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One measurement (a check already under way is awaited rather than doubled). */
  check(): Promise<ReplicaState> {
    this.running ??= this.measure().finally(() => (this.running = undefined));
    return this.running;
  }

  private async measure(): Promise<ReplicaState> {
    let next: ReplicaState;
    try {
      next = await this.withTimeout(this.lag());
    } catch {
      next = { replica: false, lagMs: null, reason: 'unreachable' };
    }
    const changed = next.replica !== this.current.replica || next.reason !== this.current.reason;
    this.current = next;
    if (changed) this.options.onChange?.(next);
    this.options.onCheck?.(next);
    return next;
  }

  private async withTimeout<T>(work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('replica check timed out')), this.options.checkTimeoutMs ?? 2000);
    });
    try {
      return await Promise.race([work, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async lag(): Promise<ReplicaState> {
    const at = this.now();
    const primary = await this.options.primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
    const primaryLsn = parseLsn(primary.rows[0]!.lsn);
    const last = this.samples.at(-1);
    if (!last || primaryLsn > last.lsn) this.samples.push({ at, lsn: primaryLsn });
    if (this.samples.length > MAX_SAMPLES) this.samples.shift();
    this.baseline ??= { at, lsn: primaryLsn };

    const replica = await this.options.replica.query<{ standby: boolean; lsn: string | null; since_ms: number | null }>(
      `SELECT pg_is_in_recovery() AS standby, pg_last_wal_replay_lsn()::text AS lsn,
              (extract(epoch FROM clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000)::float8 AS since_ms`,
    );
    const row = replica.rows[0]!;
    if (!row.standby) return this.decide(0);
    if (row.lsn === null) return this.decide(Number.POSITIVE_INFINITY);
    const replayed = parseLsn(row.lsn);
    // Samples the replica has replayed past are of no more use: the oldest one left is the oldest WAL it lacks.
    while (this.samples.length > 1 && this.samples[0]!.lsn <= replayed) this.samples.shift();
    if (replayed >= primaryLsn) return this.decide(0);
    const oldest = this.samples[0]!;
    if (replayed < this.baseline.lsn) {
      const since = row.since_ms === null ? Number.POSITIVE_INFINITY : Math.max(0, row.since_ms);
      return this.decide(Math.max(at - this.baseline.at, since));
    }
    return this.decide(Math.max(0, at - oldest.at));
  }

  private decide(lagMs: number): ReplicaState {
    const within = lagMs <= this.options.maxLagMs;
    return {
      replica: within,
      lagMs: Number.isFinite(lagMs) ? Math.round(lagMs) : null,
      reason: within ? 'within bound' : 'lagging',
    };
  }
}

/**
 * A pool that hands out a replica connection while the monitor allows it, else a primary one (also when the replica
 * refuses a connection between two checks). Ending it stops the monitor and ends the replica's pool only: the
 * primary's belongs to `Database`.
 */
export class RoutingPool implements PostgresPool {
  constructor(
    private readonly primary: pg.Pool,
    private readonly replica: pg.Pool,
    private readonly monitor: ReplicaMonitor,
  ) {}

  async connect(): Promise<PostgresPoolClient> {
    if (this.monitor.state.replica) {
      try {
        return await this.replica.connect();
      } catch {
        void this.monitor.check();
      }
    }
    return this.primary.connect();
  }

  async end(): Promise<void> {
    this.monitor.stop();
    await this.replica.end();
  }
}
