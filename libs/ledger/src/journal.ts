import { sql, type Transaction } from 'kysely';
import type { DB } from '@app/db';
import { parseUserAccount } from './accounts.js';

export interface Posting {
  account: string;
  /** Signed paise: positive increases the account. */
  amount: number;
}

/** One journal entry: one immutable event and its postings (which must sum to zero). */
export interface JournalEntry {
  type: string;
  /** The aggregate the event belongs to, e.g. `wallet:{userId}`, `period:{id}`, `transaction:{id}`. */
  stream: string;
  userId?: string | null;
  /** Idempotency key of the command that produced the entry (unique across all events). */
  commandId?: string | null;
  payload: Record<string, unknown>;
  postings: Posting[];
  /** Queue the event for publication by the outbox relay (default true). */
  outbox?: boolean;
}

export interface WalletBalance {
  main: number;
  bonus: number;
}

export interface RecordResult {
  /** Event sequence numbers, in the order of the entries. */
  seqs: number[];
  /** Balances after the entries, for every wallet they touched. */
  balances: Map<string, WalletBalance>;
}

export class UnbalancedEntryError extends Error {}

/**
 * Records journal entries inside the caller's transaction, set-based whatever the number of entries:
 * events (with pre-allocated sequence numbers, so each entry knows its seq), postings, outbox rows, and the
 * wallet projections of every user account touched. A wallet going below zero fails the statement
 * (CHECK constraint) and so the whole transaction: callers that want a friendly error check first under
 * `lockWallets`. Postings of an entry are inserted in one statement, so the balance trigger sees them whole.
 */
export async function recordEntries(trx: Transaction<DB>, entries: JournalEntry[]): Promise<RecordResult> {
  const balances = new Map<string, WalletBalance>();
  if (entries.length === 0) return { seqs: [], balances };

  for (const entry of entries) {
    const sum = entry.postings.reduce((s, p) => s + p.amount, 0);
    if (sum !== 0 || entry.postings.some((p) => !Number.isSafeInteger(p.amount) || p.amount === 0)) {
      throw new UnbalancedEntryError(`journal entry ${entry.type} does not balance (${sum})`);
    }
  }

  const { rows: seqRows } = await sql<{ seq: number }>`
    SELECT nextval(pg_get_serial_sequence('events', 'seq')) AS seq FROM generate_series(1, ${entries.length}::int)
  `.execute(trx);
  const seqs = seqRows.map((r) => Number(r.seq));

  await sql`
    INSERT INTO events (seq, type, stream, user_id, command_id, payload)
    OVERRIDING SYSTEM VALUE
    SELECT * FROM unnest(
      ${seqs}::bigint[], ${entries.map((e) => e.type)}::text[], ${entries.map((e) => e.stream)}::text[],
      ${entries.map((e) => e.userId ?? null)}::uuid[], ${entries.map((e) => e.commandId ?? null)}::uuid[],
      ${entries.map((e) => JSON.stringify(e.payload))}::jsonb[]
    )
  `.execute(trx);

  const postingSeqs: number[] = [];
  const postingAccounts: string[] = [];
  const postingAmounts: number[] = [];
  const walletDeltas = new Map<string, WalletBalance>();
  entries.forEach((entry, i) => {
    for (const posting of entry.postings) {
      postingSeqs.push(seqs[i]!);
      postingAccounts.push(posting.account);
      postingAmounts.push(posting.amount);
      const user = parseUserAccount(posting.account);
      if (user) {
        const delta = walletDeltas.get(user.userId) ?? { main: 0, bonus: 0 };
        delta[user.balance] += posting.amount;
        walletDeltas.set(user.userId, delta);
      }
    }
  });
  if (postingSeqs.length > 0) {
    await sql`
      INSERT INTO ledger_postings (event_seq, account, amount)
      SELECT * FROM unnest(${postingSeqs}::bigint[], ${postingAccounts}::text[], ${postingAmounts}::bigint[])
    `.execute(trx);
  }

  const outboxSeqs = seqs.filter((_, i) => entries[i]!.outbox !== false);
  if (outboxSeqs.length > 0) {
    await sql`INSERT INTO outbox (event_seq) SELECT unnest(${outboxSeqs}::bigint[])`.execute(trx);
  }

  if (walletDeltas.size > 0) {
    // Projection of the user accounts. Invariant: wallets.main/bonus = sum of that account's postings
    // (reconcile() proves it); CHECK (main >= 0 AND bonus >= 0) refuses any overdraft.
    const userIds = [...walletDeltas.keys()];
    const { rows } = await sql<{ user_id: string; main: number; bonus: number }>`
      UPDATE wallets AS w
      SET main = w.main + d.main, bonus = w.bonus + d.bonus, updated_at = now()
      FROM unnest(${userIds}::uuid[], ${userIds.map((id) => walletDeltas.get(id)!.main)}::bigint[],
                  ${userIds.map((id) => walletDeltas.get(id)!.bonus)}::bigint[]) AS d(user_id, main, bonus)
      WHERE w.user_id = d.user_id
      RETURNING w.user_id, w.main, w.bonus
    `.execute(trx);
    if (rows.length !== userIds.length) throw new Error('a journal entry names a user without a wallet');
    for (const row of rows) balances.set(row.user_id, { main: Number(row.main), bonus: Number(row.bonus) });
  }
  return { seqs, balances };
}

/**
 * Locks the wallets of these users (in a fixed order, so concurrent transactions cannot deadlock) and returns
 * their balances. Use before checking a balance you are about to spend.
 */
export async function lockWallets(trx: Transaction<DB>, userIds: string[]): Promise<Map<string, WalletBalance & { walletId: string; isActive: boolean }>> {
  const sorted = [...new Set(userIds)].sort();
  const result = new Map<string, WalletBalance & { walletId: string; isActive: boolean }>();
  if (sorted.length === 0) return result;
  const { rows } = await sql<{ id: string; user_id: string; main: number; bonus: number; is_active: boolean }>`
    SELECT id, user_id, main, bonus, is_active FROM wallets WHERE user_id = ANY(${sorted}::uuid[]) ORDER BY user_id FOR UPDATE
  `.execute(trx);
  for (const r of rows) result.set(r.user_id, { walletId: r.id, main: Number(r.main), bonus: Number(r.bonus), isActive: r.is_active });
  return result;
}
