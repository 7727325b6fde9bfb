import type { Role } from '../constants/roles.js';
import type { UpiApp } from '../constants/upi-apps.js';
import { refusal, type Decider, type Refusal } from '../decider.js';
import { requestAmount } from '../validation/rupee-input.js';
import { validateDeposit } from '../validation/deposit.js';
import { PLAY_THROUGH_MESSAGES } from '../wallet/play-through.js';
import { limitMessage, limitPassedBy, type LimitUsage } from '../limits/limit-usage.js';
import { PLAY_BREAK_MESSAGES, type RunningPlayBreak } from '../user/play-break.js';
import { WALLET_MESSAGES } from '../wallet/wallet-rules.js';
import { DATE_OF_BIRTH_MESSAGES } from '../identity/date-of-birth.js';
import { identityDepositRefusal, type IdentityStatus } from '../identity/identity-check.js';
import { DEPOSIT_DESCRIPTION, PAYMENT_MESSAGES } from './payment-texts.js';

/**
 * Deposit claim (POST /payment/deposit): a player says they paid by UPI and gives the UTR and who paid (the payer's
 * UPI ID or account holder name). The claim is recorded PENDING; no money moves until an admin approves it
 * (transaction-review).
 *
 * A UTR belongs to whoever paid it, and the reviewer decides who that is against the bank statement. So a UTR is
 * held by at most one PENDING or COMPLETED claim at a time, and a rejected claim releases it. A claim of a UTR that
 * another player's claim holds is refused and recorded as a contest, which the reviewer sees beside the holding
 * claim; a claim of a UTR the player's own claim holds is refused and recorded nowhere. Which of two parallel
 * claims of one UTR holds it, and the cap of MAX_PENDING_DEPOSITS waiting claims, are decided by the database when
 * the claim is stored (the loser is decided again, and becomes a contest).
 */

/** The request as received: fields of any type, validated here. */
export interface ClaimDeposit {
  readonly userId: string;
  readonly method: unknown;
  readonly amount: unknown;
  readonly utrNumber: unknown;
  readonly upiApp: unknown;
  /** The payer's UPI ID or account holder name; undefined from a client older than the field. */
  readonly payer?: unknown;
}

/** The claim that holds a UTR now: a PENDING or COMPLETED deposit of it (at most one exists). */
export interface UtrHolder {
  /** The holding transaction's row id. */
  readonly id: string;
  readonly userId: string;
  readonly status: 'PENDING' | 'COMPLETED';
}

export interface DepositClaimState {
  /** The account's role as the database holds it; null when there is no such account. */
  readonly role: Role | null;
  /** The account is suspended by an operator (or frozen or banned): it claims no deposit. */
  readonly suspended?: boolean;
  /** The player's break or self-exclusion in force: it claims no deposit. */
  readonly away?: RunningPlayBreak | null;
  readonly wallet: { readonly walletId: string; readonly isActive: boolean } | null;
  /** Whether the player already has an approved deposit. */
  readonly hasApprovedDeposit: boolean;
  /** The claim holding the command's UTR (as normalised), or null when the UTR is free. */
  readonly utrHolder: UtrHolder | null;
  /**
   * The player's deposit limits in force and the claims (pending and approved) each window counts now; read with
   * the player's wallet locked, so parallel claims are decided one after another.
   */
  readonly depositLimits?: readonly LimitUsage[];
  /**
   * Identity before money moves: whether the account has a date of birth (one registered before the field gives it
   * before its next deposit), its identity check's status, the paise of its deposits approved or waiting for review,
   * and the total past which a verified identity is needed. Absent: no identity rule (older callers).
   */
  readonly identity?: {
    readonly hasDateOfBirth: boolean;
    readonly status: IdentityStatus;
    readonly claimedPaise: number;
    readonly thresholdPaise: number;
  };
}

export interface DepositRequested {
  readonly type: 'DepositRequested';
  readonly data: {
    readonly userId: string;
    readonly walletId: string;
    readonly method: 'UPI';
    /** Paise. */
    readonly amount: number;
    readonly utrNumber: string;
    readonly upiApp: UpiApp | null;
    /** The payer's UPI ID or account holder name; null from a client older than the field. */
    readonly payer: string | null;
    readonly description: string;
    readonly isFirstDeposit: boolean;
    readonly walletActive: boolean;
  };
}

/**
 * A claim of a UTR another player's claim holds: refused (409), and recorded for the reviewer beside the holding
 * claim. No money moves; the player is told what happens next (`message`).
 */
export interface DepositClaimContested {
  readonly type: 'DepositClaimContested';
  readonly data: {
    readonly userId: string;
    readonly walletId: string;
    /** Paise. */
    readonly amount: number;
    readonly utrNumber: string;
    readonly upiApp: UpiApp | null;
    readonly payer: string | null;
    /** The holding claim's row id, and whether it waits for review or was approved. */
    readonly heldBy: string;
    readonly heldStatus: 'PENDING' | 'COMPLETED';
    readonly message: string;
  };
}

/**
 * PLAYERS_ONLY 403, SUSPENDED 403, PLAY_BREAK 403, INVALID_REQUEST 400 (per-field errors), DEPOSIT_METHOD 400,
 * NO_WALLET 404, DATE_OF_BIRTH 403 (the account has none yet), IDENTITY 403 (past the threshold without a verified
 * identity), DEPOSIT_LIMIT 403 (the claim would pass one of the player's own deposit limits), UTR_ALREADY_CLAIMED
 * 409 (the player's own claim holds the UTR).
 */
export type DepositClaimRefusalCode =
  | 'PLAYERS_ONLY'
  | 'SUSPENDED'
  | 'PLAY_BREAK'
  | 'INVALID_REQUEST'
  | 'DEPOSIT_METHOD'
  | 'NO_WALLET'
  | 'DATE_OF_BIRTH'
  | 'IDENTITY'
  | 'DEPOSIT_LIMIT'
  | 'UTR_ALREADY_CLAIMED';
export type DepositClaimRefused = Refusal<'DepositClaimRefused', DepositClaimRefusalCode>;
export type DepositClaimEvent = DepositRequested | DepositClaimContested | DepositClaimRefused;

const refuse = (code: DepositClaimRefusalCode, message: string, errors?: Record<string, string>): DepositClaimRefused =>
  refusal('DepositClaimRefused', code, message, errors);

/**
 * Checks, in order: the account is a player's (an administrator holds no money), not suspended, and not on a break or self-excluded; the amount (₹100–₹10,000), the
 * UTR (a UPI UTR: 12 digits, spaces and dashes removed, not one digit repeated), the payer (a UPI ID or a name, when sent) and the optional UPI app; the method is
 * UPI; the player has a wallet; a date of birth is on record, and a verified identity when the claim takes the player's
 * deposits (approved and waiting) past the threshold; the amount passes none of the player's deposit limits; then who
 * holds the UTR: nobody → a pending claim; the player's own claim → refused;
 * another player's claim → a contest.
 */
export function decideDepositClaim(command: ClaimDeposit, state: DepositClaimState): DepositClaimEvent[] {
  if (state.role !== 'user') return [refuse('PLAYERS_ONLY', WALLET_MESSAGES.playersOnly)];
  if (state.suspended) return [refuse('SUSPENDED', PLAY_THROUGH_MESSAGES.suspended)];
  if (state.away) return [refuse('PLAY_BREAK', PLAY_BREAK_MESSAGES.notice(state.away))];
  const checked = validateDeposit({
    amount: requestAmount(command.amount),
    utrNumber: command.utrNumber,
    payer: command.payer,
    upiApp: command.upiApp,
  });
  if (!checked.ok) return [refuse('INVALID_REQUEST', checked.error, checked.errors as Record<string, string>)];
  if (command.method !== 'UPI')
    return [refuse('DEPOSIT_METHOD', PAYMENT_MESSAGES.depositMethod, { method: PAYMENT_MESSAGES.depositMethod })];
  if (!state.wallet) return [refuse('NO_WALLET', PAYMENT_MESSAGES.walletNotFound)];
  const claim = checked.value;
  const identity = state.identity;
  if (identity && !identity.hasDateOfBirth)
    return [refuse('DATE_OF_BIRTH', DATE_OF_BIRTH_MESSAGES.neededBeforeDeposit)];
  const identityRefused = identity
    ? identityDepositRefusal({
        status: identity.status,
        claimedPaise: identity.claimedPaise,
        amountPaise: claim.amountPaise,
        thresholdPaise: identity.thresholdPaise,
      })
    : null;
  if (identityRefused) return [refuse('IDENTITY', identityRefused)];
  const passed = state.depositLimits ? limitPassedBy(state.depositLimits, claim.amountPaise) : null;
  if (passed) {
    const message = limitMessage(passed);
    return [refuse('DEPOSIT_LIMIT', message, { amount: message })];
  }
  const holder = state.utrHolder;
  if (holder && holder.userId === command.userId) {
    const message = holder.status === 'PENDING' ? PAYMENT_MESSAGES.utrAlreadyClaimed : PAYMENT_MESSAGES.utrUsed;
    return [refuse('UTR_ALREADY_CLAIMED', message, { utrNumber: message })];
  }
  if (holder) {
    return [
      {
        type: 'DepositClaimContested',
        data: {
          userId: command.userId,
          walletId: state.wallet.walletId,
          amount: claim.amountPaise,
          utrNumber: claim.utrNumber,
          upiApp: claim.upiApp ?? null,
          payer: claim.payer ?? null,
          heldBy: holder.id,
          heldStatus: holder.status,
          message: holder.status === 'PENDING' ? PAYMENT_MESSAGES.utrContested : PAYMENT_MESSAGES.utrCreditedToOther,
        },
      },
    ];
  }
  return [
    {
      type: 'DepositRequested',
      data: {
        userId: command.userId,
        walletId: state.wallet.walletId,
        method: 'UPI',
        amount: claim.amountPaise,
        utrNumber: claim.utrNumber,
        upiApp: claim.upiApp ?? null,
        payer: claim.payer ?? null,
        description: DEPOSIT_DESCRIPTION,
        isFirstDeposit: !state.hasApprovedDeposit,
        walletActive: state.wallet.isActive,
      },
    },
  ];
}

/**
 * A claim changes nothing the next claim's decision reads from this state: money moves on approval, and the holder
 * of a UTR is read from the database for each claim (its unique index decides between parallel claims).
 */
export function evolveDepositClaim(state: DepositClaimState, _event: DepositClaimEvent): DepositClaimState {
  return state;
}

export const depositClaimDecider: Decider<ClaimDeposit, DepositClaimState, DepositClaimEvent> = {
  decide: decideDepositClaim,
  evolve: evolveDepositClaim,
};
