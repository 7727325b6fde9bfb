import type { Role } from '../constants/roles.js';
import type { UpiApp } from '../constants/upi-apps.js';
import { refusal, type Decider, type Refusal } from '../decider.js';
import { requestAmount } from '../validation/rupee-input.js';
import { validateDeposit } from '../validation/deposit.js';
import { WALLET_MESSAGES } from '../wallet/wallet-rules.js';
import { DEPOSIT_DESCRIPTION, PAYMENT_MESSAGES } from './payment-texts.js';

/**
 * Deposit claim (POST /payment/deposit): a player says they paid by UPI and gives the UTR. The claim is recorded
 * PENDING; no money moves until an admin approves it (transaction-review). Which of two parallel claims of one UTR
 * wins, and the cap of MAX_PENDING_DEPOSITS waiting claims, are decided by the database when the claim is stored.
 */

/** The request as received: fields of any type, validated here. */
export interface ClaimDeposit {
  readonly userId: string;
  readonly method: unknown;
  readonly amount: unknown;
  readonly utrNumber: unknown;
  readonly upiApp: unknown;
}

export interface DepositClaimState {
  /** The account's role as the database holds it; null when there is no such account. */
  readonly role: Role | null;
  readonly wallet: { readonly walletId: string; readonly isActive: boolean } | null;
  /** Whether the player already has an approved deposit. */
  readonly hasApprovedDeposit: boolean;
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
    readonly description: string;
    readonly isFirstDeposit: boolean;
    readonly walletActive: boolean;
  };
}

/** PLAYERS_ONLY 403, INVALID_REQUEST 400 (per-field errors), DEPOSIT_METHOD 400, NO_WALLET 404. */
export type DepositClaimRefusalCode = 'PLAYERS_ONLY' | 'INVALID_REQUEST' | 'DEPOSIT_METHOD' | 'NO_WALLET';
export type DepositClaimRefused = Refusal<'DepositClaimRefused', DepositClaimRefusalCode>;
export type DepositClaimEvent = DepositRequested | DepositClaimRefused;

const refuse = (code: DepositClaimRefusalCode, message: string, errors?: Record<string, string>): DepositClaimRefused =>
  refusal('DepositClaimRefused', code, message, errors);

/**
 * Checks, in order: the account is a player's (an administrator holds no money); the amount (₹100–₹10,000), the
 * UTR (12–22 letters or digits) and the optional UPI app; the method is UPI; the player has a wallet.
 */
export function decideDepositClaim(command: ClaimDeposit, state: DepositClaimState): DepositClaimEvent[] {
  if (state.role !== 'user') return [refuse('PLAYERS_ONLY', WALLET_MESSAGES.playersOnly)];
  const checked = validateDeposit({ amount: requestAmount(command.amount), utrNumber: command.utrNumber, upiApp: command.upiApp });
  if (!checked.ok) return [refuse('INVALID_REQUEST', checked.error, checked.errors as Record<string, string>)];
  if (command.method !== 'UPI') return [refuse('DEPOSIT_METHOD', PAYMENT_MESSAGES.depositMethod, { method: PAYMENT_MESSAGES.depositMethod })];
  if (!state.wallet) return [refuse('NO_WALLET', PAYMENT_MESSAGES.walletNotFound)];
  const claim = checked.value;
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
        description: DEPOSIT_DESCRIPTION,
        isFirstDeposit: !state.hasApprovedDeposit,
        walletActive: state.wallet.isActive,
      },
    },
  ];
}

/** A claim changes nothing the next claim's decision reads (money moves on approval). */
export function evolveDepositClaim(state: DepositClaimState, _event: DepositClaimEvent): DepositClaimState {
  return state;
}

export const depositClaimDecider: Decider<ClaimDeposit, DepositClaimState, DepositClaimEvent> = {
  decide: decideDepositClaim,
  evolve: evolveDepositClaim,
};
