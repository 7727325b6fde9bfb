import { DEPOSIT_NOT_ACTIVE_BANNER_ABOVE_PAISE, WITHDRAWAL_ELIGIBILITY_MIN_PAISE } from '../constants/limits.js';
import { isBasisPoints, rateToBps, shareOfPaise } from '../money/basis-points.js';
import { assertPaise, formatPaiseShort } from '../money/money.js';
import { IDENTITY_MESSAGES, type IdentityStatus } from '../identity/identity-check.js';
import { PLAY_THROUGH_MESSAGES } from './play-through.js';

/** Wallet banners (SPEC §8). */
export const WALLET_MESSAGES = {
  depositNotActive: 'Deposit is not active. Please activate deposit to continue.',
  notEligibleForWithdrawal: `You cannot withdraw because your balance is less than ${formatPaiseShort(WITHDRAWAL_ELIGIBILITY_MIN_PAISE)}.`,
  /** An administrator's account holds no money (separation of duties); the spec gives no text. */
  playersOnly:
    'Administrator accounts have no wallet: deposits, withdrawals, bets and referral codes are for players only.',
} as const;

/** A stake is taken from the bonus balance first, then from main (DESIGN §2). */
export function splitStake(stakePaise: number, bonusPaise: number): { fromBonus: number; fromMain: number } {
  assertPaise(stakePaise, 'stake');
  assertPaise(bonusPaise, 'bonus');
  const fromBonus = Math.max(0, Math.min(bonusPaise, stakePaise));
  return { fromBonus, fromMain: stakePaise - fromBonus };
}

/**
 * Eligible for withdrawal: the wallet is active (first deposit approved), main ≥ ₹500 (the smallest withdrawal), the deposits since the
 * previous withdrawal have been played through (`playThroughLeftPaise` 0; see play-through.ts), and the identity is
 * verified (`identityStatus`; absent: no identity rule).
 */
export function isEligibleForWithdrawal(wallet: {
  readonly isActive: boolean;
  readonly mainPaise: number;
  readonly playThroughLeftPaise?: number;
  readonly identityStatus?: IdentityStatus;
}): boolean {
  return (
    wallet.isActive &&
    wallet.mainPaise >= WITHDRAWAL_ELIGIBILITY_MIN_PAISE &&
    (wallet.playThroughLeftPaise ?? 0) === 0 &&
    (wallet.identityStatus === undefined || wallet.identityStatus === 'verified')
  );
}

/** The Withdraw button is enabled only when isActive and isEligibleForWithdrawal are both true. */
export function canWithdraw(summary: {
  readonly isActive: boolean;
  readonly isEligibleForWithdrawal: boolean;
}): boolean {
  return summary.isActive && summary.isEligibleForWithdrawal;
}

/**
 * The wallet screen's banners, in order: 'Deposit is not active…' when the balance is above ₹100 and the wallet is
 * not active; 'You cannot withdraw because your balance is less than ₹500.' when not eligible for withdrawal.
 */
export function walletBanners(summary: {
  readonly balancePaise: number;
  readonly isActive: boolean;
  readonly isEligibleForWithdrawal: boolean;
  /** Deposits not yet played through (paise): the banner says how much is left to play. */
  readonly playThroughLeftPaise?: number;
  /** The identity check's status: a balance that could be withdrawn says the identity comes first. */
  readonly identityStatus?: IdentityStatus;
}): string[] {
  const banners: string[] = [];
  if (summary.balancePaise > DEPOSIT_NOT_ACTIVE_BANNER_ABOVE_PAISE && !summary.isActive)
    banners.push(WALLET_MESSAGES.depositNotActive);
  if (!summary.isEligibleForWithdrawal) {
    const left = summary.playThroughLeftPaise ?? 0;
    const enough = summary.balancePaise >= WITHDRAWAL_ELIGIBILITY_MIN_PAISE;
    const identity = summary.identityStatus;
    if (enough && left > 0) banners.push(PLAY_THROUGH_MESSAGES.playMore(left));
    else if (enough && identity !== undefined && identity !== 'verified')
      banners.push(
        identity === 'pending' ? IDENTITY_MESSAGES.pendingBeforeWithdrawal : IDENTITY_MESSAGES.verifyBeforeWithdrawal,
      );
    else banners.push(WALLET_MESSAGES.notEligibleForWithdrawal);
  }
  return banners;
}

/** Referral reward defaults: 10 % of the referred player's first approved deposit, at most ₹500, as bonus. */
export const REFERRAL_SHARE_BPS = 1000;
export const REFERRAL_CAP_PAISE = 50_000;

/**
 * Converts a configured share such as 0.1 (env REFERRAL_SHARE) to basis points (1000). Throws a RangeError when the
 * share is outside 0..1 or finer than a basis point.
 */
export function referralShareToBps(share: number): number {
  return rateToBps(share, 'Referral share');
}

/** The referrer's bonus for a first deposit: share of it rounded to the paisa (halves up), capped. */
export function referralBonusPaise(
  firstDepositPaise: number,
  options: { readonly shareBps?: number; readonly capPaise?: number } = {},
): number {
  assertPaise(firstDepositPaise, 'deposit');
  const shareBps = options.shareBps ?? REFERRAL_SHARE_BPS;
  const capPaise = options.capPaise ?? REFERRAL_CAP_PAISE;
  if (!isBasisPoints(shareBps)) throw new RangeError(`invalid referral share ${String(shareBps)}`);
  assertPaise(capPaise, 'cap');
  if (firstDepositPaise <= 0) return 0;
  return Math.min(capPaise, shareOfPaise(firstDepositPaise, shareBps));
}
