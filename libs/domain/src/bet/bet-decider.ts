import type { GameKey } from '../games/games.js';
import { isValidBet } from '../games/games.js';
import { BET_MESSAGES, validateStake } from '../validation/bet.js';
import { PLAY_BREAK_MESSAGES, type RunningPlayBreak } from '../user/play-break.js';
import { splitStake } from '../wallet/wallet-rules.js';
import { countAgainstLimits, limitMessage, limitPassedBy, type LimitUsage } from '../limits/limit-usage.js';

/**
 * The bet decider (emmett style: decide(command, state) → event, evolve(state, event) → state). The server's bet
 * processor loads the state of each player touched by a batch, runs every command in order through `decide`,
 * folds the events with `evolve`, and writes the resulting events, postings and projections in one transaction.
 * Pure and deterministic: time is the command's `receivedAtMs`, never a clock.
 */

/** What the decider needs to know about one player in one period. Money in paise. */
export interface BetState {
  /** Main balance. */
  readonly main: number;
  /** Bonus balance (staked first). */
  readonly bonus: number;
  /** Games this player has already bet on in `currentPeriodId`. */
  readonly gamesBetThisPeriod: ReadonlySet<GameKey>;
  /**
   * The period that is taking bets — open, or locked but not yet drawn — and its lock instant. The processor builds
   * the state for the command's period, so a command received before the lock is still accepted when the processor
   * reaches it a little after the lock. null when there is no such period (unknown, already drawn or settled).
   */
  readonly currentPeriodId: string | null;
  readonly periodLockMs: number | null;
  /** The player's account is not active (suspended by an operator, frozen or banned): no bet is taken. */
  readonly suspended?: boolean;
  /**
   * The player's loss limits in force and what counts against each now: settled losses of the window plus every
   * unsettled stake (a potential loss), so bets decided one after another — or racing — cannot pass a limit together.
   */
  readonly lossLimits?: readonly LimitUsage[];
  /** The player's break or self-exclusion in force (the database's, read beside the wallet): no bet is taken. */
  readonly away?: RunningPlayBreak | null;
}

/** A player's place-bet, as the gateway received it. */
export interface PlaceBet {
  /** Client-generated id (UUID); the processor applies a command id at most once. */
  readonly commandId: string;
  readonly userId: string;
  readonly periodId: string;
  readonly betType: string;
  readonly betValue: string;
  /** Stake in paise. */
  readonly amount: number;
  /** When the gateway received it (the Redis stream id time), epoch ms. */
  readonly receivedAtMs: number;
}

export interface BetPlaced {
  readonly type: 'BetPlaced';
  readonly data: {
    readonly commandId: string;
    readonly userId: string;
    readonly periodId: string;
    readonly betType: GameKey;
    readonly betValue: string;
    readonly amount: number;
    /** Part of the stake taken from the bonus balance. */
    readonly fromBonus: number;
    /** Part of the stake taken from the main balance. */
    readonly fromMain: number;
    /** Balances after the stake, for the player's balance-update. */
    readonly mainAfter: number;
    readonly bonusAfter: number;
    readonly receivedAtMs: number;
  };
}

export const BET_REJECTION_CODES = [
  'NO_PERIOD',
  'PERIOD_NOT_OPEN',
  'BETTING_CLOSED',
  'INVALID_CHOICE',
  'INVALID_STAKE',
  'ALREADY_BET',
  'INSUFFICIENT_BALANCE',
  'SUSPENDED',
  'LOSS_LIMIT',
  'PLAY_BREAK',
] as const;
export type BetRejectionCode = (typeof BET_REJECTION_CODES)[number];

export interface BetRejected {
  readonly type: 'BetRejected';
  readonly data: {
    readonly commandId: string;
    readonly userId: string;
    readonly periodId: string;
    readonly code: BetRejectionCode;
    /** The message shown to the player (BET_MESSAGES). */
    readonly reason: string;
    readonly receivedAtMs: number;
  };
}

export type BetEvent = BetPlaced | BetRejected;

/** The state before any bet of the period. */
export function initialBetState(
  init: Partial<Omit<BetState, 'gamesBetThisPeriod'>> & { readonly gamesBetThisPeriod?: Iterable<GameKey> } = {},
): BetState {
  return {
    main: init.main ?? 0,
    bonus: init.bonus ?? 0,
    gamesBetThisPeriod: new Set(init.gamesBetThisPeriod ?? []),
    currentPeriodId: init.currentPeriodId ?? null,
    periodLockMs: init.periodLockMs ?? null,
    ...(init.suspended ? { suspended: true } : {}),
    ...(init.lossLimits && init.lossLimits.length > 0 ? { lossLimits: init.lossLimits } : {}),
    ...(init.away ? { away: init.away } : {}),
  };
}

function reject(command: PlaceBet, code: BetRejectionCode, reason: string): BetRejected {
  return {
    type: 'BetRejected',
    data: {
      commandId: command.commandId,
      userId: command.userId,
      periodId: command.periodId,
      code,
      reason,
      receivedAtMs: command.receivedAtMs,
    },
  };
}

/**
 * Decides one place-bet. Checks, in order: the player's account is active; no break or self-exclusion runs; there is a period taking bets; it is the command's period; the command
 * was received strictly before the lock; the game and choice are valid; the stake is an allowed stake; no bet on
 * this game yet in this period; main + bonus covers the stake; the stake, counted as lost, passes none of the player's
 * loss limits (LOSS_LIMIT, with the limit, what it leaves and until when). The stake comes from bonus first, then main.
 */
export function decideBet(command: PlaceBet, state: BetState): BetEvent {
  if (state.suspended) return reject(command, 'SUSPENDED', BET_MESSAGES.suspended);
  if (state.away) return reject(command, 'PLAY_BREAK', PLAY_BREAK_MESSAGES.notice(state.away));
  if (state.currentPeriodId === null || state.periodLockMs === null)
    return reject(command, 'NO_PERIOD', BET_MESSAGES.noPeriod);
  if (command.periodId !== state.currentPeriodId) return reject(command, 'PERIOD_NOT_OPEN', BET_MESSAGES.periodNotOpen);
  if (!Number.isFinite(command.receivedAtMs) || command.receivedAtMs >= state.periodLockMs) {
    return reject(command, 'BETTING_CLOSED', BET_MESSAGES.bettingClosed);
  }
  if (!isValidBet(command.betType, command.betValue))
    return reject(command, 'INVALID_CHOICE', BET_MESSAGES.invalidChoice);
  const stakeError = validateStake(command.amount);
  if (stakeError) return reject(command, 'INVALID_STAKE', stakeError);
  if (state.gamesBetThisPeriod.has(command.betType)) return reject(command, 'ALREADY_BET', BET_MESSAGES.alreadyBet);
  if (state.main + state.bonus < command.amount) {
    return reject(command, 'INSUFFICIENT_BALANCE', BET_MESSAGES.insufficientBalance);
  }
  const passed = state.lossLimits ? limitPassedBy(state.lossLimits, command.amount) : null;
  if (passed) return reject(command, 'LOSS_LIMIT', limitMessage(passed));
  const { fromBonus, fromMain } = splitStake(command.amount, state.bonus);
  return {
    type: 'BetPlaced',
    data: {
      commandId: command.commandId,
      userId: command.userId,
      periodId: command.periodId,
      betType: command.betType,
      betValue: command.betValue,
      amount: command.amount,
      fromBonus,
      fromMain,
      mainAfter: state.main - fromMain,
      bonusAfter: state.bonus - fromBonus,
      receivedAtMs: command.receivedAtMs,
    },
  };
}

/**
 * Applies an event: a placed bet takes its stake from the balances, marks its game and counts against the loss
 * limits as a potential loss; a rejection changes nothing.
 */
export function evolveBet(state: BetState, event: BetEvent): BetState {
  if (event.type === 'BetRejected') return state;
  const games = new Set(state.gamesBetThisPeriod);
  games.add(event.data.betType);
  return {
    ...state,
    main: state.main - event.data.fromMain,
    bonus: state.bonus - event.data.fromBonus,
    gamesBetThisPeriod: games,
    ...(state.lossLimits
      ? { lossLimits: countAgainstLimits(state.lossLimits, event.data.amount, event.data.receivedAtMs) }
      : {}),
  };
}

/** The decider as one value, emmett's shape. */
export const betDecider = {
  decide: decideBet,
  evolve: evolveBet,
  initialState: initialBetState,
} as const;

/** Runs commands in order against a state: the events, one per command, and the final state. */
export function decideBets(commands: readonly PlaceBet[], state: BetState): { events: BetEvent[]; state: BetState } {
  const events: BetEvent[] = [];
  let current = state;
  for (const command of commands) {
    const event = decideBet(command, current);
    events.push(event);
    current = evolveBet(current, event);
  }
  return { events, state: current };
}
