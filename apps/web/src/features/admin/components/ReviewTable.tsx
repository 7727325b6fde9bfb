import type { TransactionStatus } from '@app/contracts';
import {
  DEPOSIT_MAX_PAISE,
  DEPOSIT_MIN_PAISE,
  formatPaise,
  formatPaiseShort,
  methodLabel,
  WITHDRAWAL_MAX_PAISE,
  WITHDRAWAL_MIN_PAISE,
} from '@app/domain';
import { useState, type ReactNode } from 'react';
import { StatusChip } from '../../wallet/components/StatusChip';
import { formatDateTime } from '../../wallet/format';
import type { ReviewKind } from '../admin.slice';
import { PLAYER_VIEW_TEXTS } from '../review-texts';
import { ReviewConfirmDialog, type ReviewDecision } from './ReviewConfirmDialog';

/** The product's limits per request, in paise: a deposit ₹100–₹10,000, a withdrawal ₹500–₹25,000. */
const LIMITS: Record<ReviewKind, { min: number; max: number }> = {
  deposit: { min: DEPOSIT_MIN_PAISE, max: DEPOSIT_MAX_PAISE },
  withdrawal: { min: WITHDRAWAL_MIN_PAISE, max: WITHDRAWAL_MAX_PAISE },
};

/** The limits' text when a row's amount is outside them ('Outside ₹100–₹10,000'), else null. */
export function outsideLimits(kind: ReviewKind, amountPaise: number): string | null {
  const paise = Math.abs(amountPaise);
  const { min, max } = LIMITS[kind];
  if (paise >= min && paise <= max) return null;
  return `Outside ${formatPaiseShort(min)}–${formatPaiseShort(max)}`;
}

export interface ReviewRow {
  key: string;
  kind: ReviewKind;
  walletId: string;
  transactionId: string;
  /** The player's id, for their player view (absent from an older server: no button then). */
  userId?: string;
  username: string;
  email: string;
  /** Signed paise as the list holds it; shown without its sign. */
  amountPaise: number;
  method: string;
  details: ReactNode;
  createdAt: string;
  status: TransactionStatus;
  /** What to heed before deciding (a UTR claimed by more than one player): flagged on the row and in the dialog. */
  warning?: string | null;
  /** What the dialog shows before a decision, beside the facts (a deposit's payer and every claim of its UTR). */
  review?: ReactNode;
}

interface ReviewTableProps {
  caption: string;
  rows: ReviewRow[];
  /** Every Approve/Reject is disabled while a review is in flight. */
  busy: boolean;
  /** The transaction whose review is in flight, to say so on its row. */
  updatingId: string | null;
  /** Called once the admin confirmed the decision in the dialog. */
  onReview: (row: ReviewRow, status: ReviewDecision, adminNotes?: string) => void;
  /** Opens the player view of the row's player (one click from the claim). */
  onPlayer?: (row: ReviewRow) => void;
  className?: string;
}

/**
 * A deposits or withdrawals table: user, amount, method, payment details, date, status, Approve/Reject. On phones
 * each row becomes a card (see admin.css). Only a PENDING row has Approve/Reject, and each asks for confirmation
 * naming the player, the amount and the action. An amount outside the product's limits is flagged.
 */
export function ReviewTable({ caption, rows, busy, updatingId, onReview, onPlayer, className }: ReviewTableProps) {
  const [asking, setAsking] = useState<{ row: ReviewRow; decision: ReviewDecision } | null>(null);
  return (
    <>
      <div
        className={`review-table${className ? ` ${className}` : ''}`}
        tabIndex={0}
        role="region"
        aria-label={`${caption} table`}
      >
        <table>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">User</th>
              <th scope="col">Amount</th>
              <th scope="col">Method</th>
              <th scope="col">Details</th>
              <th scope="col">Date</th>
              <th scope="col">Status</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const pending = row.status === 'PENDING';
              const flag = outsideLimits(row.kind, row.amountPaise);
              const flagged = Boolean(flag || row.warning);
              return (
                <tr
                  key={row.key}
                  data-transaction-id={row.transactionId}
                  aria-busy={updatingId === row.transactionId || undefined}
                  className={flagged ? 'review-table__row--flagged' : undefined}
                >
                  <td data-label="User">
                    <div>
                      {onPlayer && row.userId ? (
                        <button
                          type="button"
                          className="review-table__user review-table__player"
                          aria-label={PLAYER_VIEW_TEXTS.open(row.username)}
                          onClick={() => onPlayer(row)}
                        >
                          {row.username}
                        </button>
                      ) : (
                        <span className="review-table__user">{row.username}</span>
                      )}
                      <span className="review-table__email">{row.email}</span>
                    </div>
                  </td>
                  <td data-label="Amount" className="review-table__amount">
                    {formatPaise(Math.abs(row.amountPaise))}
                    {flag && (
                      <span
                        className="badge review-table__flag"
                        title="Outside the product's limits for this kind of request"
                      >
                        ⚠ {flag}
                      </span>
                    )}
                  </td>
                  <td data-label="Method">{methodLabel(row.method)}</td>
                  <td data-label="Details" className="review-table__details">
                    {row.warning ? (
                      <div className="review-table__details-body">
                        <span className="badge review-table__flag review-table__flag--warning">⚠ {row.warning}</span>
                        {row.details}
                      </div>
                    ) : (
                      row.details
                    )}
                  </td>
                  <td data-label="Date">
                    <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
                  </td>
                  <td data-label="Status">
                    <StatusChip status={row.status} />
                  </td>
                  <td data-label="Actions">
                    {pending ? (
                      <div className="review-table__actions">
                        <button
                          type="button"
                          className="btn btn--approve"
                          disabled={busy}
                          onClick={() => setAsking({ row, decision: 'COMPLETED' })}
                        >
                          Approve
                        </button>
                        <button
                          type="button"
                          className="btn btn--reject"
                          disabled={busy}
                          onClick={() => setAsking({ row, decision: 'FAILED' })}
                        >
                          Reject
                        </button>
                      </div>
                    ) : (
                      <span className="muted small">Reviewed</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {asking && (
        <ReviewConfirmDialog
          row={asking.row}
          decision={asking.decision}
          onCancel={() => setAsking(null)}
          onConfirm={(adminNotes) => {
            setAsking(null);
            onReview(asking.row, asking.decision, adminNotes);
          }}
        />
      )}
    </>
  );
}
