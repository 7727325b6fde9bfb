import {
  DEPOSIT_INSTRUCTION_MAX,
  DEPOSIT_INSTRUCTION_MIN,
  DEPOSIT_MAX_PAISE,
  DEPOSIT_MIN_PAISE,
  MAX_PENDING_DEPOSITS,
  UTR_MAX_LENGTH,
  UTR_MIN_LENGTH,
} from '../constants/limits.js';
import type { UpiApp } from '../constants/upi-apps.js';
import { isUpiApp } from '../constants/upi-apps.js';
import { rupeesToPaise } from '../money/money.js';
import type { FormResult } from './form-result.js';
import { FieldErrorCollector, requestText } from './form-result.js';
import { parseRupeeInput } from './rupee-input.js';

const rupees = (value: number) => `₹${value.toLocaleString('en-IN')}`;

export const DEPOSIT_MESSAGES = {
  invalidAmount: 'Please enter a valid amount.',
  /** The instruction text's bounds (SPEC §9); the spec gives no message for them. */
  minimum: `Minimum deposit is ${rupees(DEPOSIT_INSTRUCTION_MIN)}.`,
  maximum: `Maximum deposit is ${rupees(DEPOSIT_INSTRUCTION_MAX)}.`,
  utrRequired: 'UTR number is required.',
  /** Server rule (DESIGN §2); the spec gives no text. */
  utrInvalid: 'UTR number must be 12 to 22 letters or digits.',
  /** The spec gives no text; an app outside the list is refused rather than stored. */
  upiAppInvalid: 'Please choose a valid UPI app.',
  /** A claim beyond MAX_PENDING_DEPOSITS waiting for review; the spec gives no text. */
  tooManyPending: `You already have ${MAX_PENDING_DEPOSITS} deposits waiting for review. Please wait until one of them is reviewed.`,
} as const;

const UTR = new RegExp(`^[A-Z0-9]{${UTR_MIN_LENGTH},${UTR_MAX_LENGTH}}$`);

/** A UTR as stored and compared for uniqueness: trimmed and upper-cased. */
export function normalizeUtr(utr: unknown): string {
  return requestText(utr).text.toUpperCase();
}

/**
 * The UTR's error, or null: required, then 12–22 letters or digits after trimming and upper-casing. A value that
 * is not text at all (a number, a boolean) is not a UTR.
 */
export function validateUtr(utr: unknown): string | null {
  const { text, wrongType } = requestText(utr);
  if (wrongType) return DEPOSIT_MESSAGES.utrInvalid;
  if (text === '') return DEPOSIT_MESSAGES.utrRequired;
  if (!UTR.test(text.toUpperCase())) return DEPOSIT_MESSAGES.utrInvalid;
  return null;
}

/**
 * The deposit amount's error, or null. Missing, not a number, 0 or less, negative zero or finer than a paisa:
 * the spec's 'Please enter a valid amount.'; then the instruction text's bounds, ₹100 to ₹10,000 inclusive.
 * The form and the server run the same rule, so a player learns of the bounds before paying.
 */
export function validateDepositAmount(amount: number | string | null | undefined): string | null {
  const value = parseRupeeInput(amount);
  if (value === null || !(value > 0)) return DEPOSIT_MESSAGES.invalidAmount;
  const paise = rupeesToPaise(value);
  if (paise < DEPOSIT_MIN_PAISE) return DEPOSIT_MESSAGES.minimum;
  if (paise > DEPOSIT_MAX_PAISE) return DEPOSIT_MESSAGES.maximum;
  return null;
}

export interface DepositInput {
  /** Rupees, as typed, or as sent in POST /payment/deposit (see `requestAmount`). */
  readonly amount?: number | string | null;
  /** Text; anything else present is refused. */
  readonly utrNumber?: unknown;
  /** Optional; when present it must be one of the UPI apps. */
  readonly upiApp?: unknown;
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
  const upiApp = requestText(input.upiApp);
  if (upiApp.wrongType || (upiApp.text !== '' && !isUpiApp(upiApp.text))) errors.add('upiApp', DEPOSIT_MESSAGES.upiAppInvalid);
  return errors.result(() => ({
    method: 'UPI' as const,
    amountPaise: rupeesToPaise(parseRupeeInput(input.amount) as number),
    utrNumber: normalizeUtr(input.utrNumber),
    ...(upiApp.text !== '' ? { upiApp: upiApp.text as UpiApp } : {}),
  }));
}
