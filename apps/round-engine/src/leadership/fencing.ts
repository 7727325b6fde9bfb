import { sql, type Transaction } from 'kysely';
import type { DB, Database } from '@app/db';
import type { FencedLease } from '@app/redis';

/** A write of a leader whose fencing token is no longer the newest: it lost its lease to a successor. */
export class FencedError extends Error {
  readonly code = 'FENCED';
  constructor(
    readonly lease: string,
    readonly token: number | null,
    readonly current: number | null,
  ) {
    super(`fenced: ${lease} token ${token ?? 'none'} is not the current one (${current ?? 'none'})`);
    this.name = 'FencedError';
  }
}

export function isFenced(error: unknown): error is FencedError {
  return (error as { code?: string } | null)?.code === 'FENCED';
}

/** Issues the next fencing token of a leased role (called by the lease once it is won in Redis). */
export async function nextFencingToken(db: Database, name: string): Promise<number> {
  const { rows } = await sql<{ token: number }>`
    INSERT INTO fencing_tokens (name, token) VALUES (${name}, 1)
    ON CONFLICT (name) DO UPDATE SET token = fencing_tokens.token + 1, acquired_at = now()
    RETURNING token
  `.execute(db);
  return Number(rows[0]!.token);
}

/**
 * Checks, inside a write transaction, that `token` is still the newest token of `name`. FOR SHARE: a successor
 * issuing a newer token waits until this transaction ends, so either this write commits before the successor
 * leads, or it fails here. Call it as the transaction's last statement (the share lock is then held only for the
 * commit); any earlier statements are rolled back with it.
 */
export async function assertFencingToken(trx: Transaction<DB>, name: string, token: number | null): Promise<void> {
  if (token === null) throw new FencedError(name, null, null);
  const { rows } = await fencingTokenRead(name).execute(trx);
  checkFencingToken(name, token, rows);
}

/** The read (FOR SHARE) of a role's newest token, to run inside a write transaction (alone, or beside other writes). */
export function fencingTokenRead(name: string) {
  return sql<{ token: number | string }>`SELECT token FROM fencing_tokens WHERE name = ${name} FOR SHARE`;
}

/** Throws FencedError unless the rows of `fencingTokenRead` name `token` as the newest. */
export function checkFencingToken(name: string, token: number | null, rows: Array<{ token: number | string }>): void {
  const current = rows[0] ? Number(rows[0].token) : null;
  if (token === null || current !== token) throw new FencedError(name, token, current);
}

/** A transaction guard for a lease's holder: the lease must be held, and its token the newest. */
export type WriteGuard = (trx: Transaction<DB>) => Promise<void>;

export function leaseGuard(lease: FencedLease): WriteGuard {
  // The token is read when the guard runs (at the end of the transaction), not when the transaction began.
  return (trx) => assertFencingToken(trx, lease.name, lease.token);
}
