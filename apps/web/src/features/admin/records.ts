import type { AdminDepositEntry, AdminWithdrawalEntry, DashboardData, RecentBet, UtrClaim } from '@app/contracts';
import { wirePaise } from '../../shared/money';

/**
 * The console's lists as the admin slice keeps them: each request's and bet's amount in integer paise (converted
 * once, here, from the wire's rupees), everything else as sent. The dashboard's totals and charts stay the exact
 * rupee text the server sends (sums over every player can pass what a number holds) and are shown with the domain's
 * `formatRupeeText`.
 */

/** One claim of a deposit's UTR, its amount in paise. */
export interface AdminUtrClaim extends Omit<UtrClaim, 'amount'> {
  amountPaise: number;
}

export interface AdminDeposit extends Omit<AdminDepositEntry, 'deposit'> {
  deposit: Omit<AdminDepositEntry['deposit'], 'amount' | 'utrClaims'> & {
    amountPaise: number;
    utrClaims?: AdminUtrClaim[];
  };
}

export interface AdminWithdrawal extends Omit<AdminWithdrawalEntry, 'withdrawal'> {
  withdrawal: Omit<AdminWithdrawalEntry['withdrawal'], 'amount'> & { amountPaise: number };
}

export interface AdminRecentBet extends Omit<RecentBet, 'amount'> {
  amountPaise: number;
}

export interface AdminDashboard extends Omit<DashboardData, 'recentBets'> {
  recentBets: AdminRecentBet[];
}

export function adminDepositFromWire(entry: AdminDepositEntry): AdminDeposit {
  const { amount, utrClaims, ...deposit } = entry.deposit ?? ({} as AdminDepositEntry['deposit']);
  return {
    ...entry,
    deposit: {
      ...deposit,
      amountPaise: wirePaise(amount),
      ...(Array.isArray(utrClaims)
        ? {
            utrClaims: utrClaims.map(({ amount: claimed, ...claim }) => ({
              ...claim,
              amountPaise: wirePaise(claimed),
            })),
          }
        : {}),
    },
  };
}

export function adminWithdrawalFromWire(entry: AdminWithdrawalEntry): AdminWithdrawal {
  const { amount, ...withdrawal } = entry.withdrawal ?? ({} as AdminWithdrawalEntry['withdrawal']);
  return { ...entry, withdrawal: { ...withdrawal, amountPaise: wirePaise(amount) } };
}

export function recentBetFromWire(bet: RecentBet): AdminRecentBet {
  const { amount, ...rest } = bet;
  return { ...rest, amountPaise: wirePaise(amount) };
}
