import type { FairnessPeriod } from '@app/contracts';
import { Link } from 'react-router-dom';
import { PATHS } from '../../../shared/paths';
import { count, isoTime } from '../format';
import { useT } from '../../../shared/i18n/i18n';
import { Proves } from './Proves';

/** 3. Were bets added or changed after the result? The bets' root published at each lock, and how to check one's own. */
export function BetsSection({ recent }: { recent: readonly FairnessPeriod[] }) {
  const { t } = useT();
  const latest = recent.find((p) => p.bets);
  return (
    <section className="fair-section" aria-labelledby="fair-bets">
      <h2 id="fair-bets">{t('fairness.bets.heading')}</h2>
      <p>{t('fairness.bets.how1')}</p>
      <p>{t('fairness.bets.how2')}</p>
      <Proves proves={t('fairness.bets.proves')} doesNotProve={t('fairness.bets.doesNotProve')} />
      {latest?.bets && (
        <>
          <h3>{t('fairness.bets.latest', { periodId: latest.periodId })}</h3>
          <dl className="fair-facts fair-facts--compact">
            <div>
              <dt>{t('fairness.bets.root')}</dt>
              <dd>
                <code>{latest.bets.root}</code>
              </dd>
            </div>
            <div>
              <dt>{t('fairness.bets.betCount')}</dt>
              <dd>{count(latest.bets.count)}</dd>
            </div>
            <div>
              <dt>{t('fairness.bets.committedAt')}</dt>
              <dd>{isoTime(latest.bets.committedAt)}</dd>
            </div>
          </dl>
        </>
      )}
      <p>{t('fairness.bets.howToCheck')}</p>
      <Link to={PATHS.history} className="btn btn--ghost btn--block">
        {t('fairness.bets.historyLink')}
      </Link>
    </section>
  );
}
