import {
  decideBet,
  evolveBet,
  initialBetState,
  periodIdAt,
  type BetEvent,
  type GameKey,
  type LimitUsage,
  type PeriodConfig,
  type PlaceBet,
  type RunningPlayBreak,
} from '@app/domain';
import { outcomeKey, type BetCommand } from '@app/realtime';
import type { ParsedCommand } from './bet-batch-parse.js';
import type { StoredOutcome } from './bet-outcomes.js';

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

/** These stored answers, by player and command (what storedOutcomeOf looks up). */
export function outcomesByCommand(rows: StoredOutcome[]): Map<string, StoredOutcome> {
  return new Map(rows.map((row) => [keyOf(row.user_id, row.command_id), row]));
}

export function storedOutcomeOf(outcomes: Map<string, StoredOutcome>, command: BetCommand): StoredOutcome | undefined {
  return outcomes.get(keyOf(command.userId, outcomeKey(command)));
}

/** A player of a batch as the decision needs them: balances (paise), whether they may play, their loss limits. */
export interface BatchPlayer {
  userId: string;
  main: number;
  bonus: number;
  /** The account is not active (suspended, frozen, banned). */
  suspended: boolean;
  /** The break or self-exclusion in force, if any. */
  away: RunningPlayBreak | null;
  /** The loss limits in force and what each window counts (none: no limit set). */
  lossLimits: LimitUsage[];
}

/** Everything a batch is decided on, read under the batch's locks (bet-batch.service.ts, the read step). */
export interface BatchState {
  /** The stored answers of the batch's commands decided before (redelivered, or refused by an api node). */
  stored: StoredOutcome[];
  /** The periods the batch's commands name or were received in, that take bets (status and lock). */
  periods: Array<{ id: string; status: string; lockAtMs: number }>;
  /** The batch's players who hold a wallet; a player without one has nothing to stake. */
  players: BatchPlayer[];
  /** The games each player bet on already in those periods. */
  gamesBet: Array<{ userId: string; periodId: string; betType: GameKey }>;
}

/** What a batch decided: nothing is written yet (bet-batch.service.ts, the write step, stores it). */
export interface BatchDecision {
  /** One event per command decided now (BetPlaced or BetRejected), in stream order. */
  events: BetEvent[];
  /** The stored answers of the commands decided before: answered again from them, never applied again. */
  answeredBefore: StoredOutcome[];
  /** Commands not decided now: sent twice within the batch, or answered before. */
  duplicates: number;
  /** The key each command's answer is stored and sent under (the client's command id, else the gateway's), by command id. */
  keyById: Map<string, string>;
}

/** The state of a player with nothing: no wallet row, no limit. */
const NOBODY: Omit<BatchPlayer, 'userId'> = { main: 0, bonus: 0, suspended: false, away: null, lossLimits: [] };

/**
 * The decide step of a bet batch, pure: one answer per command id (of the commands a player sent twice within the
 * batch the first is kept; a command whose answer is stored already is answered again from it and not applied), then
 * every other command, in stream order, through the bet decider (`decideBet`), each decision folded into the player's
 * state (`evolveBet`) before the next: balances, the games bet this period, the loss limits. A command is decided
 * against the period it was received in: a period takes bets while OPEN, and its bets received before the lock are
 * still accepted once DRAWN.
 */
export function decideBatch(
  commands: readonly ParsedCommand[],
  state: BatchState,
  periodConfig: PeriodConfig,
): BatchDecision {
  const keyById = new Map(commands.map((c) => [c.command.id, outcomeKey(c.command)]));
  const decision: BatchDecision = { events: [], answeredBefore: [], duplicates: 0, keyById };
  if (commands.length === 0) return decision;

  const { kept, dropped } = dropRepeatedCommands([...commands]);
  const stored = outcomesByCommand(state.stored);
  const fresh: ParsedCommand[] = [];
  for (const c of kept) {
    const outcome = storedOutcomeOf(stored, c.command);
    if (outcome) decision.answeredBefore.push(outcome);
    else fresh.push(c);
  }
  decision.duplicates = dropped + kept.length - fresh.length;

  const periods = new Map(state.periods.map((p) => [p.id, p]));
  const players = new Map(state.players.map((p) => [p.userId, { ...p }]));
  const games = new Map<string, Set<GameKey>>();
  for (const bet of state.gamesBet) {
    const key = `${bet.userId}|${bet.periodId}`;
    (games.get(key) ?? games.set(key, new Set()).get(key)!).add(bet.betType);
  }

  for (const { command, receivedAtMs } of fresh) {
    const currentId = periodIdAt(receivedAtMs, periodConfig);
    const period = periods.get(currentId);
    const accepting = !!period && (period.status === 'OPEN' || period.status === 'DRAWN');
    const key = `${command.userId}|${command.periodId}`;
    const player =
      players.get(command.userId) ??
      players.set(command.userId, { userId: command.userId, ...NOBODY }).get(command.userId)!;
    const betState = initialBetState({
      main: player.main,
      bonus: player.bonus,
      gamesBetThisPeriod: games.get(key) ?? [],
      currentPeriodId: accepting ? currentId : null,
      periodLockMs: accepting ? period.lockAtMs : null,
      suspended: player.suspended,
      lossLimits: player.lossLimits,
      away: player.away,
    });
    const placeBet: PlaceBet = {
      commandId: command.id,
      userId: command.userId,
      periodId: command.periodId,
      betType: command.betType,
      betValue: command.betValue,
      amount: command.amount,
      receivedAtMs,
    };
    const event = decideBet(placeBet, betState);
    const next = evolveBet(betState, event);
    player.main = next.main;
    player.bonus = next.bonus;
    games.set(key, new Set(next.gamesBetThisPeriod));
    if (next.lossLimits) player.lossLimits = [...next.lossLimits];
    decision.events.push(event);
  }
  return decision;
}
