import { WITHDRAWAL_ELIGIBILITY_MIN_PAISE } from '../constants/limits.js';
import { assertPaise, divideRoundHalfUp, formatPaiseShort } from '../money/money.js';

/** Wallet banners (SPEC §8). */
export const WALLET_MESSAGES = {
  depositNotActive: 'Deposit is not active. Please activate deposit to continue.',
  notEligibleForWithdrawal: `You cannot withdraw because your balance is less than ${formatPaiseShort(WITHDRAWAL_ELIGIBILITY_MIN_PAISE)}.`,
  /** An administrator's account holds no money (separation of duties); the spec gives no text. */
  playersOnly: 'Administrator accounts have no wallet: deposits, withdrawals, bets and referral codes are for players only.',
} as const;

/** A stake is taken from the bonus balance first, then from main (DESIGN §2). */
export function splitStake(stakePaise: number, bonusPaise: number): { fromBonus: number; fromMain: number } {
  assertPaise(stakePaise, 'stake');
  assertPaise(bonusPaise, 'bonus');
  const fromBonus = Math.max(0, Math.min(bonusPaise, stakePaise));
  return { fromBonus, fromMain: stakePaise - fromBonus };
}

/** Eligible for withdrawal: the wallet is active (first deposit approved) and main ≥ ₹100. */
export function isEligibleForWithdrawal(wallet: { readonly isActive: boolean; readonly mainPaise: number }): boolean {
  return wallet.isActive && wallet.mainPaise >= WITHDRAWAL_ELIGIBILITY_MIN_PAISE;
}

/** The Withdraw button is enabled only when isActive and isEligibleForWithdrawal are both true. */
export function canWithdraw(summary: { readonly isActive: boolean; readonly isEligibleForWithdrawal: boolean }): boolean {
  return summary.isActive && summary.isEligibleForWithdrawal;
}

/**
 * The wallet screen's banners, in order: 'Deposit is not active…' when the balance is above ₹100 and the wallet is
 * not active; 'You cannot withdraw…' when not eligible for withdrawal.
 */
export function walletBanners(summary: {
  readonly balancePaise: number;
  readonly isActive: boolean;
  readonly isEligibleForWithdrawal: boolean;
}): string[] {
  const banners: string[] = [];
  if (summary.balancePaise > WITHDRAWAL_ELIGIBILITY_MIN_PAISE && !summary.isActive) banners.push(WALLET_MESSAGES.depositNotActive);
  if (!summary.isEligibleForWithdrawal) banners.push(WALLET_MESSAGES.notEligibleForWithdrawal);
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
  const bps = Math.round(share * 10_000);
  if (!Number.isFinite(share) || share < 0 || share > 1 || bps / 10_000 !== share) {
    throw new RangeError(`Referral share must be between 0 and 1 with at most 4 decimals, got ${String(share)}`);
  }
  return bps;
}

/** The referrer's bonus for a first deposit: share of it rounded to the paisa (halves up), capped. */
export function referralBonusPaise(
  firstDepositPaise: number,
  options: { readonly shareBps?: number; readonly capPaise?: number } = {},
): number {
  assertPaise(firstDepositPaise, 'deposit');
  const shareBps = options.shareBps ?? REFERRAL_SHARE_BPS;
  const capPaise = options.capPaise ?? REFERRAL_CAP_PAISE;
  if (!Number.isInteger(shareBps) || shareBps < 0 || shareBps > 10_000) throw new RangeError(`invalid referral share ${String(shareBps)}`);
  assertPaise(capPaise, 'cap');
  if (firstDepositPaise <= 0) return 0;
  return Math.min(capPaise, divideRoundHalfUp(firstDepositPaise * shareBps, 10_000));
}
