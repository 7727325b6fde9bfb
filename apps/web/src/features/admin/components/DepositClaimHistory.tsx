import { DEPOSIT_REVIEW_TEXTS, formatPaise } from '@app/domain';
import { formatDateTime } from '../../wallet/format';
import type { AdminUtrClaim } from '../records';
import './deposit-review.css';

const OUTCOME_CLASS: Record<AdminUtrClaim['outcome'], string> = {
  PENDING: 'status-chip--pending',
  COMPLETED: 'status-chip--completed',
  FAILED: 'status-chip--failed',
  REFUSED: 'status-chip--failed',
};

/** The players who claimed a UTR (claims and contests), each counted once. */
export function utrClaimants(claims: readonly AdminUtrClaim[] | undefined): number {
  return new Set((claims ?? []).map((c) => c.email || c.username)).size;
}

interface Props {
  claims: readonly AdminUtrClaim[];
  /** The claim under review, marked in the list. */
  currentTransactionId: string;
}

/**
 * Every claim ever made of a deposit's UTR, oldest first: who claimed it, the amount, the payer they named, when,
 * and what became of it. A contest (refused while another claim held the UTR) says which claim held it.
 */
export function DepositClaimHistory({ claims, currentTransactionId }: Props) {
  return (
    <section className="utr-history" aria-label={DEPOSIT_REVIEW_TEXTS.historyTitle}>
      <h3 className="utr-history__title">{DEPOSIT_REVIEW_TEXTS.historyTitle}</h3>
      <ol className="utr-history__list">
        {claims.map((claim, index) => {
          const current = claim.kind === 'claim' && claim.transactionId === currentTransactionId;
          return (
            <li
              key={`${claim.kind}-${claim.transactionId ?? claim.heldBy}-${index}`}
              className={`utr-history__item${current ? ' utr-history__item--current' : ''}`}
              aria-current={current || undefined}
            >
              <div className="utr-history__head">
                <strong className="utr-history__who">{claim.username}</strong>
                <span className={`status-chip ${OUTCOME_CLASS[claim.outcome] ?? ''}`}>{claim.outcome}</span>
              </div>
              <span className="utr-history__email muted">{claim.email}</span>
              <div className="utr-history__facts">
                <span className="utr-history__amount">{formatPaise(claim.amountPaise)}</span>
                <time dateTime={claim.createdAt}>{formatDateTime(claim.createdAt)}</time>
              </div>
              <span>
                Payer:{' '}
                {claim.payer ? (
                  <span className="pay-mono">{claim.payer}</span>
                ) : (
                  <span className="muted">{DEPOSIT_REVIEW_TEXTS.payerNotGiven}</span>
                )}
              </span>
              {claim.kind === 'contest' ? (
                <p className="utr-history__note">
                  {DEPOSIT_REVIEW_TEXTS.refused} by <span className="pay-mono">{claim.heldBy}</span>
                  {claim.attempts > 1 ? ` (sent ${claim.attempts} times)` : ''}
                </p>
              ) : (
                <p className="utr-history__note">
                  <span className="pay-mono">{claim.transactionId}</span>
                  {current ? ' (this claim)' : ''}
                </p>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
