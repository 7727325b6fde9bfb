import type { Role } from '../constants/roles.js';
import { refusal, type Decider, type Refusal } from '../decider.js';
import { requestAmount } from '../validation/rupee-input.js';
import { validateWithdraw, type WithdrawValue } from '../validation/withdraw.js';
import { WALLET_MESSAGES } from '../wallet/wallet-rules.js';
import { PAYMENT_MESSAGES, withdrawalDescription } from './payment-texts.js';

/**
 * Withdrawal request (POST /payment/withdraw): the amount is held at once (main → clearing:withdrawals), so it can
 * never be withdrawn twice, and waits PENDING for an admin to pay it out or return it (transaction-review). The
 * caller loads the state under a lock of the player's wallet, so the balance and today's total include every
 * earlier request; the database's CHECK (main >= 0) refuses an overdraft even if a check were wrong.
 */

/** The request as received: fields of any type, validated here. */
export interface RequestWithdrawal {
  readonly userId: string;
  readonly method: unknown;
  readonly amount: unknown;
  readonly upiApp: unknown;
  readonly upiId: unknown;
  readonly accountNumber: unknown;
  readonly ifsc: unknown;
  readonly accountHolderName: unknown;
}

export interface WithdrawalState {
  readonly role: Role | null;
  /** The wallet (locked by the caller); `main` in paise. */
  readonly wallet: { readonly walletId: string; readonly isActive: boolean; readonly main: number } | null;
  /** The IST calendar day of the request (the database clock's). */
  readonly istDay: string;
  /** Paise requested on that day, pending or completed (rejected requests do not count). */
  readonly withdrawnTodayPaise: number;
}

export interface WithdrawalRequested {
  readonly type: 'WithdrawalRequested';
  readonly data: {
    readonly userId: string;
    readonly walletId: string;
    /** Paise held from the main balance. */
    readonly amount: number;
    readonly request: WithdrawValue;
    readonly istDay: string;
    readonly description: string;
    readonly walletActive: boolean;
  };
}

/** PLAYERS_ONLY 403, NO_WALLET 404, NOT_ACTIVE 403 (no deposit approved yet), INVALID_REQUEST 400 (per-field errors). */
export type WithdrawalRefusalCode = 'PLAYERS_ONLY' | 'NO_WALLET' | 'NOT_ACTIVE' | 'INVALID_REQUEST';
export type WithdrawalRefused = Refusal<'WithdrawalRefused', WithdrawalRefusalCode>;
export type WithdrawalEvent = WithdrawalRequested | WithdrawalRefused;

const refuse = (code: WithdrawalRefusalCode, message: string, errors?: Record<string, string>): WithdrawalRefused => refusal('WithdrawalRefused', code, message, errors);

/**
 * Checks, in order: a player's account; a wallet; eligibility (the wallet is active: a deposit was approved); then
 * the form's rules — the amount against the main balance, ₹500 minimum, ₹25,000 maximum, ₹25,000 per IST day with
 * today's earlier requests — and the payout details of the method.
 */
export function decideWithdrawal(command: RequestWithdrawal, state: WithdrawalState): WithdrawalEvent[] {
  if (state.role !== 'user') return [refuse('PLAYERS_ONLY', WALLET_MESSAGES.playersOnly)];
  if (!state.wallet) return [refuse('NO_WALLET', PAYMENT_MESSAGES.walletNotFound)];
  if (!state.wallet.isActive) return [refuse('NOT_ACTIVE', WALLET_MESSAGES.depositNotActive)];
  const checked = validateWithdraw(
    {
      method: command.method,
      amount: requestAmount(command.amount),
      upiApp: command.upiApp,
      upiId: command.upiId,
      accountNumber: command.accountNumber,
      ifsc: command.ifsc,
      accountHolderName: command.accountHolderName,
    },
    { balancePaise: state.wallet.main, withdrawnTodayPaise: state.withdrawnTodayPaise },
  );
  if (!checked.ok) return [refuse('INVALID_REQUEST', checked.error, checked.errors as Record<string, string>)];
  const request = checked.value;
  return [
    {
      type: 'WithdrawalRequested',
      data: {
        userId: command.userId,
        walletId: state.wallet.walletId,
        amount: request.amountPaise,
        request,
        istDay: state.istDay,
        description: withdrawalDescription(request),
        walletActive: state.wallet.isActive,
      },
    },
  ];
}

/** A request holds its amount: the main balance goes down and today's total up. */
export function evolveWithdrawal(state: WithdrawalState, event: WithdrawalEvent): WithdrawalState {
  if (event.type !== 'WithdrawalRequested' || !state.wallet) return state;
  return {
    ...state,
    wallet: { ...state.wallet, main: state.wallet.main - event.data.amount },
    withdrawnTodayPaise: state.withdrawnTodayPaise + event.data.amount,
  };
}

export const withdrawalDecider: Decider<RequestWithdrawal, WithdrawalState, WithdrawalEvent> = {
  decide: decideWithdrawal,
  evolve: evolveWithdrawal,
};
