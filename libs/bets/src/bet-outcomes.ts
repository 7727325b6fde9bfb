import { sql, type RawBuilder } from 'kysely';
import { outcomeKey, toWireBet, userRoom, type BetCommand, type BetRowLike, type SocketMessage } from '@app/realtime';
import { pgArray } from '@app/db';
import { BET_MESSAGES } from '@app/domain';
import type { BatchDecision } from './decide-batch.js';

/** A stored answer to a place-bet command (bet_outcomes). */
export interface StoredOutcome {
  user_id: string;
  command_id: string;
  kind: 'accepted' | 'rejected' | 'unavailable';
  bet_id: string | null;
  period_id: string | null;
  message: string;
}

/** The answer a player gets when a bet could not be placed (not handed on, or not taken up in time): it is then never applied. */
export const BET_UNAVAILABLE_MESSAGE = BET_MESSAGES.unavailable;

/**
 * Stores answers (RETURNING the command ids), beside other writes in one statement. A plain insert on purpose: when an
 * api node stored a refusal for one of them first, the insert fails and the whole batch rolls back.
 */
export function recordOutcomesStatement(outcomes: StoredOutcome[]): RawBuilder<{ command_id: string }> {
  return sql<{ command_id: string }>`
    INSERT INTO bet_outcomes (user_id, command_id, kind, bet_id, period_id, message)
    SELECT * FROM unnest(
      ${pgArray(outcomes.map((o) => o.user_id))}::uuid[], ${pgArray(outcomes.map((o) => o.command_id))}::uuid[], ${pgArray(outcomes.map((o) => o.kind))}::text[],
      ${pgArray(outcomes.map((o) => o.bet_id))}::uuid[], ${pgArray(outcomes.map((o) => o.period_id))}::text[], ${pgArray(outcomes.map((o) => o.message))}::text[]
    )
    RETURNING command_id
  `;
}

/** The bet-message answering a stored outcome (an accepted one carries its bet, when the row is at hand). */
export function outcomeMessage(outcome: StoredOutcome, bet?: BetRowLike): SocketMessage {
  const data =
    outcome.kind === 'accepted'
      ? {
          success: true,
          message: outcome.message,
          ...(bet ? { bet: toWireBet(bet), betType: bet.bet_type } : {}),
          periodId: outcome.period_id ?? undefined,
          commandId: outcome.command_id,
        }
      : {
          success: false,
          message: outcome.message,
          ...(outcome.period_id ? { periodId: outcome.period_id } : {}),
          commandId: outcome.command_id,
        };
  return { room: userRoom(outcome.user_id), event: 'bet-message', data };
}

/** The answer of a bet placed. */
export const BET_PLACED_MESSAGE = BET_MESSAGES.placed;

/** The columns of a bet the replies need. */
const BET_COLUMNS = sql.raw(
  'id, user_id, bet_type, bet_value, system_selected_value, amount, is_win, win_amount, status, played_from, period_id, created_at, updated_at',
);

/** A bet row with its player (what a batch's write statement returns of the bets it placed, or read of bets placed before). */
export interface BetRow extends BetRowLike {
  user_id: string;
}

/** The statements BetOutcomes.record adds to a batch's write statement, by name (each returns rows). */
export interface OutcomeWrites {
  /** "Could not place" for the commands an api node cancelled (unless they have an answer already). */
  cancelled?: RawBuilder<unknown>;
  /** The answer of every command decided now. */
  bet_outcomes?: RawBuilder<unknown>;
  /** The bets of the commands answered before (their answers carry them). */
  answered_bets?: RawBuilder<unknown>;
}

/** A batch's bet-messages: the commands answered before first, then each player's commands decided now, in order. */
export interface BatchAnswers {
  answeredBefore: SocketMessage[];
  byPlayer: Map<string, SocketMessage[]>;
}

/**
 * The answers of a bet batch, behind one object: what the batch stores of them (`record`, in its one write statement)
 * and what it sends (`answer`, once that statement returned the bets). Each command id has one stored answer
 * (bet_outcomes), decided once.
 */
export const BetOutcomes = {
  /**
   * The writes of a batch's answers, to go into its write statement: the answer of every command decided now (a plain
   * insert on purpose: when an api node stored a refusal for one of them first, the insert fails, the batch rolls back,
   * and the retry finds that refusal), "could not place" for the commands an api node cancelled (`cancelled`, left
   * out of the batch), and the read of the bets of the commands answered before.
   */
  record(decision: BatchDecision, cancelled: readonly BetCommand[] = []): OutcomeWrites {
    const writes: OutcomeWrites = {};
    if (cancelled.length > 0) writes.cancelled = recordCancelledStatement([...cancelled]);
    if (decision.events.length > 0) {
      writes.bet_outcomes = recordOutcomesStatement(
        decision.events.map((e) => ({
          user_id: e.data.userId,
          command_id: decision.keyById.get(e.data.commandId)!,
          kind: e.type === 'BetPlaced' ? 'accepted' : 'rejected',
          bet_id: e.type === 'BetPlaced' ? e.data.commandId : null,
          period_id: e.data.periodId,
          message: e.type === 'BetPlaced' ? BET_PLACED_MESSAGE : e.data.reason,
        })),
      );
    }
    const betIds = decision.answeredBefore.flatMap((o) => (o.bet_id ? [o.bet_id] : []));
    if (betIds.length > 0)
      writes.answered_bets = sql`SELECT ${BET_COLUMNS} FROM bets WHERE id = ANY(${pgArray(betIds)}::uuid[])`;
    return writes;
  },

  /**
   * The bet-message of every command of the batch: those answered before from their stored answers (an accepted one
   * with its bet), then, player by player, those decided now (a placed one carries its bet: clients merge it into
   * their history, no separate bet-update). `placed` and `answered` are the bets the write statement returned.
   */
  answer(decision: BatchDecision, written: { placed: readonly BetRow[]; answered: readonly BetRow[] }): BatchAnswers {
    const answeredBets = new Map(written.answered.map((b) => [b.id, b]));
    const answeredBefore = decision.answeredBefore.map((o) =>
      outcomeMessage(o, o.bet_id ? answeredBets.get(o.bet_id) : undefined),
    );
    const placed = new Map(written.placed.map((b) => [b.id, b]));
    const byPlayer = new Map<string, SocketMessage[]>();
    for (const event of decision.events) {
      const room = userRoom(event.data.userId);
      const own = byPlayer.get(event.data.userId) ?? byPlayer.set(event.data.userId, []).get(event.data.userId)!;
      const commandId = decision.keyById.get(event.data.commandId);
      if (event.type === 'BetRejected') {
        own.push({
          room,
          event: 'bet-message',
          data: { success: false, message: event.data.reason, periodId: event.data.periodId, commandId },
        });
        continue;
      }
      const row = placed.get(event.data.commandId)!;
      own.push({
        room,
        event: 'bet-message',
        data: {
          success: true,
          message: BET_PLACED_MESSAGE,
          bet: toWireBet(row),
          periodId: row.period_id,
          betType: row.bet_type,
          commandId,
        },
      });
    }
    return { answeredBefore, byPlayer };
  },
};

/**
 * Stores "could not place" as the answer of commands an api node cancelled, unless they have an answer already: a
 * statement to run beside the other writes of the batch that skips them (RETURNING 1 per row stored).
 */
export function recordCancelledStatement(commands: BetCommand[]): RawBuilder<unknown> {
  return sql`
    INSERT INTO bet_outcomes (user_id, command_id, kind, bet_id, period_id, message)
    SELECT user_id, command_id, 'unavailable', NULL, period_id, ${BET_UNAVAILABLE_MESSAGE}
    FROM unnest(${pgArray(commands.map((c) => c.userId))}::uuid[], ${pgArray(commands.map((c) => outcomeKey(c)))}::uuid[], ${pgArray(commands.map((c) => c.periodId))}::text[])
      AS k(user_id, command_id, period_id)
    ON CONFLICT (user_id, command_id) DO NOTHING
    RETURNING 1
  `;
}
