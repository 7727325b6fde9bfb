import { formatPaise } from '@app/domain';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import type { ReviewRow } from './ReviewTable';

export type ReviewDecision = 'COMPLETED' | 'FAILED';

const KIND_LABEL = { deposit: 'deposit', withdrawal: 'withdrawal' } as const;

/** What a decision does to the player's money, said before it is done. */
function consequence(row: ReviewRow, decision: ReviewDecision): string {
  if (row.kind === 'deposit') {
    return decision === 'COMPLETED' ? "The amount is credited to the player's main balance." : 'Nothing is credited.';
  }
  return decision === 'COMPLETED'
    ? 'The held amount is paid out to the player.'
    : "The held amount returns to the player's main balance.";
}

/** 'Approve' / 'Reject' with the amount and the kind: 'Approve the ₹1,500.00 deposit'. */
export function decisionTitle(row: Pick<ReviewRow, 'kind' | 'amountPaise'>, decision: ReviewDecision): string {
  const verb = decision === 'COMPLETED' ? 'Approve' : 'Reject';
  return `${verb} the ${formatPaise(Math.abs(row.amountPaise))} ${KIND_LABEL[row.kind]}`;
}

interface Props {
  row: ReviewRow;
  decision: ReviewDecision;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before an Approve or Reject, naming the player, the amount and the action; Escape or Cancel steps back. */
export function ReviewConfirmDialog({ row, decision, onConfirm, onCancel }: Props) {
  const titleId = useId();
  const bodyId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const approve = decision === 'COMPLETED';
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    cancelRef.current?.focus();
    return () => opener?.focus?.();
  }, []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onCancel();
  };
  return (
    <div className="review-confirm__backdrop" onKeyDown={onKeyDown}>
      <div className="review-confirm" role="alertdialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={bodyId}>
        <h2 id={titleId} className="review-confirm__title">
          {decisionTitle(row, decision)}?
        </h2>
        <div id={bodyId}>
          <dl className="review-confirm__facts">
            <div>
              <dt>Player</dt>
              <dd>
                <strong>{row.username}</strong> <span className="muted">{row.email}</span>
              </dd>
            </div>
            <div>
              <dt>Amount</dt>
              <dd>
                <strong>{formatPaise(Math.abs(row.amountPaise))}</strong>
              </dd>
            </div>
            <div>
              <dt>Transaction</dt>
              <dd className="pay-mono">{row.transactionId}</dd>
            </div>
          </dl>
          <p className="review-confirm__effect">{consequence(row, decision)}</p>
        </div>
        <div className="review-confirm__actions">
          <button ref={cancelRef} type="button" className="btn btn--ghost" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className={`btn ${approve ? 'btn--approve' : 'btn--reject-solid'}`} onClick={onConfirm}>
            {approve ? 'Approve' : 'Reject'} {KIND_LABEL[row.kind]}
          </button>
        </div>
      </div>
    </div>
  );
}
