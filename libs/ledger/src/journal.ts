import { sql, type RawBuilder, type Transaction } from 'kysely';
import { pgArray, PREPARED, type DB } from '@app/db';
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
  /** The rows each write passed in `alongside` returned (its RETURNING clause), by name. */
  alongside: Record<string, unknown[]>;
}

export class UnbalancedEntryError extends Error {}

/** Names a caller may give its own writes in `alongside` (they become CTE names of the statement). */
const ALONGSIDE_NAME = /^[a-z][a-z0-9_]*$/;
/** The statement's own result columns, which an `alongside` name must not shadow. */
const JOURNAL_COLUMNS = new Set(['seqs', 'wallets', 'postings', 'outbox']);

/**
 * Records journal entries inside the caller's transaction in ONE statement, whatever the number of entries:
 * events (with sequence numbers taken in the order of the entries, so each entry knows its seq), postings, outbox
 * rows, and the wallet projections of every user account touched. A wallet going below zero fails the statement
 * (CHECK constraint) and so the whole transaction: callers that want a friendly error check first under
 * `lockWallets`. Every posting goes in with the one statement, so the balance trigger sees each entry whole.
 *
 * `alongside` adds the caller's own writes to that statement (one round trip for all of them): each is a
 * data-modifying statement with a RETURNING clause (e.g. `INSERT INTO bets … RETURNING …`), run once, its rows
 * returned under its name. They see the database as it was before the statement, and may read the entries' sequence
 * numbers from `journal_entries (seq, ord)` (`ord` is an entry's 1-based position in `entries`), e.g. to record which
 * journal entry moved a row's money.
 *
 * `options.prepared`: the statement is prepared once per connection (`PREPARED`), for a caller that runs it many
 * times with the same shape (the bet batches).
 */
export async function recordEntries(
  trx: Transaction<DB>,
  entries: JournalEntry[],
  alongside: Record<string, RawBuilder<unknown>> = {},
  options: { prepared?: boolean } = {},
): Promise<RecordResult> {
  const balances = new Map<string, WalletBalance>();
  const names = Object.keys(alongside);
  if (entries.length === 0 && names.length === 0) return { seqs: [], balances, alongside: {} };
  for (const name of names)
    if (!ALONGSIDE_NAME.test(name) || JOURNAL_COLUMNS.has(name))
      throw new Error(`not a name for a write alongside the journal: ${name}`);

  for (const entry of entries) {
    const sum = entry.postings.reduce((s, p) => s + p.amount, 0);
    if (sum !== 0 || entry.postings.some((p) => !Number.isSafeInteger(p.amount) || p.amount === 0)) {
      throw new UnbalancedEntryError(`journal entry ${entry.type} does not balance (${sum})`);
    }
  }

  const postingEntries: number[] = [];
  const postingAccounts: string[] = [];
  const postingAmounts: number[] = [];
  const walletDeltas = new Map<string, WalletBalance>();
  entries.forEach((entry, i) => {
    for (const posting of entry.postings) {
      postingEntries.push(i + 1);
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
  const userIds = [...walletDeltas.keys()];
  // The caller's writes come first in the statement's text (what pg_stat_activity shows of a long statement); they
  // may still read the entries' sequence numbers (RECURSIVE lets a WITH query name one later in the list).
  // Their WITH names are prefixed: under RECURSIVE a WITH query named like a table it writes (bet_outcomes) would
  // name itself.
  const extra = names.map((name) => sql`${sql.raw(`alongside_${name}`)} AS (${alongside[name]!}), `);
  const extraRows = names.map(
    (name) => sql`, (SELECT coalesce(json_agg(x), '[]') FROM ${sql.raw(`alongside_${name}`)} x) AS ${sql.ref(name)}`,
  );

  // Invariant kept by the projection: wallets.main/bonus = sum of that account's postings (reconcile() proves it);
  // CHECK (main >= 0 AND bonus >= 0) refuses any overdraft.
  const { rows } = await sql<{
    seqs: number[] | null;
    wallets: Array<[string, number, number]> | null;
    [name: string]: unknown;
  }>`${sql.raw(options.prepared ? PREPARED : '')}
    WITH RECURSIVE ${sql.join(extra, sql``)}journal_entries AS MATERIALIZED (
      SELECT nextval(pg_get_serial_sequence('events', 'seq')) AS seq, e.*
      FROM (
        SELECT * FROM unnest(
          ${pgArray(entries.map((e) => e.type))}::text[], ${pgArray(entries.map((e) => e.stream))}::text[], ${pgArray(entries.map((e) => e.userId ?? null))}::uuid[],
          ${pgArray(entries.map((e) => e.commandId ?? null))}::uuid[], ${pgArray(entries.map((e) => JSON.stringify(e.payload)))}::jsonb[],
          ${pgArray(entries.map((e) => e.outbox !== false))}::boolean[]
        ) WITH ORDINALITY AS u(type, stream, user_id, command_id, payload, outbox, ord)
        ORDER BY ord
      ) e
    ), journal_events AS (
      INSERT INTO events (seq, type, stream, user_id, command_id, payload)
      OVERRIDING SYSTEM VALUE
      SELECT seq, type, stream, user_id, command_id, payload FROM journal_entries
      RETURNING seq
    ), journal_postings AS (
      INSERT INTO ledger_postings (event_seq, account, amount)
      SELECT e.seq, p.account, p.amount
      FROM unnest(${pgArray(postingEntries)}::int[], ${pgArray(postingAccounts)}::text[], ${pgArray(postingAmounts)}::bigint[]) AS p(entry, account, amount)
      JOIN journal_entries e ON e.ord = p.entry
      RETURNING 1
    ), journal_outbox AS (
      INSERT INTO outbox (event_seq) SELECT seq FROM journal_entries WHERE outbox
      RETURNING 1
    ), journal_wallets AS (
      UPDATE wallets AS w
      SET main = w.main + d.main, bonus = w.bonus + d.bonus, updated_at = now()
      FROM unnest(${pgArray(userIds)}::uuid[], ${pgArray(userIds.map((id) => walletDeltas.get(id)!.main))}::bigint[],
                  ${pgArray(userIds.map((id) => walletDeltas.get(id)!.bonus))}::bigint[]) AS d(user_id, main, bonus)
      WHERE w.user_id = d.user_id
      RETURNING w.user_id, w.main, w.bonus
    )
    SELECT (SELECT json_agg(seq ORDER BY ord) FROM journal_entries) AS seqs,
           (SELECT json_agg(json_build_array(user_id, main, bonus)) FROM journal_wallets) AS wallets,
           (SELECT count(*) FROM journal_postings) AS postings, (SELECT count(*) FROM journal_outbox) AS outbox${sql.join(extraRows, sql``)}
  `.execute(trx);
  const row = rows[0]!;
  const wallets = row.wallets ?? [];
  if (wallets.length !== userIds.length) throw new Error('a journal entry names a user without a wallet');
  for (const [userId, main, bonus] of wallets) balances.set(userId, { main: Number(main), bonus: Number(bonus) });
  return {
    seqs: (row.seqs ?? []).map(Number),
    balances,
    alongside: Object.fromEntries(names.map((name) => [name, row[name] as unknown[]])),
  };
}

/**
 * Locks the wallets of these users (in a fixed order, so concurrent transactions cannot deadlock) and returns
 * their balances. Use before checking a balance you are about to spend.
 */
export async function lockWallets(
  trx: Transaction<DB>,
  userIds: string[],
): Promise<Map<string, WalletBalance & { walletId: string; isActive: boolean }>> {
  const sorted = [...new Set(userIds)].sort();
  const result = new Map<string, WalletBalance & { walletId: string; isActive: boolean }>();
  if (sorted.length === 0) return result;
  const { rows } = await sql<{ id: string; user_id: string; main: number; bonus: number; is_active: boolean }>`
    SELECT id, user_id, main, bonus, is_active FROM wallets WHERE user_id = ANY(${pgArray(sorted)}::uuid[]) ORDER BY user_id FOR UPDATE
  `.execute(trx);
  for (const r of rows)
    result.set(r.user_id, { walletId: r.id, main: Number(r.main), bonus: Number(r.bonus), isActive: r.is_active });
  return result;
}
