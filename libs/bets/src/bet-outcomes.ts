import { sql, type RawBuilder } from 'kysely';
import { outcomeKey, toWireBet, userRoom, type BetCommand, type BetRowLike, type SocketMessage } from '@app/realtime';

/** A stored answer to a place-bet command (bet_outcomes). */
export interface StoredOutcome {
  user_id: string;
  command_id: string;
  kind: 'accepted' | 'rejected' | 'unavailable';
  bet_id: string | null;
  period_id: string | null;
  message: string;
}

const keyOf = (userId: string, commandId: string) => `${userId}|${commandId}`;

/**
 * Keeps the first of the commands that share a player and an outcome key (one place-bet sent twice within a batch)
 * and returns how many were dropped.
 */
export function dropRepeatedCommands<T extends { command: BetCommand }>(commands: T[]): { kept: T[]; dropped: number } {
  const seen = new Set<string>();
  const kept = commands.filter(({ command }) => {
    const key = keyOf(command.userId, outcomeKey(command));
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { kept, dropped: commands.length - kept.length };
}

/** The query of the stored answers of these commands (rows of StoredOutcome), to run alone or inside a larger statement. */
export function storedOutcomesQuery(commands: BetCommand[]): RawBuilder<StoredOutcome> {
  return sql<StoredOutcome>`
    SELECT o.user_id, o.command_id, o.kind, o.bet_id, o.period_id, o.message
    FROM bet_outcomes o
    JOIN unnest(${commands.map((c) => c.userId)}::uuid[], ${commands.map((c) => outcomeKey(c))}::uuid[]) AS k(user_id, command_id)
      ON o.user_id = k.user_id AND o.command_id = k.command_id
  `;
}

/** These stored answers, by player and command (what storedOutcomeOf looks up). */
export function outcomesByCommand(rows: StoredOutcome[]): Map<string, StoredOutcome> {
  return new Map(rows.map((row) => [keyOf(row.user_id, row.command_id), row]));
}

/** The stored answers of these commands (applied before under another stream entry, or refused by an api node). */
export async function storedOutcomes(trx: any, commands: BetCommand[]): Promise<Map<string, StoredOutcome>> {
  if (commands.length === 0) return new Map();
  const { rows } = await storedOutcomesQuery(commands).execute(trx);
  return outcomesByCommand(rows);
}

export function storedOutcomeOf(outcomes: Map<string, StoredOutcome>, command: BetCommand): StoredOutcome | undefined {
  return outcomes.get(keyOf(command.userId, outcomeKey(command)));
}

/**
 * Stores the answer of every command decided in this batch, in its transaction. A plain insert on purpose: when an
 * api node stored a refusal for one of them first (it told the player the bet could not be placed), the insert
 * fails, the whole batch rolls back, and the retry finds that refusal and leaves the bet unplaced.
 */
export async function recordOutcomes(trx: any, outcomes: StoredOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  await recordOutcomesStatement(outcomes).execute(trx);
}

/** The statement recordOutcomes runs (RETURNING the command ids), to run alone or beside other writes in one statement. */
export function recordOutcomesStatement(outcomes: StoredOutcome[]): RawBuilder<{ command_id: string }> {
  return sql<{ command_id: string }>`
    INSERT INTO bet_outcomes (user_id, command_id, kind, bet_id, period_id, message)
    SELECT * FROM unnest(
      ${outcomes.map((o) => o.user_id)}::uuid[], ${outcomes.map((o) => o.command_id)}::uuid[], ${outcomes.map((o) => o.kind)}::text[],
      ${outcomes.map((o) => o.bet_id)}::uuid[], ${outcomes.map((o) => o.period_id)}::text[], ${outcomes.map((o) => o.message)}::text[]
    )
    RETURNING command_id
  `;
}

/** The bet-message answering a stored outcome (an accepted one carries its bet, when the row is at hand). */
export function outcomeMessage(outcome: StoredOutcome, bet?: BetRowLike): SocketMessage {
  const data =
    outcome.kind === 'accepted'
      ? { success: true, message: outcome.message, ...(bet ? { bet: toWireBet(bet), betType: bet.bet_type } : {}), periodId: outcome.period_id ?? undefined, commandId: outcome.command_id }
      : { success: false, message: outcome.message, ...(outcome.period_id ? { periodId: outcome.period_id } : {}), commandId: outcome.command_id };
  return { room: userRoom(outcome.user_id), event: 'bet-message', data };
}
