import { assertPaise, formatPaiseShort } from '../money/money.js';
import { istDateParts } from '../period/ist-day.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** An instant's IST date as '29 Dec 2026'. */
function istDay(at: string | number): string {
  const { year, month, day } = istDateParts(typeof at === 'number' ? at : Date.parse(at));
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

/**
 * Money that cannot be farmed (DESIGN §2): what must be played before money can leave.
 *
 * - **Bonus is play money.** A bonus (and the winnings of stakes paid from it) stays in the bonus balance, which can be
 *   staked but not withdrawn, until settled stakes since it was granted reach its wagering requirement
 *   (`BONUS_WAGERING_MULTIPLIER` × the bonus); then the whole bonus balance moves to main in one journal entry.
 *   Unused `BONUS_EXPIRY_DAYS` after the last grant, it goes back to the house.
 * - **Deposits are played before they are withdrawn** (the usual anti-money-laundering turnover rule): a withdrawal
 *   needs settled stakes paid from main since the previous withdrawal of at least `WITHDRAWAL_TURNOVER_PERCENT` of the
 *   deposits approved since then.
 * - **A referral is earned by play**: the referrer's bonus is granted once the referred player's settled stakes since
 *   their first approved deposit reach that deposit, and never if they asked to withdraw first.
 *
 * Hedging one's own bets is not possible to begin with: a player holds one bet per game and period.
 */

/** Defaults of the configuration (libs/config). */
export const BONUS_WAGERING_MULTIPLIER = 5;
export const BONUS_EXPIRY_DAYS = 30;
export const WITHDRAWAL_TURNOVER_PERCENT = 100;

/** What a wallet's bonus needs before it moves to main (paise). */
export interface BonusWagering {
  readonly bonusPaise: number;
  readonly requiredPaise: number;
  readonly playedPaise: number;
  /** When the bonus goes back to the house unless played through (Unix ms; null without a requirement). */
  readonly expiresAtMs: number | null;
}

/** Paise of settled stakes still asked of the bonus. */
export function wageringLeft(wagering: Pick<BonusWagering, 'requiredPaise' | 'playedPaise'>): number {
  return Math.max(0, wagering.requiredPaise - wagering.playedPaise);
}

/** The requirement a grant of `bonusPaise` adds: the multiplier times the bonus. */
export function wageringFor(bonusPaise: number, multiplier = BONUS_WAGERING_MULTIPLIER): number {
  assertPaise(bonusPaise, 'bonus');
  return bonusPaise * multiplier;
}

export type BonusStep =
  /** Played through: the whole bonus balance moves to main, the requirement ends. */
  | { readonly type: 'release'; readonly amount: number }
  /** Expired unused: the bonus balance goes back to house:bonus, the requirement ends. */
  | { readonly type: 'expire'; readonly amount: number }
  /** No bonus left to release (it was all staked and lost): the requirement ends. */
  | { readonly type: 'clear' }
  | { readonly type: 'none' };

/**
 * What to do with a wallet's bonus at `nowMs`. Nothing while a bet paid partly from bonus is unsettled
 * (`pendingBonusBets`): its win would otherwise reach the bonus balance after the requirement ended.
 */
export function decideBonus(
  wagering: BonusWagering & { readonly pendingBonusBets?: boolean },
  nowMs: number,
): BonusStep {
  if (wagering.requiredPaise === 0 || wagering.pendingBonusBets) return { type: 'none' };
  if (wagering.bonusPaise === 0) return { type: 'clear' };
  if (wageringLeft(wagering) === 0) return { type: 'release', amount: wagering.bonusPaise };
  if (wagering.expiresAtMs !== null && nowMs >= wagering.expiresAtMs)
    return { type: 'expire', amount: wagering.bonusPaise };
  return { type: 'none' };
}

/** The deposit turnover a withdrawal asks (paise): deposits since the previous withdrawal and stakes from main since. */
export interface PlayThrough {
  readonly depositedPaise: number;
  readonly stakedPaise: number;
  readonly requiredPaise: number;
  readonly leftPaise: number;
}

/** `percent` of the deposits, rounded up to the paisa, against the stakes. */
export function playThrough(input: {
  readonly depositedPaise: number;
  readonly stakedPaise: number;
  readonly percent?: number;
}): PlayThrough {
  const percent = input.percent ?? WITHDRAWAL_TURNOVER_PERCENT;
  const requiredPaise = Math.ceil((input.depositedPaise * percent) / 100);
  return {
    depositedPaise: input.depositedPaise,
    stakedPaise: input.stakedPaise,
    requiredPaise,
    leftPaise: Math.max(0, requiredPaise - input.stakedPaise),
  };
}

/** Flagged to the reviewer whatever the setting: less staked than deposited since the previous withdrawal. */
export function littlePlay(check: Pick<PlayThrough, 'depositedPaise' | 'stakedPaise'>): boolean {
  return check.stakedPaise < check.depositedPaise;
}

export type ReferralStep =
  | { readonly type: 'grant' }
  | { readonly type: 'void'; readonly reason: 'withdrawn' | 'suspended' }
  | { readonly type: 'wait' };

/**
 * A pending referral: void once the referred player asked to withdraw, or either player is suspended or banned;
 * granted once the referred player's stakes (from main) since the deposit reach it.
 */
export function decideReferral(state: {
  readonly depositPaise: number;
  readonly stakedSincePaise: number;
  readonly withdrewSince: boolean;
  readonly suspended?: boolean;
}): ReferralStep {
  if (state.withdrewSince) return { type: 'void', reason: 'withdrawn' };
  if (state.suspended) return { type: 'void', reason: 'suspended' };
  if (state.stakedSincePaise >= state.depositPaise) return { type: 'grant' };
  return { type: 'wait' };
}

export interface PlayThroughRules {
  readonly bonusWageringMultiplier: number;
  readonly bonusExpiryDays: number;
  readonly withdrawalTurnoverPercent: number;
}

/** The terms page's words for these rules, with the configured values, in words a player reads before depositing. */
export function playThroughTerms(rules: PlayThroughRules): readonly string[] {
  const { bonusWageringMultiplier: times, bonusExpiryDays: days, withdrawalTurnoverPercent: percent } = rules;
  return [
    percent > 0
      ? `Deposits are for playing: to withdraw, your settled bets since your last withdrawal must add up to ${percent === 100 ? 'the money you deposited' : `${percent}% of the money you deposited`} since then.`
      : 'Deposits can be withdrawn without playing them first.',
    times > 0
      ? `Bonus money (and what bets paid from it win) is for playing: it becomes withdrawable once your settled bets reach ${times}× the bonus. Unplayed, it goes back after ${days} days.`
      : 'Bonus money is withdrawable as soon as it is credited.',
    'A referral bonus is credited when the friend you invited has played through their first deposit, and not if they withdraw it first.',
    'One bet per game per round: you cannot bet on both sides of a game.',
    'A suspended account keeps its balance but cannot bet, deposit or withdraw until support reinstates it.',
  ];
}

/** Texts of these rules (the wallet, the withdrawal form, the terms). */
export const PLAY_THROUGH_MESSAGES = {
  playMore: (leftPaise: number) => `You need to play ${formatPaiseShort(leftPaise)} more before you can withdraw.`,
  bonusLocked: (leftPaise: number) =>
    `Your bonus becomes withdrawable after ${formatPaiseShort(leftPaise)} more in settled bets.`,
  bonusExpires: (at: string | number) => `Unplayed, it goes back on ${istDay(at)}.`,
  suspended: 'This account has been suspended. Please contact support.',
} as const;
