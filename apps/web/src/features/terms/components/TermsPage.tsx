import { Link } from 'react-router-dom';
import { PATHS } from '../../../shared/paths';
import { useAppSelector } from '../../../shared/store-hooks';
import { selectRules } from '../../config/selectors';
import { Screen } from '../../../shared/ui/Screen';
import { useT } from '../../../shared/i18n/i18n';
import { playTermsList, termsList } from '../terms-texts';

export function TermsPage() {
  const { roundSeconds, gstBps, playThrough } = useAppSelector(selectRules);
  const { t } = useT();
  return (
    <Screen title={t('terms.title')} className="terms">
      <h1>{t('terms.title')}</h1>
      <ol className="terms__list">
        {termsList({ roundSeconds, gstBps }).map((term) => (
          <li key={term}>{term}</li>
        ))}
      </ol>
      <section aria-labelledby="terms-deposits-title">
        <h2 id="terms-deposits-title">{t('terms.deposits')}</h2>
        <ul className="terms__list">
          {(['credited', 'tellWhoPaid', 'contested'] as const).map((rule) => (
            <li key={rule}>{t(`deposit.rules.${rule}`)}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="terms-play-title">
        <h2 id="terms-play-title">{t('terms.bonus')}</h2>
        <ul className="terms__list">
          {playTermsList(playThrough).map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      </section>
      <p>
        {t('terms.safelyBefore')}
        <Link to={PATHS.playSafely}>{t('terms.safelyLink')}</Link>
        {t('terms.safelyAfter')}
      </p>
      <p>
        {t('terms.breaksBefore')}
        <Link to={PATHS.playSafely}>{t('terms.safelyLink')}</Link>
        {t('terms.breaksAfter')}
      </p>
      <section aria-labelledby="terms-disputes-title">
        <h2 id="terms-disputes-title">{t('terms.disputes')}</h2>
        <p>{t('terms.sla')}</p>
      </section>
      <section className="terms__notice" aria-labelledby="compliance-title">
        <h2 id="compliance-title">{t('terms.legal')}</h2>
        <p>{t('terms.compliance')}</p>
      </section>
      <Link to={PATHS.register} className="btn btn--ghost btn--block">
        {t('terms.backToRegistration')}
      </Link>
    </Screen>
  );
}
