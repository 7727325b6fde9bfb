/** Ledger account names. Every journal entry's postings sum to zero; so do all accounts together. */
export const Accounts = {
  userMain: (userId: string) => `user:${userId}:main`,
  userBonus: (userId: string) => `user:${userId}:bonus`,
  /** Stakes of open (unsettled) bets. */
  houseStakes: 'house:stakes',
  /** The house's result: lost stakes in, winnings above the stake out. */
  housePnl: 'house:pnl',
  /** GST withheld from winnings, owed to the tax authority. */
  houseGst: 'house:gst',
  /** Bonus money issued (referrals, promotions). */
  houseBonus: 'house:bonus',
  /** Money received by UPI, credited once an admin approves the deposit. */
  clearingDeposits: 'clearing:deposits',
  /** Money held for requested withdrawals until paid out (approve) or returned (reject). */
  clearingWithdrawals: 'clearing:withdrawals',
  /**
   * Withdrawals paid out to the player's UPI id or bank account (money that left the operator). An approved
   * withdrawal moves its held amount here, so `clearing:withdrawals` always equals the PENDING withdrawals.
   */
  clearingPayouts: 'clearing:payouts',
} as const;

const USER_ACCOUNT = /^user:([0-9a-f-]{36}):(main|bonus)$/;

/** The user and balance a user account refers to, or null for a house/clearing account. */
export function parseUserAccount(account: string): { userId: string; balance: 'main' | 'bonus' } | null {
  const match = USER_ACCOUNT.exec(account);
  return match ? { userId: match[1]!, balance: match[2] as 'main' | 'bonus' } : null;
}
