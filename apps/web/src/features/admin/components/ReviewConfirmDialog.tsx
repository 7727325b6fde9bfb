import { ADMIN_NOTES_MAX_LENGTH, formatPaise } from '@app/domain';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { REVIEW_TEXTS } from '../review-texts';
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
  /** `adminNotes`: the reason of a rejection (required), or the payout reference of an approved withdrawal. */
  onConfirm: (adminNotes?: string) => void;
  onCancel: () => void;
}

/**
 * Asks before an Approve or Reject, naming the player, the amount and the action; Escape or Cancel steps back. A
 * rejection needs a reason (the player is shown it); an approved withdrawal may carry the payout's reference. Either
 * is stored as the transaction's admin notes.
 */
export function ReviewConfirmDialog({ row, decision, onConfirm, onCancel }: Props) {
  const titleId = useId();
  const bodyId = useId();
  const notesId = useId();
  const notesHintId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const approve = decision === 'COMPLETED';
  const [notes, setNotes] = useState('');
  const [tried, setTried] = useState(false);
  const asksReason = !approve;
  const asksReference = approve && row.kind === 'withdrawal';
  const trimmed = notes.trim();
  const missingReason = asksReason && trimmed === '';
  const confirm = () => {
    if (missingReason) {
      setTried(true);
      return;
    }
    onConfirm(trimmed === '' ? undefined : trimmed);
  };
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    // The dialog may scroll (a UTR's history): it opens at its title, with Cancel focused.
    cancelRef.current?.focus({ preventScroll: true });
    return () => opener?.focus?.();
  }, []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onCancel();
  };
  return (
    <div className="review-confirm__backdrop" onKeyDown={onKeyDown}>
      <div
        className="review-confirm"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
      >
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
          {row.warning && (
            <p className="review-confirm__warning" role="note">
              ⚠ {row.warning}
            </p>
          )}
          {row.review}
          <p className="review-confirm__effect">{consequence(row, decision)}</p>
        </div>
        {(asksReason || asksReference) && (
          <div className="review-confirm__notes">
            <label htmlFor={notesId} className="field__label">
              {asksReason ? REVIEW_TEXTS.reason : REVIEW_TEXTS.payoutReference}
            </label>
            {asksReason ? (
              <textarea
                id={notesId}
                className="review-confirm__input"
                rows={2}
                maxLength={ADMIN_NOTES_MAX_LENGTH}
                required
                aria-required="true"
                aria-invalid={tried && missingReason}
                aria-describedby={notesHintId}
                value={notes}
                onChange={(event) => setNotes(event.target.value)}
              />
            ) : (
              <input
                id={notesId}
                className="review-confirm__input pay-mono"
                type="text"
                autoComplete="off"
                maxLength={ADMIN_NOTES_MAX_LENGTH}
                aria-describedby={notesHintId}
                value={notes}
                onChange={(event) => setNotes(event.target.value)}
              />
            )}
            <p
              id={notesHintId}
              className={tried && missingReason ? 'field__error' : 'small muted'}
              role={tried && missingReason ? 'alert' : undefined}
            >
              {tried && missingReason
                ? REVIEW_TEXTS.reasonRequired
                : asksReason
                  ? REVIEW_TEXTS.reasonHint
                  : REVIEW_TEXTS.payoutReferenceHint}
            </p>
          </div>
        )}
        <div className="review-confirm__actions">
          <button ref={cancelRef} type="button" className="btn btn--ghost" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className={`btn ${approve ? 'btn--approve' : 'btn--reject-solid'}`} onClick={confirm}>
            {approve ? 'Approve' : 'Reject'} {KIND_LABEL[row.kind]}
          </button>
        </div>
      </div>
    </div>
  );
}
