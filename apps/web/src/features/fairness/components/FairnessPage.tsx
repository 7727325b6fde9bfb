import type { FairnessPeriod } from '@app/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../shared/store-hooks';
import { Screen } from '../../../shared/ui/Screen';
import { Spinner } from '../../../shared/ui/Spinner';
import { selectAuth } from '../../auth/selectors';
import { selectLockSeconds, selectConfigRoundSeconds } from '../../config/selectors';
import { selectHistoryBets } from '../../history/selectors';
import { localCheckpointStore } from '../checkpoints';
import { betProofRequested, fairnessRequested, fairnessStatsRequested, periodLookupRequested } from '../fairness.slice';
import { selectFairness } from '../selectors';
import { useT } from '../../../shared/i18n/i18n';
import { translateServerMessage } from '../../../shared/i18n/server-messages';
import { CHECK_TEXT } from '../texts';
import { jobKey, useVerifications, type VerificationJob } from '../use-verifications';
import { withBetCheck, type BetToCheck, type PeriodVerification } from '../verify-period';
import { BeaconSection } from './BeaconSection';
import { BetsSection } from './BetsSection';
import { ChainSection } from './ChainSection';
import { CheckSection, type BetContext } from './CheckSection';
import { HouseSection } from './HouseSection';
import { OddsSection } from './OddsSection';
import { RefundsSection } from './RefundsSection';

/** A proof the server refuses (the bet is not the player's, or not in any commitment) fails check 6; other errors leave it unchecked. */
const REFUSED = new Set([400, 403, 404, 409, 410, 422]);

/**
 * The public fairness page, in the order a sceptical player asks: were results fixed before I bet (the chains), could
 * anyone know them before betting closed (the beacon), were bets changed after (the bets' root), are rounds cancelled
 * to avoid paying (refunds), does the house steer results (statistics), and a check of any period, all verified in
 * this browser. `?period=` looks a period up; `&bet=` (from the bet history) also checks that bet is in its commitment.
 */
export function FairnessPage() {
  const dispatch = useAppDispatch();
  const { t } = useT();
  const { info, isLoading, error, lookup, stats, proof } = useAppSelector(selectFairness);
  const auth = useAppSelector(selectAuth);
  const history = useAppSelector(selectHistoryBets);
  const roundSeconds = useAppSelector(selectConfigRoundSeconds);
  const lockSeconds = useAppSelector(selectLockSeconds);
  const [params, setParams] = useSearchParams();
  const wantedPeriod = params.get('period')?.trim() ?? '';
  const wantedBet = params.get('bet')?.trim() ?? '';
  const [checkpoints] = useState(() => localCheckpointStore());

  useEffect(() => {
    dispatch(fairnessRequested());
    dispatch(fairnessStatsRequested());
  }, [dispatch]);

  useEffect(() => {
    if (wantedPeriod) dispatch(periodLookupRequested(wantedPeriod));
  }, [dispatch, wantedPeriod]);

  useEffect(() => {
    if (wantedBet && auth.isAuthenticated) dispatch(betProofRequested(wantedBet));
  }, [dispatch, wantedBet, auth.isAuthenticated]);

  const onLookUp = (periodId: string) => {
    if (periodId === wantedPeriod && !wantedBet) dispatch(periodLookupRequested(periodId));
    else setParams({ period: periodId });
  };

  // Once a period asked for in the address has arrived, bring its check into view.
  const scrolledTo = useRef<string | null>(null);
  useEffect(() => {
    if (!wantedPeriod || lookup.data?.period.periodId !== wantedPeriod || scrolledTo.current === wantedPeriod) return;
    scrolledTo.current = wantedPeriod;
    document.getElementById('lookup')?.scrollIntoView?.({ block: 'start' });
  }, [wantedPeriod, lookup.data]);

  const recent = useMemo(() => info?.recent ?? [], [info]);
  const periodConfig = useMemo(() => ({ roundSeconds, lockSeconds }), [roundSeconds, lockSeconds]);
  const ready = info !== null || error !== null;

  // The looked-up period first, then the recent ones oldest first (each later one walks only down to the one before).
  const { jobs, lookupKey, recentKeys } = useMemo(() => {
    const list: VerificationJob[] = [];
    let lookupKey: string | null = null;
    const recentKeys: Record<string, string> = {};
    if (!ready) return { jobs: list, lookupKey, recentKeys };
    const chains = info?.chains ?? [];
    if (lookup.data) {
      const input = {
        period: lookup.data.period,
        chains,
        periodChain: lookup.data.chain,
        beacons: [lookup.data.beacon, info?.beacon],
        periodConfig,
      };
      lookupKey = jobKey(input);
      list.push({ key: lookupKey, input });
    }
    for (const period of [...recent].reverse()) {
      const input = { period, chains, beacons: [info?.beacon], periodConfig };
      recentKeys[period.periodId] = jobKey(input);
      list.push({ key: recentKeys[period.periodId]!, input });
    }
    return { jobs: list, lookupKey, recentKeys };
  }, [ready, info, lookup.data, recent, periodConfig]);

  const { results, progress } = useVerifications(jobs, checkpoints);

  const betContext = useMemo((): BetContext | null => {
    if (!wantedBet) return null;
    const signedOut = !auth.isLoading && !auth.isAuthenticated;
    const mine = proof.betId === wantedBet;
    return {
      betId: wantedBet,
      signedOut,
      proof: mine ? proof.data : null,
      fetching: auth.isLoading || (auth.isAuthenticated && (!mine || proof.isLoading)),
    };
  }, [wantedBet, auth.isLoading, auth.isAuthenticated, proof]);

  const lookupVerification = useMemo((): PeriodVerification | null => {
    const base = lookupKey ? (results[lookupKey] ?? null) : null;
    const period: FairnessPeriod | undefined = lookup.data?.period;
    if (!base || !period || !betContext || period.periodId !== wantedPeriod) return base;
    const own = history.find((b) => b._id === betContext.betId);
    const refused =
      proof.betId === betContext.betId && proof.error && proof.status !== null && REFUSED.has(proof.status)
        ? proof.error
        : null;
    const bet: BetToCheck = {
      betId: betContext.betId,
      proof: betContext.proof,
      refused,
      note: betContext.signedOut
        ? CHECK_TEXT.myBet.signIn
        : proof.betId === betContext.betId && proof.error
          ? translateServerMessage(proof.error)
          : t('fairness.check.fetchingProof'),
      known: own ? { game: own.betType, choice: own.betValue, stakePaise: own.amountPaise } : null,
    };
    return withBetCheck(base, period, bet);
  }, [lookupKey, results, lookup.data, betContext, wantedPeriod, history, proof, t]);

  const verifications = useMemo(
    () => Object.fromEntries(Object.entries(recentKeys).map(([periodId, key]) => [periodId, results[key] ?? null])),
    [recentKeys, results],
  );

  return (
    <Screen title={t('fairness.title')} className="fairness">
      <h1>{t('fairness.title')}</h1>
      <p className="muted">{t('fairness.intro')}</p>
      {isLoading && !info && <Spinner label={t('fairness.loading')} />}
      {error && (
        <p className="fair-error" role="alert">
          {translateServerMessage(error)}
        </p>
      )}

      <ChainSection info={info} />
      <BeaconSection beacon={info?.beacon ?? null} loaded={info !== null} />
      <BetsSection recent={recent} />
      <RefundsSection refunds={info?.refunds ?? null} recent={recent} />
      <HouseSection stats={stats} />
      <OddsSection />
      <CheckSection
        recent={recent}
        loaded={info !== null}
        wantedPeriod={wantedPeriod}
        onLookUp={onLookUp}
        lookup={lookup}
        lookupVerification={lookupVerification}
        verifications={verifications}
        progress={progress}
        bet={betContext}
      />
    </Screen>
  );
}
