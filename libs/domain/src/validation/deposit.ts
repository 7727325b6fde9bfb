import { CUSTOM_DEPOSIT_MIN, UTR_MAX_LENGTH, UTR_MIN_LENGTH } from '../constants/limits.js';
import type { UpiApp } from '../constants/upi-apps.js';
import { isUpiApp } from '../constants/upi-apps.js';
import { rupeesToPaise } from '../money/money.js';
import type { FormResult } from './form-result.js';
import { FieldErrorCollector, trimmed } from './form-result.js';
import { parseRupeeInput } from './rupee-input.js';

export const DEPOSIT_MESSAGES = {
  invalidAmount: 'Please enter a valid amount.',
  utrRequired: 'UTR number is required.',
  /** Server rule (DESIGN §2); the spec gives no text. */
  utrInvalid: 'UTR number must be 12 to 22 letters or digits.',
  /** The spec gives no text; an app outside the list is refused rather than stored. */
  upiAppInvalid: 'Please choose a valid UPI app.',
} as const;

const UTR = new RegExp(`^[A-Z0-9]{${UTR_MIN_LENGTH},${UTR_MAX_LENGTH}}$`);

/** A UTR as stored and compared for uniqueness: trimmed and upper-cased. */
export function normalizeUtr(utr: string | null | undefined): string {
  return trimmed(utr).toUpperCase();
}

/** The UTR's error, or null: required, then 12–22 letters or digits after trimming and upper-casing. */
export function validateUtr(utr: string | null | undefined): string | null {
  const normalized = normalizeUtr(utr);
  if (normalized === '') return DEPOSIT_MESSAGES.utrRequired;
  if (!UTR.test(normalized)) return DEPOSIT_MESSAGES.utrInvalid;
  return null;
}

/**
 * The deposit amount's error, or null. The form requires an amount above 0 with the custom field's minimum of ₹1
 * (the ₹100–₹10,000 of the instruction text is advice, not a form rule), in rupees with at most 2 decimals.
 */
export function validateDepositAmount(amount: number | string | null | undefined): string | null {
  const rupees = parseRupeeInput(amount);
  return rupees !== null && rupees > 0 && rupees >= CUSTOM_DEPOSIT_MIN ? null : DEPOSIT_MESSAGES.invalidAmount;
}

export interface DepositInput {
  /** Rupees, as typed or as sent in POST /payment/deposit. */
  readonly amount?: number | string | null;
  readonly utrNumber?: string | null;
  readonly upiApp?: string | null;
}

export type DepositField = 'amount' | 'utrNumber' | 'upiApp';

export interface DepositValue {
  readonly method: 'UPI';
  readonly amountPaise: number;
  /** Trimmed and upper-cased. */
  readonly utrNumber: string;
  readonly upiApp?: UpiApp;
}

/** The deposit request: amount, then UTR, then the optional UPI app. Returns the normalised request in paise. */
export function validateDeposit(input: DepositInput): FormResult<DepositField, DepositValue> {
  const errors = new FieldErrorCollector<DepositField>();
  errors.add('amount', validateDepositAmount(input.amount));
  errors.add('utrNumber', validateUtr(input.utrNumber));
  const upiApp = trimmed(input.upiApp);
  if (upiApp !== '' && !isUpiApp(upiApp)) errors.add('upiApp', DEPOSIT_MESSAGES.upiAppInvalid);
  return errors.result(() => ({
    method: 'UPI' as const,
    amountPaise: rupeesToPaise(parseRupeeInput(input.amount) as number),
    utrNumber: normalizeUtr(input.utrNumber),
    ...(upiApp !== '' ? { upiApp: upiApp as UpiApp } : {}),
  }));
}
