import {
  DEPOSIT_INSTRUCTION_MAX,
  DEPOSIT_INSTRUCTION_MIN,
  DEPOSIT_MAX_PAISE,
  DEPOSIT_MIN_PAISE,
  HOLDER_NAME_MAX_LENGTH,
  HOLDER_NAME_MIN_LENGTH,
  MAX_PENDING_DEPOSITS,
  UTR_MAX_LENGTH,
  UTR_MIN_LENGTH,
  UPI_UTR_LENGTH,
} from '../constants/limits.js';
import type { UpiApp } from '../constants/upi-apps.js';
import { isUpiApp } from '../constants/upi-apps.js';
import { formatPaiseShort, rupeesToPaise } from '../money/money.js';
import type { FormResult } from './form-result.js';
import { FieldErrorCollector, requestText } from './form-result.js';
import { parseRupeeInput } from './rupee-input.js';
import { isHolderName, isUpiId } from './withdraw.js';

/** Whole rupees as a sentence quotes them: 100000 → '₹1,00,000' (no Intl when the module loads: money.ts). */
const rupees = (value: number) => formatPaiseShort(rupeesToPaise(value));

export const DEPOSIT_MESSAGES = {
  invalidAmount: 'Please enter a valid amount.',
  /** The instruction text's bounds (SPEC §9); the spec gives no message for them. */
  minimum: `Minimum deposit is ${rupees(DEPOSIT_INSTRUCTION_MIN)}.`,
  maximum: `Maximum deposit is ${rupees(DEPOSIT_INSTRUCTION_MAX)}.`,
  utrRequired: 'UTR number is required.',
  /** A UPI UTR is 12 digits (spaces and dashes are ignored); the spec gives no text. */
  utrInvalid: `UTR number must be the ${UPI_UTR_LENGTH} digits your UPI app shows for the payment.`,
  /** Twelve digits all the same (000000000000): no bank issues such a UTR; the spec gives no text. */
  utrNotReal: `This is not a real UTR number. Copy the ${UPI_UTR_LENGTH} digits from the payment in your UPI app.`,
  /** A bank transfer's (IMPS/NEFT) reference; deposits are UPI-only today, bank statements hold these too. */
  bankReferenceInvalid: `The reference must be ${UTR_MIN_LENGTH} to ${UTR_MAX_LENGTH} letters or digits.`,
  /** The spec gives no text; an app outside the list is refused rather than stored. */
  upiAppInvalid: 'Please choose a valid UPI app.',
  /** A claim beyond MAX_PENDING_DEPOSITS waiting for review; the spec gives no text. */
  tooManyPending: `You already have ${MAX_PENDING_DEPOSITS} deposits waiting for review. Please wait until one of them is reviewed.`,
  /** The payer field left empty (a client that knows the field always sends it). */
  payerRequired: "Please enter the UPI ID you paid from, or the account holder's name as your bank shows it.",
  /** Neither a UPI ID nor a name. */
  payerInvalid: `Enter a UPI ID like name@okaxis, or a name of ${HOLDER_NAME_MIN_LENGTH} to ${HOLDER_NAME_MAX_LENGTH} letters, spaces and dots.`,
} as const;

const UPI_UTR = new RegExp(`^[0-9]{${UPI_UTR_LENGTH}}$`);
const BANK_REFERENCE = new RegExp(`^[A-Z0-9]{${UTR_MIN_LENGTH},${UTR_MAX_LENGTH}}$`);

/** How the money was paid, which decides a reference's format: a UPI UTR, or an IMPS/NEFT bank reference. */
export type PaymentReferenceKind = 'UPI' | 'BANK_TRANSFER';

/**
 * A UTR as stored and compared for uniqueness: trimmed, the spaces and dashes a player pastes or a bank groups digits
 * with removed, upper-cased. '1234 5678 9012' → '123456789012'.
 */
export function normalizeUtr(utr: unknown): string {
  return requestText(utr).text.replace(/[\s-]/g, '').toUpperCase();
}

/**
 * The UTR's error, or null; spaces and dashes are ignored (see `normalizeUtr`). For a UPI payment (every deposit
 * today): required, exactly 12 digits, and not one digit repeated (000000000000 is no bank's UTR). For a bank transfer:
 * an IMPS/NEFT reference of 12–22 letters or digits. A value that is not text at all (a number, a boolean) is not a UTR.
 */
export function validateUtr(utr: unknown, kind: PaymentReferenceKind = 'UPI'): string | null {
  const { wrongType } = requestText(utr);
  if (wrongType) return kind === 'UPI' ? DEPOSIT_MESSAGES.utrInvalid : DEPOSIT_MESSAGES.bankReferenceInvalid;
  const text = normalizeUtr(utr);
  if (text === '') return DEPOSIT_MESSAGES.utrRequired;
  if (kind === 'BANK_TRANSFER') return BANK_REFERENCE.test(text) ? null : DEPOSIT_MESSAGES.bankReferenceInvalid;
  if (!UPI_UTR.test(text)) return DEPOSIT_MESSAGES.utrInvalid;
  if (/^(\d)\1*$/.test(text)) return DEPOSIT_MESSAGES.utrNotReal;
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

/** What the payer field holds: the UPI ID the money came from, or the account holder's name at the payer's bank. */
export type DepositPayerKind = 'UPI_ID' | 'NAME';

/** A payer with an '@' is a UPI ID, anything else a name. */
export function depositPayerKind(payer: string): DepositPayerKind {
  return payer.includes('@') ? 'UPI_ID' : 'NAME';
}

/**
 * The payer as stored and shown to the reviewer: trimmed, runs of spaces made one; a UPI ID lower-cased (UPI IDs
 * are not case-sensitive). A name keeps the case it was typed in.
 */
export function normalizeDepositPayer(payer: string): string {
  const text = payer.trim().replace(/\s+/g, ' ');
  return depositPayerKind(text) === 'UPI_ID' ? text.toLowerCase() : text;
}

/**
 * The payer's error, or null. Absent (undefined or null: a client older than the field) is accepted: the claim is
 * stored without a payer and the reviewer is told so. Present, it must be a UPI ID (`name@handle`, at most 256
 * characters) or a name of 3 to 100 letters, spaces and dots, as a bank records an account holder; empty is
 * 'required' (the form always sends the field).
 */
export function validateDepositPayer(payer: unknown): string | null {
  if (payer === undefined || payer === null) return null;
  if (typeof payer !== 'string') return DEPOSIT_MESSAGES.payerInvalid;
  const text = normalizeDepositPayer(payer);
  if (text === '') return DEPOSIT_MESSAGES.payerRequired;
  const valid = depositPayerKind(text) === 'UPI_ID' ? isUpiId(text) : isHolderName(text);
  return valid ? null : DEPOSIT_MESSAGES.payerInvalid;
}

export interface DepositInput {
  /** Rupees, as typed, or as sent in POST /payment/deposit (see `requestAmount`). */
  readonly amount?: number | string | null;
  /** Text; anything else present is refused. */
  readonly utrNumber?: unknown;
  /** Optional; when present it must be one of the UPI apps. */
  readonly upiApp?: unknown;
  /** The payer's UPI ID or account holder name; the form always sends it, a client older than it does not. */
  readonly payer?: unknown;
}

export type DepositField = 'amount' | 'utrNumber' | 'payer' | 'upiApp';

export interface DepositValue {
  readonly method: 'UPI';
  readonly amountPaise: number;
  /** Normalised (`normalizeUtr`): 12 digits. */
  readonly utrNumber: string;
  readonly upiApp?: UpiApp;
  /** Normalised (`normalizeDepositPayer`); absent when the client did not send the field. */
  readonly payer?: string;
}

/**
 * The deposit request: amount, then UTR, then the payer, then the optional UPI app. Returns the normalised request
 * in paise.
 */
export function validateDeposit(input: DepositInput): FormResult<DepositField, DepositValue> {
  const errors = new FieldErrorCollector<DepositField>();
  errors.add('amount', validateDepositAmount(input.amount));
  errors.add('utrNumber', validateUtr(input.utrNumber));
  errors.add('payer', validateDepositPayer(input.payer));
  const upiApp = requestText(input.upiApp);
  if (upiApp.wrongType || (upiApp.text !== '' && !isUpiApp(upiApp.text)))
    errors.add('upiApp', DEPOSIT_MESSAGES.upiAppInvalid);
  return errors.result(() => ({
    method: 'UPI' as const,
    amountPaise: rupeesToPaise(parseRupeeInput(input.amount) as number),
    utrNumber: normalizeUtr(input.utrNumber),
    ...(upiApp.text !== '' ? { upiApp: upiApp.text as UpiApp } : {}),
    ...(typeof input.payer === 'string' ? { payer: normalizeDepositPayer(input.payer) } : {}),
  }));
}
