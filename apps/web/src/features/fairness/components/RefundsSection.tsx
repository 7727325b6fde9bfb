import type { FairnessPeriod, FairnessRefunds } from '@app/contracts';
import { count, rupees } from '../format';
import { useT } from '../../../shared/i18n/i18n';
import { refundReasonText, resultWords } from '../texts';
import { Proves } from './Proves';

/** 4. Are rounds ever cancelled to avoid paying? Refunds by reason, and what drawing them would have cost the house. */
export function RefundsSection({
  refunds,
  recent,
}: {
  refunds: FairnessRefunds | null;
  recent: readonly FairnessPeriod[];
}) {
  const { t } = useT();
  const reasons = Object.entries(refunds?.byReason ?? {}).filter(([, n]) => (n ?? 0) > 0);
  const refunded = recent.filter((p) => p.status === 'REFUNDED');
  return (
    <section className="fair-section" aria-labelledby="fair-refunds">
      <h2 id="fair-refunds">{t('fairness.refunds.heading')}</h2>
      <p>{t('fairness.refunds.how')}</p>
      <Proves proves={t('fairness.refunds.proves')} doesNotProve={t('fairness.refunds.doesNotProve')} />
      {refunds && refunds.periods === 0 && <p className="muted small">{t('fairness.refunds.none')}</p>}
      {refunds && refunds.periods > 0 && (
        <>
          <dl className="fair-facts fair-facts--grid" aria-label={t('fairness.refunds.summaryLabel')}>
            <div>
              <dt>{t('fairness.refunds.periods')}</dt>
              <dd>{count(refunds.periods)}</dd>
            </div>
            <div>
              <dt>{t('fairness.refunds.withBets')}</dt>
              <dd>{count(refunds.withBets)}</dd>
            </div>
            <div>
              <dt>{t('fairness.refunds.stakes')}</dt>
              <dd>{rupees(refunds.stakes)}</dd>
            </div>
            <div>
              <dt>{t('fairness.refunds.known')}</dt>
              <dd>{count(refunds.known)}</dd>
            </div>
            <div>
              <dt>{t('fairness.refunds.wouldHavePaid')}</dt>
              <dd data-testid="would-have-paid">{rupees(refunds.wouldHavePaid)}</dd>
            </div>
            <div>
              <dt>{t('fairness.refunds.wouldHaveKept')}</dt>
              <dd data-testid="would-have-kept" className={refunds.wouldHaveKept < 0 ? 'fair-flag' : undefined}>
                {rupees(refunds.wouldHaveKept)}
              </dd>
            </div>
          </dl>
          {refunds.known > 0 && (
            <p className="small">
              {refunds.wouldHaveKept >= 0 ? t('fairness.refunds.keptAhead') : t('fairness.refunds.keptBehind')}
            </p>
          )}
          {reasons.length > 0 && (
            <div className="table-scroll">
              <table className="fair-table">
                <caption>{t('fairness.refunds.reasonsCaption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('fairness.refunds.reason')}</th>
                    <th scope="col">{t('fairness.refunds.periodsColumn')}</th>
                  </tr>
                </thead>
                <tbody>
                  {reasons.map(([reason, n]) => (
                    <tr key={reason}>
                      <th scope="row">{refundReasonText(reason)}</th>
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
          <h3>{t('fairness.refunds.recentHeading')}</h3>
          <ul className="fair-refunded" aria-label={t('fairness.refunds.recentHeading')}>
            {refunded.map((p) => (
              <li key={p.periodId}>
                <span className="fair-refunded__id">{p.periodId}</span>{' '}
                <span className="small muted">{p.refundReason ? refundReasonText(p.refundReason) : ''}</span>{' '}
                <span className="small">
                  {p.voidResult
                    ? t('fairness.refunds.wouldHave', { result: resultWords(p.voidResult) })
                    : t('fairness.refunds.wouldHaveUnknown')}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
