import type { Role } from '../constants/roles.js';
import { refusal, type Decider, type Refusal } from '../decider.js';
import { requestAmount } from '../validation/rupee-input.js';
import { validateWithdraw, type WithdrawValue } from '../validation/withdraw.js';
import type { RunningPlayBreak } from '../user/play-break.js';
import { WALLET_MESSAGES } from '../wallet/wallet-rules.js';
import { littlePlay, PLAY_THROUGH_MESSAGES, playThrough } from '../wallet/play-through.js';
import { identityWithdrawalRefusal, payoutNameCheck, type IdentityStatus } from '../identity/identity-check.js';
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
  /**
   * What the player played since their previous withdrawal request (pending or completed; the account's opening when
   * none): deposits approved since then, stakes paid from main and settled since then, everything withdrawn before,
   * and the account's age. Absent: no play-through rule (older callers).
   */
  readonly play?: {
    readonly depositedPaise: number;
    readonly stakedPaise: number;
    readonly withdrawnBeforePaise: number;
    readonly accountAgeDays: number;
    /** The share of the deposits to play first (WITHDRAWAL_TURNOVER_PERCENT). */
    readonly turnoverPercent: number;
  };
  /** The account is suspended by an operator. */
  readonly suspended?: boolean;
  /**
   * The player's break or self-exclusion in force. They may still take their main balance out, and the turnover rule
   * does not stand in the way (they asked not to play: money must not be held hostage to play); the reviewer still
   * sees the play figures and the flag.
   */
  readonly away?: RunningPlayBreak | null;
  /**
   * The player's identity check: a withdrawal needs it verified; a bank transfer's holder name is compared with the
   * verified name for the reviewer. Absent: no identity rule (older callers).
   */
  readonly identity?: { readonly status: IdentityStatus; readonly verifiedName: string | null };
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
    /** What the player had played, shown to the reviewer; flagged after little play whatever the setting. */
    readonly playCheck: {
      readonly depositedPaise: number;
      readonly stakedPaise: number;
      readonly withdrawnBeforePaise: number;
      readonly accountAgeDays: number;
      readonly flagged: boolean;
    } | null;
    /**
     * A bank transfer's holder name against the verified name, shown to the reviewer; flagged when they differ (the
     * request is not refused). Null for UPI or without an identity rule.
     */
    readonly nameCheck?: {
      readonly verifiedName: string;
      readonly holderName: string;
      readonly flagged: boolean;
    } | null;
  };
}

/**
 * PLAYERS_ONLY 403, NO_WALLET 404, NOT_ACTIVE 403 (no deposit approved yet), SUSPENDED 403, PLAY_THROUGH 403 (the
 * deposits since the previous withdrawal are not played through), IDENTITY 403 (the identity is not verified),
 * INVALID_REQUEST 400 (per-field errors).
 */
export type WithdrawalRefusalCode =
  'PLAYERS_ONLY' | 'NO_WALLET' | 'NOT_ACTIVE' | 'SUSPENDED' | 'IDENTITY' | 'PLAY_THROUGH' | 'INVALID_REQUEST';
export type WithdrawalRefused = Refusal<'WithdrawalRefused', WithdrawalRefusalCode>;
export type WithdrawalEvent = WithdrawalRequested | WithdrawalRefused;

const refuse = (code: WithdrawalRefusalCode, message: string, errors?: Record<string, string>): WithdrawalRefused =>
  refusal('WithdrawalRefused', code, message, errors);

/**
 * Checks, in order: a player's account, not suspended; a wallet; eligibility (the wallet is active: a deposit was
 * approved; the identity is verified); the form's rules — the amount against the main balance, ₹500 minimum, ₹25,000 maximum, ₹25,000 per IST
 * day with today's earlier requests — and the payout details of the method; then the play-through of the deposits
 * since the previous withdrawal (after the form, so a request with a wrong field is told about the field first), which
 * does not apply while the player is on a break or self-excluded.
 */
export function decideWithdrawal(command: RequestWithdrawal, state: WithdrawalState): WithdrawalEvent[] {
  if (state.role !== 'user') return [refuse('PLAYERS_ONLY', WALLET_MESSAGES.playersOnly)];
  if (state.suspended) return [refuse('SUSPENDED', PLAY_THROUGH_MESSAGES.suspended)];
  if (!state.wallet) return [refuse('NO_WALLET', PAYMENT_MESSAGES.walletNotFound)];
  if (!state.wallet.isActive) return [refuse('NOT_ACTIVE', WALLET_MESSAGES.depositNotActive)];
  const identityRefused = state.identity ? identityWithdrawalRefusal(state.identity.status) : null;
  if (identityRefused) return [refuse('IDENTITY', identityRefused)];
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
    { balancePaise: state.wallet.main, withdrawnTodayPaise: state.withdrawnTodayPaise, away: !!state.away },
  );
  if (!checked.ok) return [refuse('INVALID_REQUEST', checked.error, checked.errors as Record<string, string>)];
  const request = checked.value;
  const play = state.play;
  const through = play
    ? playThrough({ depositedPaise: play.depositedPaise, stakedPaise: play.stakedPaise, percent: play.turnoverPercent })
    : null;
  if (through && through.leftPaise > 0 && !state.away)
    return [refuse('PLAY_THROUGH', PLAY_THROUGH_MESSAGES.playMore(through.leftPaise))];
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
        playCheck: play
          ? {
              depositedPaise: play.depositedPaise,
              stakedPaise: play.stakedPaise,
              withdrawnBeforePaise: play.withdrawnBeforePaise,
              accountAgeDays: play.accountAgeDays,
              flagged: littlePlay(play),
            }
          : null,
        ...(state.identity
          ? {
              nameCheck:
                request.method === 'BANK_TRANSFER'
                  ? payoutNameCheck(state.identity.verifiedName, request.accountHolderName)
                  : null,
            }
          : {}),
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
    // A new withdrawal starts the count again: deposits and stakes from now on.
    ...(state.play
      ? {
          play: {
            ...state.play,
            depositedPaise: 0,
            stakedPaise: 0,
            withdrawnBeforePaise: state.play.withdrawnBeforePaise + event.data.amount,
          },
        }
      : {}),
  };
}

export const withdrawalDecider: Decider<RequestWithdrawal, WithdrawalState, WithdrawalEvent> = {
  decide: decideWithdrawal,
  evolve: evolveWithdrawal,
};
