import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../shared/store-hooks';
import { Screen } from '../../../shared/ui/Screen';
import { Spinner } from '../../../shared/ui/Spinner';
import { historyRequested } from '../history.slice';
import { selectHistory, selectHistoryBets } from '../selectors';
import { BetCard } from './BetCard';
import { Link } from 'react-router-dom';
import { PATHS } from '../../../shared/paths';
import { DisputeForm } from '../../disputes/components/DisputeForm';
import { useT } from '../../../shared/i18n/i18n';
import { translateServerMessage } from '../../../shared/i18n/server-messages';

/** Bet history (SPEC 2): GET /bet, kept current by the live bet-update. */
export function HistoryScreen() {
  const dispatch = useAppDispatch();
  const { isLoading, error } = useAppSelector(selectHistory);
  const bets = useAppSelector(selectHistoryBets);
  const { t } = useT();
  useEffect(() => {
    dispatch(historyRequested());
  }, [dispatch]);

  return (
    <Screen title={t('history.title')} className="history">
      <h1>{t('history.title')}</h1>
      <Link to={PATHS.disputes} className="history__disputes">
        {t('history.disputesLink')}
      </Link>
      {error && (
        <p className="history__error" role="alert">
          {translateServerMessage(error)}
        </p>
      )}
      {isLoading && bets.length === 0 ? (
        <div className="history__loading">
          <Spinner label={t('history.loading')} />
        </div>
      ) : bets.length === 0 ? (
        !error && <p className="history__empty muted">{t('empty.betHistory')}</p>
      ) : (
        <ul className="bet-cards" aria-label={t('history.yourBets')}>
          {bets.map((bet) => (
            <BetCard key={bet._id} bet={bet} />
          ))}
        </ul>
      )}
      <DisputeForm />
    </Screen>
  );
}
