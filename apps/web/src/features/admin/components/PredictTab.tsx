import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { PATHS } from '../../../shared/paths';
import { useAppDispatch, useAppSelector } from '../../../shared/store-hooks';
import { Spinner } from '../../../shared/ui/Spinner';
import { HouseSection } from '../../fairness/components/HouseSection';
import { RefundsSection } from '../../fairness/components/RefundsSection';
import { fairnessRequested, fairnessStatsRequested } from '../../fairness/fairness.slice';
import { selectFairness } from '../../fairness/selectors';
import '../../fairness/fairness.css';

export const PREDICT_TEXTS = {
  intro:
    'Round results are drawn from a pre-committed, provably-fair hash chain mixed with a public beacon. Nobody — administrators included — can choose, predict or change a result.',
  watch:
    'What players see about the house, as they see it: periods refunded instead of drawn (a rising count looks like voiding rounds the house would lose) and how the results and the house’s payouts compare with chance.',
  publicPage: 'Open the public fairness page',
} as const;

/**
 * Predict tab (SPEC 2). Deliberately offers no way to influence a result: every result comes from the pre-committed
 * provably-fair chain (docs/fairness.md) and no screen, call or role can choose or change one. What it shows instead
 * is what a payments desk should watch of the public record: the refunds and the house statistics of the fairness
 * page (the same data and sections), with a link to the page itself.
 */
export function PredictTab() {
  const dispatch = useAppDispatch();
  const { info, stats, isLoading, error } = useAppSelector(selectFairness);

  useEffect(() => {
    dispatch(fairnessRequested());
    dispatch(fairnessStatsRequested());
  }, [dispatch]);

  return (
    <section className="admin-section" aria-labelledby="admin-predict-title">
      <h2 id="admin-predict-title">Predict</h2>
      <div className="admin-note">
        <p>{PREDICT_TEXTS.intro}</p>
        <p className="muted small">{PREDICT_TEXTS.watch}</p>
        <p>
          <Link to={PATHS.fairness}>{PREDICT_TEXTS.publicPage}</Link>
        </p>
      </div>
      {isLoading && !info && <Spinner label="Loading" />}
      {error && !info && (
        <p className="pay-error" role="alert">
          {error}
        </p>
      )}
      {info && <RefundsSection refunds={info.refunds ?? null} recent={info.recent} />}
      <HouseSection stats={stats} />
    </section>
  );
}
