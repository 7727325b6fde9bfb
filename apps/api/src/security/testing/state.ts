import { sql } from 'kysely';
import type { Database } from '@app/db';

/**
 * What a refused request must never change: accounts (their identity columns), wallets, money requests, bets and
 * the journal. Each part is a digest of its rows, so a before/after comparison names the part that moved.
 * Tables that a refusal may legitimately write (failed-attempt counters, one-time codes, revoked sessions) are
 * not part of it.
 */
const PARTS: Record<string, string> = {
  users: 'SELECT id, username, email, password_hash, role, referral_code, referred_by, status FROM users',
  wallets: 'SELECT id, user_id, main, bonus, is_active FROM wallets',
  transactions: 'SELECT * FROM transactions',
  bets: 'SELECT * FROM bets',
  events: 'SELECT seq, type, stream, user_id, payload FROM events',
  ledger_postings: 'SELECT id, event_seq, account, amount FROM ledger_postings',
};

export type StateSnapshot = Record<string, string>;

export async function snapshotState(db: Database): Promise<StateSnapshot> {
  const selects = Object.entries(PARTS).map(
    ([name, query]) =>
      `SELECT '${name}' AS part, count(*)::text || ':' || coalesce(md5(string_agg(r::text, '|' ORDER BY r::text)), '') AS digest FROM (${query}) r`,
  );
  const { rows } = await sql<{ part: string; digest: string }>`${sql.raw(selects.join(' UNION ALL '))}`.execute(db);
  return Object.fromEntries(rows.map((row) => [row.part, row.digest]));
}

/** The parts that differ between two snapshots (empty when nothing changed). */
export function changedParts(before: StateSnapshot, after: StateSnapshot): string[] {
  return Object.keys(PARTS).filter((part) => before[part] !== after[part]);
}
