import type { IdentityStatus } from '@app/domain';

export type { IdentityStatus };

/** The identity document players name (KYC_DOCUMENT): its code, name, whole-number pattern and an example. */
export interface IdentityDocumentInfo {
  type: string;
  name: string;
  /** Matched against the number upper-cased without spaces, anchored at both ends. */
  pattern: string;
  /** A made-up example, '' for a document of the operator's own. */
  example: string;
}

/** GET /identity → data.identity: the player's own identity check. The document number is only ever masked. */
export interface PlayerIdentity {
  status: IdentityStatus;
  /** As submitted (null before a submission). */
  fullName: string | null;
  documentType: string | null;
  /** Masked, e.g. XXXXX1234F. */
  documentNumber: string | null;
  submittedAt: string | null;
  decidedAt: string | null;
  /** Why the reviewer rejected it (status `rejected`). */
  rejectionReason: string | null;
  /** 'YYYY-MM-DD'; null for an account older than the field, which gives it before its next deposit. */
  dateOfBirth: string | null;
  document: IdentityDocumentInfo;
  /** Rupees of deposits (approved and waiting) a player may reach before a verified identity is needed. */
  depositThreshold: number;
  /** The player's deposits approved or waiting for review, rupees. */
  deposited: number;
}
export interface PlayerIdentityData {
  identity: PlayerIdentity;
}

/** POST /identity */
export interface IdentitySubmitRequest {
  /** Full name as on the document. */
  fullName: string;
  documentNumber: string;
}

/** PUT /identity/date-of-birth: once, for an account without one. */
export interface DateOfBirthRequest {
  dateOfBirth: string;
}

/** A submission as the reviewer sees it (GET /admin/identity). */
export interface AdminIdentitySubmission {
  submissionId: string;
  userId: string;
  username: string;
  email: string;
  status: IdentityStatus;
  fullName: string;
  documentType: string;
  /** Masked. */
  documentNumber: string;
  dateOfBirth: string | null;
  submittedAt: string;
  decidedAt: string | null;
  rejectionReason: string | null;
  /** How many other accounts submitted the same document number. */
  sameNumberAccounts: number;
}
export interface AdminIdentitiesData {
  submissions: AdminIdentitySubmission[];
}
export interface AdminIdentityData {
  submission: AdminIdentitySubmission;
}

/** PUT /admin/identity/:submissionId/reject */
export interface IdentityRejectRequest {
  reason: string;
}
