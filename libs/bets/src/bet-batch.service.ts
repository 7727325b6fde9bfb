import { Inject, Injectable } from '@nestjs/common';
import { sql, type RawBuilder, type Transaction } from 'kysely';
import { AppConfig } from '@app/config';
import { Database, pgArray, type DB } from '@app/db';
import {
  payoutOf,
  periodIdAt,
  runningPlayBreak,
  type BetEvent,
  type GameKey,
  type LimitUsage,
  type MoneyLimitKind,
  type PayoutTable,
  type PeriodConfig,
  type RunningPlayBreak,
} from '@app/domain';
import { Accounts, recordEntries, type JournalEntry, type Posting, type RecordResult } from '@app/ledger';
import { outcomeKey, toBalanceUpdate, userRoom, type BetCommand, type SocketMessage } from '@app/realtime';
import { parseBatch, type ParsedBatch, type ParsedCommand, type StreamEntry } from './bet-batch-parse.js';
import { BetOutcomes, type BetRow, type StoredOutcome } from './bet-outcomes.js';
import { decideBatch, type BatchDecision, type BatchState } from './decide-batch.js';

/**
 * The lease a batch is applied under (a partition consumer's `bets:<p>`): its name and the fencing token it was won
 * with (null: not held). The batch reads the newest token of that name in its write statement (FOR SHARE, held until
 * its COMMIT) and commits only if it is this one.
 */
export interface FenceState {
  name: string;
  token: number | null;
}

/** A batch refused by its fence: nothing was written; `current` is the newest token of the lease (null: none issued). */
export interface FenceRefusal extends FenceState {
  current: number | null;
}

/** The read (FOR SHARE) of the newest token of a lease, beside the batch's other writes. */
export function fenceRead(fence: FenceState): RawBuilder<{ token: number | string }> {
  return sql<{ token: number | string }>`SELECT token FROM fencing_tokens WHERE name = ${fence.name} FOR SHARE`;
}

/** The refusal when the rows of `fenceRead` do not name the fence's token as the newest, else null. */
export function fenceRefusal(fence: FenceState, rows: ReadonlyArray<{ token: number | string }>): FenceRefusal | null {
  const current = rows[0] ? Number(rows[0].token) : null;
  return fence.token === null || current !== fence.token ? { ...fence, current } : null;
}

/** What a caller hands a batch beside its commands. */
export interface BatchOptions {
  /** The lease the batch runs under: checked in its write statement, the batch commits nothing when it is not the newest. */
  fence?: FenceState;
  /** Commands an api node cancelled (left out of the batch): their "could not place" is stored with the batch. */
  cancelled?: readonly BetCommand[];
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
  /** Set when the batch's fence was not the newest: the batch was rolled back, nothing was written nor answered. */
  fenced?: FenceRefusal;
}

/** The rows the write statement returned that the replies need. */
interface Written {
  placed: BetRow[];
  answered: BetRow[];
  balances: RecordResult['balances'];
}

/** Thrown inside the transaction to roll a fenced batch back; apply returns the refusal as data. */
class Fenced extends Error {
  constructor(readonly refusal: FenceRefusal) {
    super(`fenced: ${refusal.name}`);
  }
}

/** Errors thrown by a batch's COMMIT: it may have gone through (the caller keeps what it claimed for the batch). */
const commitFailures = new WeakSet<object>();

/** Whether a batch's error came from its COMMIT, so the batch may have been committed after all. */
export function commitInDoubt(error: unknown): boolean {
  return typeof error === 'object' && error !== null && commitFailures.has(error);
}

/** The columns of a bet the replies need. */
const BET_COLUMNS = sql.raw(
  'id, user_id, bet_type, bet_value, system_selected_value, amount, is_win, win_amount, status, played_from, period_id, created_at, updated_at',
);

/**
 * The journal entry of a batch's placed bets: house:stakes receives every stake; each player gives theirs, from bonus
 * first, then main, per balance (one posting per player and balance, however many bets they placed in the batch).
 */
function stakesEntry(partition: number, placed: Array<Extract<BetEvent, { type: 'BetPlaced' }>['data']>): JournalEntry {
  let stakes = 0;
  const given = new Map<string, number>();
  const give = (account: string, amount: number) =>
    amount > 0 && given.set(account, (given.get(account) ?? 0) + amount);
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

/** A player's break or self-exclusion in force (migration 0021), as the batch reads it beside the wallet. */
interface AwayRow {
  kind: 'break' | 'exclusion';
  started_at: string;
  ends_at: string;
  returns_at: string | null;
}

/** What a batch reads before deciding, as the read statement returns it (rows as JSON: times are ISO strings). */
interface BatchRows {
  stored: StoredOutcome[];
  periods: Array<{ id: string; status: string; lock_at: string }>;
  wallets: Array<{ user_id: string; main: number; bonus: number; suspended: boolean; away: AwayRow | null }>;
  existing: Array<{ user_id: string; period_id: string; bet_type: string }>;
  /** The loss limits in force of the batch's players who have one, and what each window counts (player_loss_usage). */
  losses: Array<{ user_id: string; kind: string; limit_paise: number; used_paise: number; oldest_at: string | null }>;
}

/** What keeps a player away now, from its row (null: nothing). */
function awayOf(row: AwayRow | null, nowMs: number): RunningPlayBreak | null {
  if (!row) return null;
  const returnsAtMs = row.returns_at === null ? null : Date.parse(row.returns_at);
  return runningPlayBreak(
    {
      kind: row.kind,
      option: row.kind === 'break' ? '24h' : '6m',
      startedAtMs: Date.parse(row.started_at),
      endsAtMs: Date.parse(row.ends_at),
      returnRequestedAtMs: returnsAtMs,
      returnsAtMs,
    },
    nowMs,
  );
}

/**
 * The games each of `userIds` bet on in `periodIds` (a batch's players, the periods its commands name): looked up
 * player by player, each an index lookup of that player's bets of those periods (`(user_id, period_id, bet_type)` or
 * `(period_id, user_id)`, whichever the planner picks). Read as the whole period's bets filtered to the batch's
 * players, it would cost as much as the round has bets so far, in every batch.
 */
export function gamesBetQuery(
  userIds: readonly string[],
  periodIds: readonly string[],
): RawBuilder<{ user_id: string; period_id: string; bet_type: string }> {
  return sql`
    SELECT b.user_id, b.period_id, b.bet_type FROM unnest(${pgArray(userIds)}::uuid[]) AS u(user_id)
    CROSS JOIN LATERAL (
      SELECT user_id, period_id, bet_type FROM bets WHERE user_id = u.user_id AND period_id = ANY(${pgArray(periodIds)}::text[]) OFFSET 0
    ) b
  `;
}

/**
 * The stored answers of these commands (rows of StoredOutcome). Each command is looked up in the primary key (a
 * lateral subquery the planner cannot turn into a join): as a join, the planner reads the whole table into a hash
 * when it is small next to the batch, a cost that grows with every bet.
 */
function storedAnswersQuery(commands: BetCommand[]): RawBuilder<StoredOutcome> {
  return sql<StoredOutcome>`
    SELECT o.user_id, o.command_id, o.kind, o.bet_id, o.period_id, o.message
    FROM unnest(${pgArray(commands.map((c) => c.userId))}::uuid[], ${pgArray(commands.map((c) => outcomeKey(c)))}::uuid[]) AS k(user_id, command_id)
    CROSS JOIN LATERAL (
      SELECT * FROM bet_outcomes WHERE user_id = k.user_id AND command_id = k.command_id OFFSET 0
    ) o
  `;
}

const NOTHING: BatchState = { stored: [], periods: [], players: [], gamesBet: [] };

/**
 * Everything a batch decides on, in one statement: the commands answered before (stored outcomes), the periods (locked
 * FOR SHARE by `periods_taking_bets`, migration 0015, which the api's role may run: a refund or settlement of these periods waits for this batch, and
 * then sees its bets), the players' wallets (locked in user-id order, after the periods, as settlement locks them:
 * no deadlock), the games they bet on in those periods, and — the one aggregate of the players' play — the loss
 * limits of those who set one with what each window counts. `player_loss_usage` is VOLATILE: called once the
 * wallets are locked, it reads with a fresh snapshot, so a batch committed by another transaction before the locks
 * (a lease hand-over, the direct pipeline) is counted; for players without a loss limit it reads no bet.
 *
 * `locked_wallets`: the condition on shared_periods makes the periods' locks come first. Beside each wallet, whether
 * the account may play (an operator may have suspended it: its sessions end at once, this is the last word) and the
 * player's break or self-exclusion in force (their latest row, if it has not lifted; migration 0021): one index
 * lookup per player. (Comments stay out of the SQL: pg_stat_activity shows a statement's first 1 kB, and operators
 * and the fault tests find a batch waiting on a wallet lock by `FROM wallets WHERE user_id = ANY … FOR UPDATE`.)
 */
async function readBatchState(
  trx: Transaction<DB>,
  commands: readonly ParsedCommand[],
  periodConfig: PeriodConfig,
): Promise<BatchState> {
  if (commands.length === 0) return NOTHING;
  const userIds = [...new Set(commands.map((c) => c.command.userId))];
  const periodIds = [
    ...new Set(commands.flatMap((c) => [c.command.periodId, periodIdAt(c.receivedAtMs, periodConfig)])),
  ];
  const { rows } = await sql<BatchRows>`
    WITH stored AS (
      ${storedAnswersQuery(commands.map((c) => c.command))}
    ), shared_periods AS (
      SELECT id, status, lock_at FROM periods_taking_bets(${pgArray(periodIds)}::text[])
    ), locked_wallets AS (
      SELECT user_id, main, bonus, (SELECT u.status <> 'active' FROM users u WHERE u.id = wallets.user_id) AS suspended,
        (SELECT json_build_object('kind', b.kind, 'started_at', b.started_at, 'ends_at', b.ends_at, 'returns_at', b.returns_at)
           FROM (SELECT * FROM play_breaks pb WHERE pb.user_id = wallets.user_id ORDER BY pb.id DESC LIMIT 1) b
          WHERE b.lifts_at IS NULL OR b.lifts_at > now()) AS away
      FROM wallets WHERE user_id = ANY(${pgArray(userIds)}::uuid[]) AND (SELECT count(*) FROM shared_periods) >= 0
      ORDER BY user_id FOR UPDATE
    ), existing AS (
      ${gamesBetQuery(userIds, periodIds)}
    ), losses AS (
      SELECT user_id, kind, limit_paise, used_paise, oldest_at FROM player_loss_usage((SELECT coalesce(array_agg(user_id), '{}') FROM locked_wallets))
    )
    SELECT (SELECT coalesce(json_agg(s), '[]') FROM stored s) AS stored,
           (SELECT coalesce(json_agg(p), '[]') FROM shared_periods p) AS periods,
           (SELECT coalesce(json_agg(w), '[]') FROM locked_wallets w) AS wallets,
           (SELECT coalesce(json_agg(b), '[]') FROM existing b) AS existing,
           (SELECT coalesce(json_agg(l), '[]') FROM losses l) AS losses
  `.execute(trx);
  const nowMs = Date.now();
  return stateOf(rows[0]!, nowMs);
}

/** The rows as the decision takes them: paise as numbers, times as epoch ms, each player's break and loss limits beside their wallet. */
function stateOf(rows: BatchRows, nowMs: number): BatchState {
  const losses = new Map<string, LimitUsage[]>();
  for (const l of rows.losses) {
    const usage: LimitUsage = {
      kind: l.kind as MoneyLimitKind,
      limitPaise: Number(l.limit_paise),
      usedPaise: Number(l.used_paise),
      oldestAtMs: l.oldest_at === null ? null : new Date(l.oldest_at).getTime(),
    };
    (losses.get(l.user_id) ?? losses.set(l.user_id, []).get(l.user_id)!).push(usage);
  }
  return {
    stored: rows.stored,
    periods: rows.periods.map((p) => ({ id: p.id, status: p.status, lockAtMs: new Date(p.lock_at).getTime() })),
    players: rows.wallets.map((w) => ({
      userId: w.user_id,
      main: Number(w.main),
      bonus: Number(w.bonus),
      suspended: !!w.suspended,
      away: awayOf(w.away, nowMs),
      lossLimits: losses.get(w.user_id) ?? [],
    })),
    gamesBet: rows.existing.map((b) => ({ userId: b.user_id, periodId: b.period_id, betType: b.bet_type as GameKey })),
  };
}

/**
 * Applies one batch of a partition's stream in ONE transaction, in named steps: parse (each entry decoded once,
 * bet-batch-parse.ts), read (the stored answers, periods, wallets locked in user-id order, games bet and loss limits,
 * in one statement: readBatchState), decide (pure: `decideBatch`, every command in stream order through the bet
 * decider, decide-batch.ts), write (the bets, the batch's one journal entry of stakes with its postings, the wallet
 * projections, every command's answer, the fences passed and the fence check, in one statement), reply (the
 * bet-messages and balance-updates to publish after the COMMIT). Four round trips with BEGIN and COMMIT, whatever the
 * batch size.
 */
@Injectable()
export class BetBatchService {
  private readonly periodConfig: PeriodConfig;
  /** The payouts in force (PAYOUTS): each bet placed records its choice's, and is settled at it. */
  private readonly payouts: PayoutTable;

  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(AppConfig) config: AppConfig,
  ) {
    this.periodConfig = config.periodConfig;
    this.payouts = config.payouts;
  }

  /**
   * `batch`: stream entries, or a batch parsed already (`parseBatch`: the partition consumer parses once to claim the
   * commands). With `options.fence`, a batch whose fence is no longer the newest commits nothing and comes back with
   * `fenced` set. An error thrown by the COMMIT itself is marked (`commitInDoubt`).
   */
  async apply(partition: number, batch: StreamEntry[] | ParsedBatch, options: BatchOptions = {}): Promise<BatchResult> {
    const parsed = Array.isArray(batch) ? parseBatch(batch) : batch;
    let decided = false;
    try {
      return await this.db.transaction().execute(async (trx) => {
        const state = await readBatchState(trx, parsed.commands, this.periodConfig);
        const decision = decideBatch(parsed.commands, state, this.periodConfig);
        const written = await this.write(trx, partition, parsed, decision, options);
        const result = this.reply(parsed, decision, written);
        decided = true;
        return result;
      });
    } catch (error) {
      if (error instanceof Fenced) return { ...this.nothing(parsed), fenced: error.refusal };
      if (decided && typeof error === 'object' && error !== null) commitFailures.add(error);
      throw error;
    }
  }

  /**
   * The write step: one statement writes the batch's journal entry of stakes (its postings and the wallets), the
   * bets, the answers (BetOutcomes.record), the refusals by a loss limit kept for the care signals, the fences passed,
   * and reads the fence's token (FOR SHARE until the COMMIT). A fence that is not the newest rolls it all back.
   */
  private async write(
    trx: Transaction<DB>,
    partition: number,
    batch: ParsedBatch,
    decision: BatchDecision,
    options: BatchOptions,
  ): Promise<Written> {
    const journal: JournalEntry[] = [];
    const outcomes = BetOutcomes.record(decision, options.cancelled);
    const statements: Record<string, RawBuilder<unknown> | undefined> = {
      fencing: options.fence ? fenceRead(options.fence) : undefined,
      cancelled: outcomes.cancelled,
    };
    const placed = decision.events.flatMap((e) => (e.type === 'BetPlaced' ? [e.data] : []));
    if (placed.length > 0) {
      // The batch's stakes are one journal entry, as a settled period is one: house:stakes receives them all, each
      // player's bonus (first) and main give theirs. Each bet names that entry (placed_seq), and records the payout of
      // its choice now: what it is settled at, whatever the payouts when its period settles (migration 0026).
      const stakesOrd = journal.push(stakesEntry(partition, placed));
      statements.placed_bets = sql`
        INSERT INTO bets (id, user_id, period_id, bet_type, bet_value, amount, from_bonus, placed_at, payout, placed_seq)
        SELECT *, (SELECT seq FROM journal_entries WHERE ord = ${stakesOrd}) FROM unnest(
          ${pgArray(placed.map((d) => d.commandId))}::uuid[], ${pgArray(placed.map((d) => d.userId))}::uuid[], ${pgArray(placed.map((d) => d.periodId))}::text[],
          ${pgArray(placed.map((d) => d.betType))}::text[], ${pgArray(placed.map((d) => d.betValue))}::text[], ${pgArray(placed.map((d) => d.amount))}::bigint[],
          ${pgArray(placed.map((d) => d.fromBonus))}::bigint[], ${pgArray(placed.map((d) => new Date(d.receivedAtMs).toISOString()))}::timestamptz[],
          ${pgArray(placed.map((d) => payoutOf(this.payouts, d.betType, d.betValue)))}::numeric[]
        )
        RETURNING ${BET_COLUMNS}
      `;
    }
    statements.bet_outcomes = outcomes.bet_outcomes;
    // A refusal by the player's own loss limit is kept for the care signals (docs/care-signals.md), in the same
    // write statement: nothing more for a batch without one.
    const limitRefusals = decision.events.flatMap((e) =>
      e.type === 'BetRejected' && e.data.code === 'LOSS_LIMIT' ? [e.data] : [],
    );
    if (limitRefusals.length > 0) {
      statements.loss_limit_hits = sql`
        INSERT INTO limit_hits (user_id, kind, message)
        SELECT user_id, 'loss', message FROM unnest(${pgArray(limitRefusals.map((r) => r.userId))}::uuid[], ${pgArray(limitRefusals.map((r) => r.reason))}::text[]) AS r(user_id, message)
        RETURNING id
      `;
    }
    if (batch.fences.length > 0) {
      // This batch's commands and its fences commit together: a fence row means "applied everything before it".
      statements.fences = sql`
        INSERT INTO partition_fences (partition, period_id) SELECT ${partition}, unnest(${pgArray(batch.fences)}::text[])
        ON CONFLICT DO NOTHING
        RETURNING period_id
      `;
    }
    statements.answered_bets = outcomes.answered_bets;
    const alongside = Object.fromEntries(
      Object.entries(statements).filter((s): s is [string, RawBuilder<unknown>] => s[1] !== undefined),
    );

    const written = await recordEntries(trx, journal, alongside, { prepared: true });
    if (options.fence) {
      const refusal = fenceRefusal(
        options.fence,
        (written.alongside.fencing ?? []) as Array<{ token: number | string }>,
      );
      if (refusal) throw new Fenced(refusal);
    }
    return {
      placed: (written.alongside.placed_bets ?? []) as BetRow[],
      answered: (written.alongside.answered_bets ?? []) as BetRow[],
      balances: written.balances,
    };
  }

  /**
   * The reply step: the answers of the commands answered before, then each player's answers (BetOutcomes.answer) and,
   * for a player who placed one, their balance-update. A player's replies are kept together: the api writes the
   * frames one socket gets in a stretch of delivery as one write (one system call per player, not per message).
   */
  private reply(batch: ParsedBatch, decision: BatchDecision, written: Written): BatchResult {
    const result = this.nothing(batch);
    result.duplicates = decision.duplicates;
    const answers = BetOutcomes.answer(decision, written);
    result.messages.push(...answers.answeredBefore);
    const placedBy = new Set<string>();
    for (const event of decision.events) {
      if (event.type === 'BetPlaced') {
        result.placed++;
        placedBy.add(event.data.userId);
      } else {
        result.rejected++;
      }
    }
    for (const [userId, own] of answers.byPlayer) {
      result.messages.push(...own);
      if (!placedBy.has(userId)) continue;
      const balance = written.balances.get(userId)!;
      result.messages.push({
        room: userRoom(userId),
        event: 'balance-update',
        data: toBalanceUpdate(balance.main, balance.bonus),
      });
    }
    return result;
  }

  private nothing(batch: ParsedBatch): BatchResult {
    return {
      messages: [],
      placed: 0,
      rejected: 0,
      duplicates: 0,
      invalid: batch.invalid,
      fences: batch.fences,
      receivedAtMs: batch.commands.map((c) => c.receivedAtMs),
    };
  }
}
