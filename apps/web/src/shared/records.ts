import type { Bet, BetMessage, BetResult, Profile, Transaction } from '@app/contracts';
import { wirePaise } from './money';

/**
 * The server's records as the store keeps them: every money field in integer paise (converted once, here, from the
 * wire's rupee figures), everything else as sent. Screens format them with the domain's `formatPaise`.
 */

/** A bet (GET /bet, current-bet-response, bet-update): the stake and the net win in paise. */
export interface PlayerBet extends Omit<Bet, 'amount' | 'winAmount'> {
  amountPaise: number;
  /** Net amount credited (gross − GST); 0 for a loss or a pending bet. */
  winAmountPaise: number;
}

/** A bet-message, with the bet it carries in paise. */
export interface PlayerBetMessage extends Omit<BetMessage, 'bet'> {
  bet?: PlayerBet;
}

/** A bet-result: the win and the loss in paise, and the settled bet it carries. */
export interface PlayerBetResult extends Omit<BetResult, 'winAmount' | 'lossAmount' | 'bet'> {
  winAmountPaise: number;
  lossAmountPaise: number;
  bet?: PlayerBet;
}

/** A wallet transaction: signed paise, money in positive, money out negative. */
export interface PlayerTransaction extends Omit<Transaction, 'amount'> {
  amountPaise: number;
}

export function betFromWire(bet: Bet): PlayerBet {
  const { amount, winAmount, ...rest } = bet;
  return { ...rest, amountPaise: wirePaise(amount), winAmountPaise: wirePaise(winAmount ?? 0) };
}

export function betMessageFromWire(message: BetMessage): PlayerBetMessage {
  const { bet, ...rest } = message;
  return bet ? { ...rest, bet: betFromWire(bet) } : rest;
}

export function betResultFromWire(result: BetResult): PlayerBetResult {
  const { winAmount, lossAmount, bet, ...rest } = result;
  return {
    ...rest,
    winAmountPaise: wirePaise(winAmount ?? 0),
    lossAmountPaise: wirePaise(lossAmount ?? 0),
    ...(bet ? { bet: betFromWire(bet) } : {}),
  };
}

export function transactionFromWire(transaction: Transaction): PlayerTransaction {
  const { amount, ...rest } = transaction;
  return { ...rest, amountPaise: wirePaise(amount) };
}

/** A profile: its totals in paise (the deposits, withdrawals and losses only in one's own profile). */
export interface PlayerProfile extends Omit<
  Profile,
  'totalWinnings' | 'totalDeposits' | 'totalWithdrawals' | 'totalLoses'
> {
  totalWinningsPaise: number;
  totalDepositsPaise?: number;
  totalWithdrawalsPaise?: number;
  totalLosesPaise?: number;
}

export function profileFromWire(user: Profile): PlayerProfile {
  const { totalWinnings, totalDeposits, totalWithdrawals, totalLoses, ...rest } = user;
  return {
    ...rest,
    totalWinningsPaise: wirePaise(totalWinnings),
    ...(totalDeposits === undefined ? {} : { totalDepositsPaise: wirePaise(totalDeposits) }),
    ...(totalWithdrawals === undefined ? {} : { totalWithdrawalsPaise: wirePaise(totalWithdrawals) }),
    ...(totalLoses === undefined ? {} : { totalLosesPaise: wirePaise(totalLoses) }),
  };
}
