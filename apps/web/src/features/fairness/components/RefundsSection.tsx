import type { FairnessPeriod, FairnessRefunds } from '@app/contracts';
import { count, rupees } from '../format';
import { PAGE_TEXT, REFUND_REASON_TEXT, resultWords } from '../texts';
import { Proves } from './Proves';

const T = PAGE_TEXT.refunds;

/** 4. Are rounds ever cancelled to avoid paying? Refunds by reason, and what drawing them would have cost the house. */
export function RefundsSection({
  refunds,
  recent,
}: {
  refunds: FairnessRefunds | null;
  recent: readonly FairnessPeriod[];
}) {
  const reasons = Object.entries(refunds?.byReason ?? {}).filter(([, n]) => (n ?? 0) > 0);
  const refunded = recent.filter((p) => p.status === 'REFUNDED');
  return (
    <section className="fair-section" aria-labelledby="fair-refunds">
      <h2 id="fair-refunds">{T.heading}</h2>
      <p>{T.how}</p>
      <Proves proves={T.proves} doesNotProve={T.doesNotProve} />
      {refunds && refunds.periods === 0 && <p className="muted small">{T.none}</p>}
      {refunds && refunds.periods > 0 && (
        <>
          <dl className="fair-facts fair-facts--grid" aria-label={T.summaryLabel}>
            <div>
              <dt>{T.periods}</dt>
              <dd>{count(refunds.periods)}</dd>
            </div>
            <div>
              <dt>{T.withBets}</dt>
              <dd>{count(refunds.withBets)}</dd>
            </div>
            <div>
              <dt>{T.stakes}</dt>
              <dd>{rupees(refunds.stakes)}</dd>
            </div>
            <div>
              <dt>{T.known}</dt>
              <dd>{count(refunds.known)}</dd>
            </div>
            <div>
              <dt>{T.wouldHavePaid}</dt>
              <dd data-testid="would-have-paid">{rupees(refunds.wouldHavePaid)}</dd>
            </div>
            <div>
              <dt>{T.wouldHaveKept}</dt>
              <dd data-testid="would-have-kept" className={refunds.wouldHaveKept < 0 ? 'fair-flag' : undefined}>
                {rupees(refunds.wouldHaveKept)}
              </dd>
            </div>
          </dl>
          {refunds.known > 0 && <p className="small">{T.keptNote(refunds.wouldHaveKept)}</p>}
          {reasons.length > 0 && (
            <div className="table-scroll">
              <table className="fair-table">
                <caption>{T.reasonsCaption}</caption>
                <thead>
                  <tr>
                    <th scope="col">{T.reason}</th>
                    <th scope="col">{T.periodsColumn}</th>
                  </tr>
                </thead>
                <tbody>
                  {reasons.map(([reason, n]) => (
                    <tr key={reason}>
                      <th scope="row">{REFUND_REASON_TEXT[reason] ?? reason}</th>
                      <td>{count(n ?? 0)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
      {refunded.length > 0 && (
        <>
          <h3>{T.recentHeading}</h3>
          <ul className="fair-refunded" aria-label={T.recentHeading}>
            {refunded.map((p) => (
              <li key={p.periodId}>
                <span className="fair-refunded__id">{p.periodId}</span>{' '}
                <span className="small muted">
                  {p.refundReason ? (REFUND_REASON_TEXT[p.refundReason] ?? p.refundReason) : ''}
                </span>{' '}
                <span className="small">
                  {p.voidResult ? T.wouldHave(resultWords(p.voidResult)) : T.wouldHaveUnknown}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
