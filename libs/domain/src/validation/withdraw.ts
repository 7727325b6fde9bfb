import {
  ACCOUNT_NUMBER_MAX_LENGTH,
  ACCOUNT_NUMBER_MIN_LENGTH,
  HOLDER_NAME_MAX_LENGTH,
  HOLDER_NAME_MIN_LENGTH,
  IFSC_LENGTH,
  UPI_ID_MAX_LENGTH,
  WITHDRAWAL_DAILY_MAX_PAISE,
  WITHDRAWAL_MAX_PAISE,
  WITHDRAWAL_MIN_PAISE,
} from '../constants/limits.js';
import type { WithdrawalMethod } from '../constants/transactions.js';
import type { UpiApp } from '../constants/upi-apps.js';
import { isUpiApp, UPI_APPS, upiAppSuffix } from '../constants/upi-apps.js';
import { formatPaiseShort, rupeesToPaise } from '../money/money.js';
import type { FormResult } from './form-result.js';
import { FieldErrorCollector, requestText, trimmed } from './form-result.js';
import { parseRupeeInput } from './rupee-input.js';

export const WITHDRAW_MESSAGES = {
  insufficientBalance: 'Insufficient balance.',
  minimum: `Minimum withdrawal is ${formatPaiseShort(WITHDRAWAL_MIN_PAISE)}.`,
  maximum: `Maximum withdrawal per day is ${formatPaiseShort(WITHDRAWAL_DAILY_MAX_PAISE)}.`,
  upiRequired: 'UPI App and UPI ID are required for UPI withdrawal.',
  invalidFields: 'Please fill all fields correctly.',
  /**
   * Each payout detail says what is wrong with it (the spec's one 'Please fill all fields correctly.' named no
   * field; it stays for a missing method and for a value of the wrong type, which no form sends).
   */
  accountNumber: `Account number must be ${ACCOUNT_NUMBER_MIN_LENGTH} to ${ACCOUNT_NUMBER_MAX_LENGTH} digits.`,
  accountNumbersDontMatch: 'Account numbers do not match.',
  ifsc: `IFSC must be ${IFSC_LENGTH} characters: 4 letters, 0, then 6 letters or digits (like SBIN0001234).`,
  accountHolderName: `Account holder name must be ${HOLDER_NAME_MIN_LENGTH} to ${HOLDER_NAME_MAX_LENGTH} letters, spaces or dots, as on the bank account.`,
  upiId: 'UPI ID must look like name@bank.',
} as const;

/**
 * A UPI ID typed without '@' for an app with several handles (the spec gives no text): the whole ID is asked for, with
 * the app's handles, e.g. 'Enter your whole UPI ID: Google Pay IDs end in @okaxis, @okhdfcbank, @okicici or @oksbi.'
 */
export function upiIdIncompleteMessage(app: UpiApp): string {
  const { name, handles } = UPI_APPS[app];
  if (handles.length === 0) return 'Enter your whole UPI ID, like name@bank.';
  const list =
    handles.length === 1 ? handles[0]! : `${handles.slice(0, -1).join(', ')} or ${handles[handles.length - 1]!}`;
  return `Enter your whole UPI ID: ${name} IDs end in ${list}.`;
}

const UPI_ID = /^[\w.-]+@[\w.-]+$/;
const IFSC_SHAPE = /^[A-Z]{4}0[A-Z0-9]{6}$/;
const ACCOUNT_NUMBER = new RegExp(`^\\d{${ACCOUNT_NUMBER_MIN_LENGTH},${ACCOUNT_NUMBER_MAX_LENGTH}}$`);
/** Letters as a bank records a holder's name (A–Z, a–z), spaces and dots, with at least one letter. */
const HOLDER_NAME = /^(?=.*[A-Za-z])[A-Za-z. ]+$/;

/**
 * The UPI ID to pay: trimmed; when it has no '@' and the chosen app has one handle, that handle is appended ('ravi'
 * + BHIM → 'ravi@upi'). Nothing is appended for an app with several handles (Google Pay's okaxis, okhdfcbank, …) or
 * for QR: the ID stays without '@', which `isUpiId` refuses, so no guessed handle is ever paid.
 */
export function resolveUpiId(upiId: string | null | undefined, upiApp: UpiApp): string {
  const id = trimmed(upiId);
  return id.includes('@') || id === '' ? id : `${id}${upiAppSuffix(upiApp)}`;
}

/** At most 256 characters: word, dot or dash characters, an '@', then word, dot or dash characters. */
export function isUpiId(upiId: string): boolean {
  return upiId.length <= UPI_ID_MAX_LENGTH && UPI_ID.test(upiId);
}

/** A bank account number: 9 to 18 digits. */
export function isAccountNumber(accountNumber: string): boolean {
  return ACCOUNT_NUMBER.test(accountNumber);
}

/** A holder name: 3 to 100 characters of letters, spaces and dots (the spec's "longer than 2"), at least one letter. */
export function isHolderName(name: string): boolean {
  return name.length >= HOLDER_NAME_MIN_LENGTH && name.length <= HOLDER_NAME_MAX_LENGTH && HOLDER_NAME.test(name);
}

/** An IFSC as submitted: trimmed and upper-cased. */
export function normalizeIfsc(ifsc: string | null | undefined): string {
  return trimmed(ifsc).toUpperCase();
}

/** Exactly 11 characters and the real shape: 4 letters (bank), '0', 6 letters or digits (branch). */
export function isIfsc(ifsc: string): boolean {
  return ifsc.length === IFSC_LENGTH && IFSC_SHAPE.test(ifsc);
}

/** A withdraw preset (rupees) is disabled when it is above the balance. */
export function isWithdrawPresetEnabled(presetRupees: number, balancePaise: number): boolean {
  return rupeesToPaise(presetRupees) <= balancePaise;
}

/** The form's fields, or a request body's (text fields of any other type are refused). */
export interface WithdrawInput {
  readonly method?: unknown;
  /** Rupees, as typed, or as sent in POST /payment/withdraw (see `requestAmount`). */
  readonly amount?: number | string | null;
  readonly upiApp?: unknown;
  readonly upiId?: unknown;
  readonly accountNumber?: unknown;
  readonly ifsc?: unknown;
  readonly accountHolderName?: unknown;
  /** The account number typed a second time (the web form asks for it; a request body may leave it out). */
  readonly confirmAccountNumber?: unknown;
}

const DETAIL_FIELDS = ['upiApp', 'upiId', 'accountNumber', 'ifsc', 'accountHolderName'] as const;

export interface WithdrawContext {
  /** The main (withdrawable) balance, in paise. */
  readonly balancePaise: number;
  /**
   * Paise already requested today (IST calendar day, pending and completed). The server passes it; the client may
   * omit it. The server must still enforce the daily cap under concurrency.
   */
  readonly withdrawnTodayPaise?: number;
  /**
   * The player is on a break or self-excluded: a main balance below the minimum may still be taken out, whole (they
   * must never be left with money they cannot reach).
   */
  readonly away?: boolean;
}

export type WithdrawField =
  'method' | 'amount' | 'upiApp' | 'upiId' | 'accountNumber' | 'confirmAccountNumber' | 'ifsc' | 'accountHolderName';

export type WithdrawValue =
  | { readonly method: 'UPI'; readonly amountPaise: number; readonly upiApp: UpiApp; readonly upiId: string }
  | {
      readonly method: 'BANK_TRANSFER';
      readonly amountPaise: number;
      readonly accountNumber: string;
      readonly ifsc: string;
      readonly accountHolderName: string;
    };

/** The amount's error, or null: not above the balance, ₹500 to ₹25,000, and within today's ₹25,000. */
export function validateWithdrawAmount(
  amount: number | string | null | undefined,
  context: WithdrawContext,
): string | null {
  const empty = amount === null || amount === undefined || (typeof amount === 'string' && amount.trim() === '');
  if (empty) return WITHDRAW_MESSAGES.minimum;
  const rupees = parseRupeeInput(amount);
  if (rupees === null) return WITHDRAW_MESSAGES.invalidFields;
  const paise = rupeesToPaise(rupees);
  if (paise > context.balancePaise) return WITHDRAW_MESSAGES.insufficientBalance;
  if (paise < WITHDRAWAL_MIN_PAISE && !(context.away && paise > 0 && paise === context.balancePaise))
    return WITHDRAW_MESSAGES.minimum;
  if (paise > WITHDRAWAL_MAX_PAISE) return WITHDRAW_MESSAGES.maximum;
  if (paise + (context.withdrawnTodayPaise ?? 0) > WITHDRAWAL_DAILY_MAX_PAISE) return WITHDRAW_MESSAGES.maximum;
  return null;
}

/**
 * A withdrawal request, checked in the spec's order: amount (balance, minimum, maximum, daily maximum), then the
 * method's details. UPI needs an app and an ID (the app's handle is appended to an ID without '@', and the final
 * ID must look like name@handle, at most 256 characters); a bank transfer needs an account number of 9 to 18
 * digits, an 11-character IFSC of the real shape (upper-cased) and a holder name of 3 to 100 letters, spaces and
 * dots (each with its own message; the account number typed twice must match when the second is given). A detail
 * field of any type but text (e.g. `upiApp: true`), whichever the method, is refused with 'Please fill all fields
 * correctly.'. Returns the values to submit.
 */
export function validateWithdraw(
  input: WithdrawInput,
  context: WithdrawContext,
): FormResult<WithdrawField, WithdrawValue> {
  const errors = new FieldErrorCollector<WithdrawField>();
  const methodField = requestText(input.method);
  const method = methodField.text;
  if (method !== 'UPI' && method !== 'BANK_TRANSFER') errors.add('method', WITHDRAW_MESSAGES.invalidFields);
  errors.add('amount', validateWithdrawAmount(input.amount, context));
  const amountPaise = () => rupeesToPaise(parseRupeeInput(input.amount) as number);
  const fields = Object.fromEntries(DETAIL_FIELDS.map((name) => [name, requestText(input[name])])) as Record<
    (typeof DETAIL_FIELDS)[number],
    ReturnType<typeof requestText>
  >;
  for (const name of DETAIL_FIELDS) if (fields[name].wrongType) errors.add(name, WITHDRAW_MESSAGES.invalidFields);

  if (method === 'UPI') {
    const app = fields.upiApp.text;
    const id = fields.upiId.text;
    if (app === '') errors.add('upiApp', WITHDRAW_MESSAGES.upiRequired);
    if (id === '') errors.add('upiId', WITHDRAW_MESSAGES.upiRequired);
    if (app !== '' && !isUpiApp(app)) errors.add('upiApp', WITHDRAW_MESSAGES.invalidFields);
    if (id !== '' && isUpiApp(app) && !id.includes('@') && upiAppSuffix(app) === '')
      errors.add('upiId', upiIdIncompleteMessage(app));
    else if (id !== '' && isUpiApp(app) && !isUpiId(resolveUpiId(id, app)))
      errors.add('upiId', WITHDRAW_MESSAGES.upiId);
    return errors.result<WithdrawValue>(() => ({
      method: 'UPI',
      amountPaise: amountPaise(),
      upiApp: app as UpiApp,
      upiId: resolveUpiId(id, app as UpiApp),
    }));
  }

  const accountNumber = fields.accountNumber.text;
  const ifsc = fields.ifsc.text.toUpperCase();
  const accountHolderName = fields.accountHolderName.text;
  if (method === 'BANK_TRANSFER') {
    if (!isAccountNumber(accountNumber)) errors.add('accountNumber', WITHDRAW_MESSAGES.accountNumber);
    const confirm = input.confirmAccountNumber;
    if (confirm !== undefined && (typeof confirm !== 'string' || confirm.trim() !== accountNumber)) {
      errors.add('confirmAccountNumber', WITHDRAW_MESSAGES.accountNumbersDontMatch);
    }
    if (!isIfsc(ifsc)) errors.add('ifsc', WITHDRAW_MESSAGES.ifsc);
    if (!isHolderName(accountHolderName)) errors.add('accountHolderName', WITHDRAW_MESSAGES.accountHolderName);
  }
  return errors.result<WithdrawValue>(() => ({
    method: method as Extract<WithdrawalMethod, 'BANK_TRANSFER'>,
    amountPaise: amountPaise(),
    accountNumber,
    ifsc,
    accountHolderName,
  }));
}
