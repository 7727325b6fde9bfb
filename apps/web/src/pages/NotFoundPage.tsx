import { Link } from 'react-router-dom';
import { useT } from '../shared/i18n/i18n';
import { Screen } from '../shared/ui/Screen';

export function NotFoundPage() {
  const { t } = useT();
  return (
    <Screen title={t('common.notFoundTitle')} className="not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>{t('common.notFoundTitle')}</h1>
      <p className="muted">{t('common.notFoundText')}</p>
      <Link to="/" className="btn btn--primary">
        {t('common.backHome')}
      </Link>
    </Screen>
  );
}
