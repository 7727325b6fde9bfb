import type { TransactionStatus } from '@app/contracts';
import { formatRupees, methodLabel } from '@app/domain';
import type { ReactNode } from 'react';
import { StatusChip } from '../../wallet/components/StatusChip';
import { formatDateTime } from '../../wallet/format';
import type { ReviewKind } from '../admin.slice';

export interface ReviewRow {
  key: string;
  kind: ReviewKind;
  walletId: string;
  transactionId: string;
  username: string;
  email: string;
  amount: number;
  method: string;
  details: ReactNode;
  createdAt: string;
  status: TransactionStatus;
}

interface ReviewTableProps {
  caption: string;
  rows: ReviewRow[];
  /** Every Approve/Reject is disabled while a review is in flight. */
  busy: boolean;
  /** The transaction whose review is in flight, to say so on its row. */
  updatingId: string | null;
  onReview: (row: ReviewRow, status: 'COMPLETED' | 'FAILED') => void;
  className?: string;
}

/**
 * A deposits or withdrawals table: user, amount, method, payment details, date, status, Approve/Reject. On phones
 * each row becomes a card (see admin.css). Only a PENDING row can be approved or rejected.
 */
export function ReviewTable({ caption, rows, busy, updatingId, onReview, className }: ReviewTableProps) {
  return (
    <div className={`review-table${className ? ` ${className}` : ''}`} tabIndex={0} role="region" aria-label={`${caption} table`}>
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
            const disabled = busy || row.status !== 'PENDING';
            return (
              <tr key={row.key} data-transaction-id={row.transactionId} aria-busy={updatingId === row.transactionId || undefined}>
                <td data-label="User">
                  <div>
                    <span className="review-table__user">{row.username}</span>
                    <span className="review-table__email">{row.email}</span>
                  </div>
                </td>
                <td data-label="Amount" className="review-table__amount">
                  {formatRupees(Math.abs(row.amount))}
                </td>
                <td data-label="Method">{methodLabel(row.method)}</td>
                <td data-label="Details" className="review-table__details">
                  {row.details}
                </td>
                <td data-label="Date">
                  <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
                </td>
                <td data-label="Status">
                  <StatusChip status={row.status} />
                </td>
                <td data-label="Actions">
                  <div className="review-table__actions">
                    <button
                      type="button"
                      className="btn btn--approve"
                      disabled={disabled}
                      onClick={() => onReview(row, 'COMPLETED')}
                    >
                      Approve
                    </button>
                    <button type="button" className="btn btn--reject" disabled={disabled} onClick={() => onReview(row, 'FAILED')}>
                      Reject
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
