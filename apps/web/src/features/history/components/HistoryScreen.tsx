import { EMPTY_STATES } from '@app/domain';
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
import { DISPUTES_TEXTS } from '../../disputes/disputes-texts';
import '../history.css';

/** Bet history (SPEC 2): GET /bet, kept current by the live bet-update. */
export function HistoryScreen() {
  const dispatch = useAppDispatch();
  const { isLoading, error } = useAppSelector(selectHistory);
  const bets = useAppSelector(selectHistoryBets);
  useEffect(() => {
    dispatch(historyRequested());
  }, [dispatch]);

  return (
    <Screen title="Bet history" className="history">
      <h1>Bet history</h1>
      <Link to={PATHS.disputes} className="history__disputes">
        {DISPUTES_TEXTS.link}
      </Link>
      {error && (
        <p className="history__error" role="alert">
          {error}
        </p>
      )}
      {isLoading && bets.length === 0 ? (
        <div className="history__loading">
          <Spinner label="Loading your bets" />
        </div>
      ) : bets.length === 0 ? (
        !error && <p className="history__empty muted">{EMPTY_STATES.betHistory}</p>
      ) : (
        <ul className="bet-cards" aria-label="Your bets">
          {bets.map((bet) => (
            <BetCard key={bet._id} bet={bet} />
          ))}
        </ul>
      )}
      <DisputeForm />
    </Screen>
  );
}
