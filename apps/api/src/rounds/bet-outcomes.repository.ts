import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { StoredOutcome } from '@app/bets';
import { AppConfig } from '@app/config';
import { Database } from '@app/db';
import { drawnGamesSql, drawnOutcomeSql } from '@app/ledger';
import type { BetRowLike } from '@app/realtime';

export interface AnsweredBetRow extends BetRowLike {
  user_id: string;
  settled_at: Date | null;
}

/**
 * A stored answer with, when it placed a bet, that bet and the player's balance now (an accepted answer is given with
 * its bet, and followed by the balance, as the bet pipeline gives it).
 */
export type AnsweredOutcome = StoredOutcome & { bet?: AnsweredBetRow; balance?: { main: number; bonus: number } };

/** The columns of an answered bet (`b` the bet, `p` its public period). */
const BET_COLUMNS = sql.raw(
  'b.id, b.user_id, b.bet_type, b.bet_value, b.system_selected_value, b.amount, b.is_win, b.win_amount, b.status, ' +
    'b.played_from, b.period_id, b.created_at, b.updated_at, p.settled_at',
);

/** SQL of the stored answers to place-bet commands (bet_outcomes) and of the bets they name. */
@Injectable()
export class BetOutcomesRepository {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async outcomes(userId: string, commandIds: string[]): Promise<StoredOutcome[]> {
    if (commandIds.length === 0) return [];
    const { rows } = await sql<StoredOutcome>`
      SELECT user_id, command_id, kind, bet_id, period_id, message FROM bet_outcomes
      WHERE user_id = ${userId} AND command_id = ANY(${commandIds}::uuid[])
    `.execute(this.db);
    return rows;
  }

  /**
   * Stores "could not place" as the answer to each command that has none yet. The primary key decides the race
   * with the bet pipeline: a command stored here is never applied afterwards (its insert fails and its batch
   * retries to find this answer), and a command applied first keeps its own answer (this insert does nothing).
   */
  async refuseUnanswered(userId: string, commandIds: string[], message: string): Promise<void> {
    if (commandIds.length === 0) return;
    await sql`
      INSERT INTO bet_outcomes (user_id, command_id, kind, bet_id, period_id, message)
      SELECT ${userId}, id, 'unavailable', NULL, NULL, ${message} FROM unnest(${commandIds}::uuid[]) AS id
      ON CONFLICT (user_id, command_id) DO NOTHING
    `.execute(this.db);
  }

  /**
   * Stores "could not place" as the answer of commands an api node cancelled in the arbiter (several players at
   * once), unless they have one already; returns the stored answer of each (an answer the bet pipeline stored
   * first stands, with its bet).
   */
  async refuseCancelled(
    commands: Array<{ userId: string; commandId: string; periodId: string }>,
    message: string,
  ): Promise<AnsweredOutcome[]> {
    if (commands.length === 0) return [];
    const users = commands.map((c) => c.userId);
    const ids = commands.map((c) => c.commandId);
    await sql`
      INSERT INTO bet_outcomes (user_id, command_id, kind, bet_id, period_id, message)
      SELECT user_id, command_id, 'unavailable', NULL, period_id, ${message}
      FROM unnest(${users}::uuid[], ${ids}::uuid[], ${commands.map((c) => c.periodId)}::text[]) AS k(user_id, command_id, period_id)
      ON CONFLICT (user_id, command_id) DO NOTHING
    `.execute(this.db);
    const { rows } = await sql<StoredOutcome>`
      SELECT o.user_id, o.command_id, o.kind, o.bet_id, o.period_id, o.message
      FROM unnest(${users}::uuid[], ${ids}::uuid[]) AS k(user_id, command_id)
      CROSS JOIN LATERAL (SELECT * FROM bet_outcomes WHERE user_id = k.user_id AND command_id = k.command_id OFFSET 0) o
    `.execute(this.db);
    return this.withBets(rows);
  }

  /**
   * These answers, each accepted one with its bet and its player's balance (read only when there is one: a refusal
   * costs no read).
   */
  async withBets(outcomes: StoredOutcome[]): Promise<AnsweredOutcome[]> {
    const accepted = outcomes.filter((o) => o.kind === 'accepted' && o.bet_id);
    if (accepted.length === 0) return outcomes;
    const [{ rows }, { rows: wallets }] = await Promise.all([
      sql<AnsweredBetRow>`
        SELECT ${BET_COLUMNS} FROM bets b JOIN public_periods p ON p.id = b.period_id
        WHERE b.id = ANY(${accepted.map((o) => o.bet_id)}::uuid[])
      `.execute(this.db),
      sql<{ user_id: string; main: number; bonus: number }>`
        SELECT user_id, main, bonus FROM wallets WHERE user_id = ANY(${[...new Set(accepted.map((o) => o.user_id))]}::uuid[])
      `.execute(this.db),
    ]);
    const bets = new Map(rows.map((b) => [b.id, b]));
    const balances = new Map(wallets.map((w) => [w.user_id, { main: Number(w.main), bonus: Number(w.bonus) }]));
    return outcomes.map((o) => {
      const bet = o.bet_id ? bets.get(o.bet_id) : undefined;
      const balance = bet ? balances.get(o.user_id) : undefined;
      return bet ? { ...o, bet, ...(balance ? { balance } : {}) } : o;
    });
  }

  /**
   * The player's bets among these ids, with when their period was settled. A bet of a period drawn and not settled
   * yet comes as its settlement will record it (`drawnOutcomeSql`, what its players online were told at the draw),
   * with the draw's time as its last change and its settlement's: a player who reconnects in that second, having
   * missed the announcement, learns the result now rather than never (the announced bet-results are left out of
   * the results published after the settlement).
   */
  async bets(userId: string, betIds: string[]): Promise<AnsweredBetRow[]> {
    if (betIds.length === 0) return [];
    const { payouts, gstBps } = this.config;
    const drawn = { color: sql.ref('p.color'), bigSmall: sql.ref('p.big_small'), digit: sql.ref('p.digit') };
    const { rows } = await sql<AnsweredBetRow>`
      SELECT ${BET_COLUMNS}
      FROM bets b JOIN public_periods p ON p.id = b.period_id
      WHERE b.user_id = ${userId} AND b.id = ANY(${betIds}::uuid[]) AND NOT (b.status = 'PENDING' AND p.status = 'DRAWN')
      UNION ALL
      SELECT b.id, b.user_id, b.bet_type, b.bet_value, d.system_selected_value, b.amount, d.is_win, d.win_amount,
             'COMPLETED', b.played_from, b.period_id, b.created_at, p.drawn_at, p.drawn_at
      FROM bets b JOIN public_periods p ON p.id = b.period_id
      CROSS JOIN LATERAL (
        SELECT ${drawnOutcomeSql(gstBps)} FROM (${drawnGamesSql(payouts, drawn)}) AS g (bet_type, selected, payouts)
        WHERE g.bet_type = b.bet_type
      ) d
      WHERE b.user_id = ${userId} AND b.id = ANY(${betIds}::uuid[]) AND b.status = 'PENDING' AND p.status = 'DRAWN'
      ORDER BY created_at
    `.execute(this.db);
    return rows;
  }
}
