import { Inject, Injectable } from '@nestjs/common';
import { sql, type RawBuilder, type Transaction } from 'kysely';
import { AppConfig } from '@app/config';
import { Database, pgArray, type DB } from '@app/db';
import {
  BET_MESSAGES,
  decideBet,
  evolveBet,
  initialBetState,
  periodIdAt,
  type BetEvent,
  type GameKey,
  type PeriodConfig,
  type PlaceBet,
} from '@app/domain';
import { Accounts, recordEntries, type JournalEntry, type Posting } from '@app/ledger';
import { dropRepeatedCommands, outcomeMessage, outcomesByCommand, recordOutcomesStatement, storedOutcomeOf, storedOutcomesQuery, type StoredOutcome } from './bet-outcomes.js';
import {
  COMMAND_FIELD,
  decodeCommand,
  outcomeKey,
  FENCE_FIELD,
  streamIdTime,
  toBalanceUpdate,
  toWireBet,
  userRoom,
  type BetCommand,
  type BetRowLike,
  type SocketMessage,
} from '@app/realtime';

export interface StreamEntry {
  id: string;
  fields: string[];
}

/**
 * What a caller adds to a batch's one write statement, and checks before its COMMIT (the partition consumer's fencing
 * check and the refusals of the commands it leaves out): no round trip of their own.
 */
export interface BatchExtras {
  /** More writes (or locking reads) in the batch's write statement, by name; each returns rows. */
  alongside?: Record<string, RawBuilder<unknown>>;
  /** Called with the rows they returned, before the COMMIT; throwing rolls the whole batch back. */
  verify?: (rows: Record<string, unknown[]>) => void;
}

export interface BatchResult {
  messages: SocketMessage[];
  placed: number;
  rejected: number;
  duplicates: number;
  invalid: number;
  fences: string[];
  /** When each applied command was received (stream id time), for the receipt → reply latency. */
  receivedAtMs: number[];
}

interface BetRow extends BetRowLike {
  user_id: string;
}

/** A player's bet in a period the batch touches: what the one-bet-per-game rule needs. */
interface ExistingBet {
  user_id: string;
  period_id: string;
  bet_type: string;
}

/** What a batch reads before deciding (rows as JSON: times are ISO strings). */
interface BatchState {
  stored: StoredOutcome[];
  periods: Array<{ id: string; status: string; lock_at: string }>;
  wallets: Array<{ user_id: string; main: number; bonus: number }>;
  existing: ExistingBet[];
}

/** The columns of a bet the replies need. */
const BET_COLUMNS = sql.raw(
  'id, user_id, bet_type, bet_value, system_selected_value, amount, is_win, win_amount, status, played_from, period_id, created_at, updated_at',
);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const BET_PLACED_MESSAGE = BET_MESSAGES.placed;

function field(fields: string[], name: string): string | undefined {
  for (let i = 0; i < fields.length; i += 2) if (fields[i] === name) return fields[i + 1];
  return undefined;
}

/**
 * The journal entry of a batch's placed bets: house:stakes receives every stake; each player gives theirs, from bonus
 * first, then main, per balance (one posting per player and balance, however many bets they placed in the batch).
 */
function stakesEntry(partition: number, placed: Array<Extract<BetEvent, { type: 'BetPlaced' }>['data']>): JournalEntry {
  let stakes = 0;
  const given = new Map<string, number>();
  const give = (account: string, amount: number) => amount > 0 && given.set(account, (given.get(account) ?? 0) + amount);
  for (const bet of placed) {
    stakes += bet.amount;
    give(Accounts.userBonus(bet.userId), bet.fromBonus);
    give(Accounts.userMain(bet.userId), bet.fromMain);
  }
  const postings: Posting[] = [{ account: Accounts.houseStakes, amount: stakes }];
  for (const [account, amount] of given) postings.push({ account, amount: -amount });
  return {
    type: 'BetsPlaced',
    stream: partition >= 0 ? `bets:${partition}` : 'bets:direct',
    payload: { partition, bets: placed.length, stakes, periods: [...new Set(placed.map((b) => b.periodId))] },
    postings,
    outbox: false,
  };
}

/**
 * The games each of `userIds` bet on in `periodIds` (a batch's players, the periods its commands name): looked up
 * player by player, each an index lookup of that player's bets of those periods (`(user_id, period_id, bet_type)` or
 * `(period_id, user_id)`, whichever the planner picks). Read as the whole period's bets filtered to the batch's
 * players, it would cost as much as the round has bets so far, in every batch.
 */
export function gamesBetQuery(userIds: readonly string[], periodIds: readonly string[]): RawBuilder<{ user_id: string; period_id: string; bet_type: string }> {
  return sql`
    SELECT b.user_id, b.period_id, b.bet_type FROM unnest(${pgArray(userIds)}::uuid[]) AS u(user_id)
    CROSS JOIN LATERAL (
      SELECT user_id, period_id, bet_type FROM bets WHERE user_id = u.user_id AND period_id = ANY(${pgArray(periodIds)}::text[]) OFFSET 0
    ) b
  `;
}

/**
 * Applies one batch of a partition's stream in ONE transaction: skips commands answered before (their stored
 * outcome: a command is decided once), locks the players' wallets in user-id order, runs every command in stream
 * order through the pure bet decider, then writes the bets, the batch's one journal entry of stakes with its postings,
 * the wallet projections, every command's answer and the fences the batch passed — set-based, whatever the batch
 * size, in two statements (one reads and locks, one writes, with the caller's checks): four round trips with BEGIN
 * and COMMIT.
 */
@Injectable()
export class BetBatchService {
  private readonly periodConfig: PeriodConfig;

  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(AppConfig) config: AppConfig,
  ) {
    this.periodConfig = { roundSeconds: config.ROUND_SECONDS, lockSeconds: config.LOCK_SECONDS };
  }

  /**
   * `extras` (optional) go into the write statement and are verified before the COMMIT: the partition consumer's
   * fencing check, so a consumer that lost its partition's lease commits nothing.
   */
  async apply(partition: number, entries: StreamEntry[], extras: BatchExtras = {}): Promise<BatchResult> {
    const commands: Array<{ command: BetCommand; receivedAtMs: number }> = [];
    const fences: string[] = [];
    let invalid = 0;
    for (const entry of entries) {
      const fence = field(entry.fields, FENCE_FIELD);
      if (fence) {
        fences.push(fence);
        continue;
      }
      const raw = field(entry.fields, COMMAND_FIELD);
      const command = raw ? decodeCommand(raw) : null;
      if (!command || !UUID.test(command.id) || !UUID.test(command.userId)) {
        invalid++;
        continue;
      }
      commands.push({ command, receivedAtMs: streamIdTime(entry.id) });
    }

    return this.db.transaction().execute(async (trx) => {
      const result: BatchResult = { messages: [], placed: 0, rejected: 0, duplicates: 0, invalid, fences, receivedAtMs: commands.map((c) => c.receivedAtMs) };
      // The key each command is answered under (the client's command id when it sent one).
      const keyById = new Map(commands.map((c) => [c.command.id, outcomeKey(c.command)]));
      const journal: JournalEntry[] = [];
      const events: BetEvent[] = [];
      const alongside: Record<string, RawBuilder<unknown>> = { ...extras.alongside };

      if (commands.length > 0) {
        const userIds = [...new Set(commands.map((c) => c.command.userId))];
        const periodIds = [...new Set(commands.flatMap((c) => [c.command.periodId, periodIdAt(c.receivedAtMs, this.periodConfig)]))];
        const state = await this.readState(trx, commands, userIds, periodIds);

        // Idempotency: every command decided before has its answer stored (in the transaction that decided it), so a
        // redelivery (after a crash or a lease hand-over) or a repeat under the same command id is answered from it
        // and not applied again.
        const fresh = await this.answeredBefore(trx, commands, state.stored, result);

        const periodById = new Map(state.periods.map((p) => [p.id, { ...p, lock_at: new Date(p.lock_at) }]));
        const balances = new Map<string, { main: number; bonus: number }>();
        for (const id of userIds) balances.set(id, { main: 0, bonus: 0 });
        for (const w of state.wallets) balances.set(w.user_id, { main: Number(w.main), bonus: Number(w.bonus) });
        const games = new Map<string, Set<GameKey>>();
        for (const bet of state.existing) {
          const key = `${bet.user_id}|${bet.period_id}`;
          (games.get(key) ?? games.set(key, new Set()).get(key)!).add(bet.bet_type as GameKey);
        }

        for (const { command, receivedAtMs } of fresh) {
          const currentId = periodIdAt(receivedAtMs, this.periodConfig);
          const row = periodById.get(currentId);
          // A period takes bets while OPEN, and its bets received before the lock are still accepted once DRAWN.
          const accepting = !!row && (row.status === 'OPEN' || row.status === 'DRAWN');
          const key = `${command.userId}|${command.periodId}`;
          const balance = balances.get(command.userId)!;
          const betState = initialBetState({
            main: balance.main,
            bonus: balance.bonus,
            gamesBetThisPeriod: games.get(key) ?? [],
            currentPeriodId: accepting ? currentId : null,
            periodLockMs: accepting ? row.lock_at.getTime() : null,
          });
          const placeBet: PlaceBet = { commandId: command.id, userId: command.userId, periodId: command.periodId, betType: command.betType, betValue: command.betValue, amount: command.amount, receivedAtMs };
          const event = decideBet(placeBet, betState);
          const next = evolveBet(betState, event);
          balance.main = next.main;
          balance.bonus = next.bonus;
          games.set(key, new Set(next.gamesBetThisPeriod));
          events.push(event);
        }

        const placed = events.flatMap((e) => (e.type === 'BetPlaced' ? [e.data] : []));
        if (placed.length > 0) {
          // The batch's stakes are one journal entry, as a settled period is one: house:stakes receives them all, each
          // player's bonus (first) and main give theirs. Each bet names that entry (placed_seq).
          const stakesOrd = journal.push(stakesEntry(partition, placed));
          alongside.placed_bets = sql`
            INSERT INTO bets (id, user_id, period_id, bet_type, bet_value, amount, from_bonus, placed_at, placed_seq)
            SELECT *, (SELECT seq FROM journal_entries WHERE ord = ${stakesOrd}) FROM unnest(
              ${pgArray(placed.map((d) => d.commandId))}::uuid[], ${pgArray(placed.map((d) => d.userId))}::uuid[], ${pgArray(placed.map((d) => d.periodId))}::text[],
              ${pgArray(placed.map((d) => d.betType))}::text[], ${pgArray(placed.map((d) => d.betValue))}::text[], ${pgArray(placed.map((d) => d.amount))}::bigint[],
              ${pgArray(placed.map((d) => d.fromBonus))}::bigint[], ${pgArray(placed.map((d) => new Date(d.receivedAtMs).toISOString()))}::timestamptz[]
            )
            RETURNING ${BET_COLUMNS}
          `;
        }
        if (events.length > 0) {
          alongside.bet_outcomes = recordOutcomesStatement(
            events.map((e) => ({
              user_id: e.data.userId,
              command_id: keyById.get(e.data.commandId)!,
              kind: e.type === 'BetPlaced' ? 'accepted' : 'rejected',
              bet_id: e.type === 'BetPlaced' ? e.data.commandId : null,
              period_id: e.data.periodId,
              message: e.type === 'BetPlaced' ? BET_PLACED_MESSAGE : e.data.reason,
            })),
          );
        }
      }
      if (fences.length > 0) {
        // This batch's commands and its fences commit together: a fence row means "applied everything before it".
        alongside.fences = sql`
          INSERT INTO partition_fences (partition, period_id) SELECT ${partition}, unnest(${pgArray(fences)}::text[])
          ON CONFLICT DO NOTHING
          RETURNING period_id
        `;
      }

      // One statement writes it all: bets, events, postings, wallet projections, answers, fences and the caller's extras.
      const written = await recordEntries(trx, journal, alongside);
      extras.verify?.(written.alongside);
      const inserted = (written.alongside.placed_bets ?? []) as BetRow[];

      // Replies: one bet-message per command (with the bet: clients list it among the period's bets, on every socket
      // of the player), then one balance-update per player who placed one. A player's replies are kept together: the
      // api writes the frames one socket gets in a stretch of delivery as one write (one system call per player, not
      // per message).
      const insertedById = new Map(inserted.map((b) => [b.id, b]));
      const replies = new Map<string, SocketMessage[]>();
      const placedBy = new Set<string>();
      for (const event of events) {
        const userId = event.data.userId;
        const room = userRoom(userId);
        const own = replies.get(userId) ?? replies.set(userId, []).get(userId)!;
        if (event.type === 'BetRejected') {
          result.rejected++;
          own.push({ room, event: 'bet-message', data: { success: false, message: event.data.reason, periodId: event.data.periodId, commandId: keyById.get(event.data.commandId) } });
          continue;
        }
        result.placed++;
        const row = insertedById.get(event.data.commandId)!;
        placedBy.add(row.user_id);
        const bet = toWireBet(row);
        // The bet-message carries the bet: clients merge it into their history (no separate bet-update).
        own.push({ room, event: 'bet-message', data: { success: true, message: BET_PLACED_MESSAGE, bet, periodId: row.period_id, betType: row.bet_type, commandId: keyById.get(row.id) } });
      }
      for (const [userId, own] of replies) {
        result.messages.push(...own);
        if (!placedBy.has(userId)) continue;
        const balance = written.balances.get(userId)!;
        result.messages.push({ room: userRoom(userId), event: 'balance-update', data: toBalanceUpdate(balance.main, balance.bonus) });
      }
      return result;
    });
  }

  /**
   * Everything a batch decides on, in one statement: the commands answered before (stored outcomes), the periods (FOR SHARE: a refund or settlement of these periods waits for this batch, and
   * then sees its bets), the players' wallets (locked in user-id order, after the periods, as settlement locks them:
   * no deadlock) and the games they bet on in those periods.
   */
  private async readState(trx: Transaction<DB>, commands: Array<{ command: BetCommand }>, userIds: string[], periodIds: string[]): Promise<BatchState> {
    const { rows } = await sql<BatchState>`
      WITH stored AS (
        ${storedOutcomesQuery(commands.map((c) => c.command))}
      ), shared_periods AS (
        SELECT id, status, lock_at FROM periods WHERE id = ANY(${pgArray(periodIds)}::text[]) FOR SHARE
      ), locked_wallets AS (
        -- The condition on shared_periods makes the periods' locks come first.
        SELECT user_id, main, bonus FROM wallets WHERE user_id = ANY(${pgArray(userIds)}::uuid[]) AND (SELECT count(*) FROM shared_periods) >= 0
        ORDER BY user_id FOR UPDATE
      ), existing AS (
        ${gamesBetQuery(userIds, periodIds)}
      )
      SELECT (SELECT coalesce(json_agg(s), '[]') FROM stored s) AS stored,
             (SELECT coalesce(json_agg(p), '[]') FROM shared_periods p) AS periods,
             (SELECT coalesce(json_agg(w), '[]') FROM locked_wallets w) AS wallets,
             (SELECT coalesce(json_agg(b), '[]') FROM existing b) AS existing
    `.execute(trx);
    return rows[0]!;
  }

  /**
   * One answer per command id: of the commands a player sent twice (same command id, within this batch) the first
   * is kept; a command whose answer is stored already (applied under another stream entry, or refused by an api
   * node that told the player so) is answered again from it and not applied. Returns the commands left to decide.
   */
  private async answeredBefore<T extends { command: BetCommand }>(trx: Transaction<DB>, commands: T[], storedRows: StoredOutcome[], result: BatchResult): Promise<T[]> {
    if (commands.length === 0) return commands;
    const { kept, dropped } = dropRepeatedCommands(commands);
    const all = outcomesByCommand(storedRows);
    const stored = new Map<string, StoredOutcome>();
    for (const c of kept) {
      const outcome = storedOutcomeOf(all, c.command);
      if (outcome) stored.set(`${outcome.user_id}|${outcome.command_id}`, outcome);
    }
    const fresh = kept.filter((c) => !storedOutcomeOf(all, c.command));
    result.duplicates += dropped + kept.length - fresh.length;
    if (stored.size > 0) result.messages.push(...(await this.outcomeReplies(trx, [...stored.values()])));
    return fresh;
  }

  private async outcomeReplies(trx: any, outcomes: StoredOutcome[]): Promise<SocketMessage[]> {
    const betIds = outcomes.flatMap((o) => (o.bet_id ? [o.bet_id] : []));
    const { rows } = betIds.length
      ? await sql<BetRow>`
          SELECT id, user_id, bet_type, bet_value, system_selected_value, amount, is_win, win_amount, status, played_from,
                 period_id, created_at, updated_at
          FROM bets WHERE id = ANY(${pgArray(betIds)}::uuid[])
        `.execute(trx)
      : { rows: [] as BetRow[] };
    const bets = new Map(rows.map((b) => [b.id, b]));
    return outcomes.map((o) => outcomeMessage(o, o.bet_id ? bets.get(o.bet_id) : undefined));
  }
}
