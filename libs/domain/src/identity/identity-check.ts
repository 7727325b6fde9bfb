import { formatPaiseShort } from '../money/money.js';
import { FieldErrorCollector, requestText, type FormResult } from '../validation/form-result.js';
import { isHolderName } from '../validation/withdraw.js';
import {
  isDocumentNumber,
  maskDocumentNumber,
  normalizeDocumentNumber,
  type IdentityDocument,
} from './identity-document.js';
import { namesMatch } from './name-match.js';

/**
 * Identity before money moves (KYC; the terms: "Deposits and withdrawals may need verification."). A player submits
 * their full name as on their identity document and its number; a reviewer verifies it or rejects it with a reason;
 * a rejected player submits again. Until it is verified, a player cannot withdraw, and cannot claim deposits that
 * take their deposits (approved and pending) past `KYC_DEPOSIT_THRESHOLD_RUPEES`. A verified identity is final.
 */
export const IDENTITY_STATUSES = ['not-submitted', 'pending', 'verified', 'rejected'] as const;
export type IdentityStatus = (typeof IDENTITY_STATUSES)[number];

/** What the player sees of each status. */
export const IDENTITY_STATUS_LABELS: Readonly<Record<IdentityStatus, string>> = {
  'not-submitted': 'Not submitted',
  pending: 'Pending review',
  verified: 'Verified',
  rejected: 'Rejected',
};

/** The default lifetime deposits (rupees) a player may claim before their identity must be verified. */
export const KYC_DEPOSIT_THRESHOLD_RUPEES = 50_000;

export const FULL_NAME_MAX = 100;

export const IDENTITY_MESSAGES = {
  fullNameRequired: (document: Pick<IdentityDocument, 'name'>) =>
    `Please enter your full name as on your ${document.name}.`,
  fullNameInvalid: 'Please enter your full name in letters (spaces and dots allowed), 3 to 100 characters.',
  documentRequired: (document: Pick<IdentityDocument, 'name'>) => `Please enter your ${document.name} number.`,
  documentInvalid: (document: Pick<IdentityDocument, 'name' | 'example'>) =>
    document.example
      ? `Please enter a valid ${document.name} number (e.g. ${document.example}).`
      : `Please enter a valid ${document.name} number.`,
  submitted: 'Identity details submitted. We will check them shortly.',
  alreadyPending: 'Your identity details are being checked.',
  alreadyVerified: 'Your identity is already verified.',
  playersOnly: 'Identity checks are for players only.',
  /** A withdrawal (and the wallet's banner) before the identity is verified. */
  verifyBeforeWithdrawal: 'Please verify your identity before you withdraw.',
  pendingBeforeWithdrawal: 'Your identity is being checked. You can withdraw once it is verified.',
  /** A deposit claim that would take the player's deposits past the threshold. */
  verifyBeforeDeposit: (thresholdPaise: number) =>
    `Deposits above ${formatPaiseShort(thresholdPaise)} in total need a verified identity. Please verify your identity to deposit more.`,
  pendingBeforeDeposit: (thresholdPaise: number) =>
    `Your identity is being checked. Deposits above ${formatPaiseShort(thresholdPaise)} in total can be made once it is verified.`,
  /** The reviewer's answers. */
  verified: 'Identity verified.',
  rejected: 'Identity rejected.',
  notFound: 'Identity submission not found.',
  notPending: 'This identity submission is no longer pending.',
  /** The player's view of a rejection. */
  rejectedBecause: (reason: string) => `Your identity details were rejected: ${reason} Please submit them again.`,
} as const;

export interface IdentitySubmission {
  /** Trimmed, one space per gap. */
  readonly fullName: string;
  /** Normalised (upper case, no spaces or dashes); stored sealed, never shown. */
  readonly documentNumber: string;
  /** Shown everywhere instead of the number. */
  readonly documentMasked: string;
}

/** The submission form (and POST /identity): full name as on the document and the document's number. */
export function validateIdentitySubmission(
  body: { readonly fullName?: unknown; readonly documentNumber?: unknown },
  document: IdentityDocument,
): FormResult<'fullName' | 'documentNumber', IdentitySubmission> {
  const errors = new FieldErrorCollector<'fullName' | 'documentNumber'>();
  const name = requestText(body.fullName);
  const fullName = name.text.replace(/\s+/g, ' ');
  if (name.wrongType) errors.add('fullName', IDENTITY_MESSAGES.fullNameInvalid);
  else if (fullName === '') errors.add('fullName', IDENTITY_MESSAGES.fullNameRequired(document));
  else if (!isHolderName(fullName)) errors.add('fullName', IDENTITY_MESSAGES.fullNameInvalid);
  const number = requestText(body.documentNumber);
  const documentNumber = normalizeDocumentNumber(number.text);
  if (number.wrongType) errors.add('documentNumber', IDENTITY_MESSAGES.documentInvalid(document));
  else if (documentNumber === '') errors.add('documentNumber', IDENTITY_MESSAGES.documentRequired(document));
  else if (!isDocumentNumber(document, documentNumber))
    errors.add('documentNumber', IDENTITY_MESSAGES.documentInvalid(document));
  return errors.result(() => ({
    fullName,
    documentNumber,
    documentMasked: maskDocumentNumber(document, documentNumber),
  }));
}

/** Why a submission is refused: only a player's, and not while one is pending or once verified. */
export type SubmissionRefusal = 'PLAYERS_ONLY' | 'PENDING' | 'VERIFIED';
export function refuseSubmission(account: {
  readonly role: string;
  readonly status: IdentityStatus;
}): SubmissionRefusal | null {
  if (account.role !== 'user') return 'PLAYERS_ONLY';
  if (account.status === 'pending') return 'PENDING';
  if (account.status === 'verified') return 'VERIFIED';
  return null;
}

/** A reviewer decides a pending submission only (the conditional update backs it). */
export function refuseIdentityReview(
  submission: { readonly status: IdentityStatus } | null,
): 'NOT_FOUND' | 'NOT_PENDING' | null {
  if (!submission) return 'NOT_FOUND';
  return submission.status === 'pending' ? null : 'NOT_PENDING';
}

/** Why a withdrawal waits for the identity: the message to show, or null when it is verified. */
export function identityWithdrawalRefusal(status: IdentityStatus): string | null {
  if (status === 'verified') return null;
  return status === 'pending' ? IDENTITY_MESSAGES.pendingBeforeWithdrawal : IDENTITY_MESSAGES.verifyBeforeWithdrawal;
}

/**
 * Whether a deposit claim of `amountPaise` needs a verified identity first: the player's deposits approved and
 * waiting (`claimedPaise`) plus this one go past the threshold and the identity is not verified. The message, or
 * null when the claim may go on. A threshold of 0 asks for a verified identity before any deposit.
 */
export function identityDepositRefusal(input: {
  readonly status: IdentityStatus;
  readonly claimedPaise: number;
  readonly amountPaise: number;
  readonly thresholdPaise: number;
}): string | null {
  if (input.status === 'verified' || input.claimedPaise + input.amountPaise <= input.thresholdPaise) return null;
  return input.status === 'pending'
    ? IDENTITY_MESSAGES.pendingBeforeDeposit(input.thresholdPaise)
    : IDENTITY_MESSAGES.verifyBeforeDeposit(input.thresholdPaise);
}

/**
 * What the reviewer is told of a withdrawal's payout name: a bank transfer's holder name against the verified name
 * (flagged when they differ); null for UPI (the spec's UPI request names no holder) or without a verified name.
 */
export function payoutNameCheck(
  verifiedName: string | null | undefined,
  holderName: string | null | undefined,
): { readonly verifiedName: string; readonly holderName: string; readonly flagged: boolean } | null {
  if (!verifiedName || !holderName) return null;
  return { verifiedName, holderName, flagged: !namesMatch(verifiedName, holderName) };
}
