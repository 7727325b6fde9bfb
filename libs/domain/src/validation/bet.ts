import { LOCK_SECONDS, RESULT_POPUP_TEXT_SECONDS, STAKES_PAISE } from '../constants/limits.js';
import { formatPaiseShort } from '../money/money.js';

/** 'a, b or c'. */
const orList = (items: readonly string[]): string =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} or ${items.at(-1)}` : (items[0] ?? '');
import { isValidBet } from '../games/games.js';

/**
 * Why a bet cannot be placed. The spec lists the conditions but gives no texts; these are ours, used by the bet
 * panel and by the server's bet decider (the `bet-message` a player sees), so both say the same thing.
 */
export const BET_MESSAGES = {
  noPeriod: 'No round is running. Please wait for the next period.',
  bettingClosed: 'Betting is closed for this period.',
  periodNotOpen: 'This period is not open for betting.',
  invalidChoice: 'Please choose a valid option for this game.',
  stakeRequired: 'Please select a stake.',
  /** 'Stake must be ₹10, ₹50, ₹100, ₹200, ₹500 or ₹1,000.' */
  stakeNotAllowed: `Stake must be ${orList(STAKES_PAISE.map((paise) => formatPaiseShort(paise)))}.`,
  alreadyBet: 'You have already placed a bet on this game in this period.',
  balanceUnknown: 'Your balance is still loading. Please try again in a moment.',
  insufficientBalance: 'Insufficient balance.',
  /** The player's account is suspended (the same words as every refusal of a suspended account). */
  suspended: 'This account has been suspended. Please contact support.',
  /** The bet-message of an accepted bet. */
  placed: 'Bet placed successfully.',
  /** A place-bet whose fields are not a bet at all (missing, unknown or mistyped fields). */
  invalidRequest: 'Invalid bet request.',
  /** A bet that could not be handed on to be applied (it is then never applied). */
  unavailable: 'Could not place your bet. Please try again.',
} as const;

/** Game-screen texts of the betting lock and the bet panel (SPEC §2, §4). */
export const GAME_TEXTS = {
  locked: 'Locked',
  betPlaced: 'Bet Placed',
  nextRoundSoon: 'Next round starts soon!',
  /**
   * The lock overlay's headline, before the spec's 'Next round starts soon!': the player is waiting for this round's
   * result, not for the next round.
   */
  resultComing: 'Betting closed. Your result is coming.',
  /** Said when the lock closes a bet sheet whose bet was never confirmed (it used to close without a word). */
  sheetClosedAtLock:
    'Betting closed for this round before your bet was confirmed: nothing was placed. Pick again when the next round opens.',
  confirmBet: 'Confirm Bet',
  congratulations: 'Congratulations',
  betterLuck: 'Better Luck Next Time',
  autoClosing: `Auto closing in ${RESULT_POPUP_TEXT_SECONDS} seconds...`,
} as const;

/** True when `stakePaise` is one of the stake buttons (₹10, ₹50, ₹100, ₹200, ₹500, ₹1,000). */
export function isAllowedStake(stakePaise: unknown): stakePaise is number {
  return typeof stakePaise === 'number' && STAKES_PAISE.includes(stakePaise);
}

/** The stake's error, or null: above 0 and one of the allowed stakes. */
export function validateStake(stakePaise: number | null | undefined): string | null {
  if (typeof stakePaise !== 'number' || !(stakePaise > 0)) return BET_MESSAGES.stakeRequired;
  return isAllowedStake(stakePaise) ? null : BET_MESSAGES.stakeNotAllowed;
}

/** A game card's state: 'betPlaced' (dimmed) if the player has a bet on it, else 'locked' at ≤ 5 s, else 'open'. */
export type GameCardState = 'open' | 'locked' | 'betPlaced';

export function gameCardState(
  secondsLeft: number,
  hasBetOnGame: boolean,
  lockSeconds: number = LOCK_SECONDS,
): GameCardState {
  if (hasBetOnGame) return 'betPlaced';
  return secondsLeft <= lockSeconds ? 'locked' : 'open';
}

/** The full-screen 'Next round starts soon!' overlay: shown when ≤ 5 s remain and the player has a bet. */
export function showNextRoundOverlay(
  secondsLeft: number,
  hasAnyBet: boolean,
  lockSeconds: number = LOCK_SECONDS,
): boolean {
  return hasAnyBet && secondsLeft <= lockSeconds;
}

export interface BetAttempt {
  /** The current period, or null/undefined when none is known. */
  readonly periodId?: string | null;
  /** Whole seconds left as the countdown shows them (see secondsLeft). */
  readonly secondsLeft: number;
  /** The player already has a bet on this game in this period. */
  readonly hasBetOnGame: boolean;
  readonly betType?: string | null;
  readonly betValue?: string | null;
  /** Selected stake, in paise. */
  readonly stakePaise?: number | null;
  /** What can be staked (main + bonus), in paise; null/undefined while unknown. */
  readonly balancePaise?: number | null;
  readonly lockSeconds?: number;
}

/**
 * Why the bet panel must refuse this bet, or null when it may be sent. Checked in this order: no current period;
 * 5 s or less remain; a bet on this game already; invalid game/choice; stake 0 or less or not an allowed stake;
 * balance unknown or below the stake. The server re-checks everything (see the bet decider).
 */
export function betBlockReason(attempt: BetAttempt): string | null {
  if (!attempt.periodId) return BET_MESSAGES.noPeriod;
  if (attempt.secondsLeft <= (attempt.lockSeconds ?? LOCK_SECONDS)) return BET_MESSAGES.bettingClosed;
  if (attempt.hasBetOnGame) return BET_MESSAGES.alreadyBet;
  if (!isValidBet(attempt.betType, attempt.betValue)) return BET_MESSAGES.invalidChoice;
  const stakeError = validateStake(attempt.stakePaise);
  if (stakeError) return stakeError;
  if (typeof attempt.balancePaise !== 'number' || !Number.isFinite(attempt.balancePaise))
    return BET_MESSAGES.balanceUnknown;
  if (attempt.balancePaise < (attempt.stakePaise as number)) return BET_MESSAGES.insufficientBalance;
  return null;
}
