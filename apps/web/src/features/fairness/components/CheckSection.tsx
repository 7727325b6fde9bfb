import type { BetProof, FairnessPeriod } from '@app/contracts';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { i18n, useT } from '../../../shared/i18n/i18n';
import { translateServerMessage } from '../../../shared/i18n/server-messages';
import { PATHS } from '../../../shared/paths';
import { Spinner } from '../../../shared/ui/Spinner';
import type { FairnessState } from '../fairness.slice';
import { count } from '../format';
import type { VerificationProgress } from '../use-verifications';
import { verdictOf, type PeriodVerification } from '../verify-period';
import { PeriodDetails } from './PeriodDetails';

const STEPS = ['step1', 'step2', 'step3', 'step4', 'step5', 'step6'] as const;

function Progress({ progress }: { progress: VerificationProgress | null }) {
  const { t } = useT();
  return (
    <div className="fair-progress" data-testid="verify-progress">
      <p className="small" role="status" aria-live="polite">
        {progress ? t('fairness.check.progress', { periodId: progress.periodId }) : ''}
      </p>
      {progress && progress.total > 0 && (
        <>
          <progress
            className="fair-progress__bar"
            max={progress.total}
            value={progress.walked}
            aria-label={t('fairness.check.walkLabel')}
          />
          <span className="small muted">
            {t('fairness.check.walking', { walked: count(progress.walked), total: count(progress.total) })}
          </span>
        </>
      )}
    </div>
  );
}

/** ✔ verified, ⚠ verified with a warning, ✘ does not verify, – nothing to check, … not checked yet. */
function markOf(v: PeriodVerification | null | undefined): { mark: string; spoken: string; tone: string } {
  if (!v) return { mark: '…', spoken: i18n.t('fairness.check.pending'), tone: 'none' };
  const verdict = verdictOf(v);
  if (verdict === 'failed') return { mark: '✘', spoken: i18n.t('fairness.check.failed'), tone: 'false' };
  if (verdict === 'nothing') return { mark: '–', spoken: i18n.t('fairness.check.nothing'), tone: 'none' };
  if (verdict === 'partial') return { mark: '–', spoken: i18n.t('fairness.check.partial'), tone: 'none' };
  if (v.checks.some((c) => c.status === 'flag'))
    return { mark: '⚠', spoken: i18n.t('fairness.check.flagged'), tone: 'flag' };
  return { mark: '✔', spoken: i18n.t('fairness.check.verified'), tone: 'true' };
}

function RecentPeriod({ period, verification }: { period: FairnessPeriod; verification: PeriodVerification | null }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const { mark, spoken, tone } = markOf(verification);
  const drawn = typeof period.digit === 'number' && period.status !== 'REFUNDED';
  return (
    <li>
      <button
        type="button"
        className="fair-period"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={() => setOpen(!open)}
      >
        <span className="fair-period__id">{period.periodId}</span>
        {drawn ? (
          <span className={`digit-ball digit-ball--${period.color}`}>{period.digit}</span>
        ) : (
          <span className="fair-period__refunded small muted">
            {period.status === 'REFUNDED'
              ? t('fairness.check.refunded')
              : t(`fairness.status.${period.status}`, { defaultValue: period.status })}
            {period.voidResult && ` · ${t('fairness.check.wouldHave', { digit: period.voidResult.digit })}`}
          </span>
        )}
        <span className={`fair-period__mark fair-period__mark--${tone}`}>
          {mark}
          <span className="visually-hidden"> {spoken}</span>
        </span>
      </button>
      {open && (
        <div id={detailsId}>
          <PeriodDetails period={period} verification={verification} />
        </div>
      )}
    </li>
  );
}

export interface BetContext {
  betId: string;
  signedOut: boolean;
  proof: BetProof | null;
  fetching: boolean;
}

interface CheckSectionProps {
  recent: readonly FairnessPeriod[];
  loaded: boolean;
  wantedPeriod: string;
  onLookUp: (periodId: string) => void;
  lookup: FairnessState['lookup'];
  lookupVerification: PeriodVerification | null;
  verifications: Readonly<Record<string, PeriodVerification | null>>;
  progress: VerificationProgress | null;
  bet: BetContext | null;
}

/** 6. Check a period: look one up (?period=), or pick a recent one; each is verified in this browser. */
export function CheckSection({
  recent,
  loaded,
  wantedPeriod,
  onLookUp,
  lookup,
  lookupVerification,
  verifications,
  progress,
  bet,
}: CheckSectionProps) {
  const { t } = useT();
  const [periodId, setPeriodId] = useState(wantedPeriod);
  useEffect(() => setPeriodId(wantedPeriod), [wantedPeriod]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (periodId.trim()) onLookUp(periodId.trim());
  };
  const found = lookup.data?.period ?? null;
  return (
    <section className="fair-section" aria-labelledby="fair-check" id="check">
      <h2 id="fair-check">{t('fairness.check.heading')}</h2>
      <p>{t('fairness.check.how')}</p>
      <ol className="fair-steps">
        {STEPS.map((step) => (
          <li key={step}>{t(`fairness.check.${step}`)}</li>
        ))}
      </ol>
      <Progress progress={progress} />

      <form className="fair-form" onSubmit={onSubmit} aria-labelledby="fair-lookup" id="lookup">
        <h3 id="fair-lookup">{t('fairness.check.lookupHeading')}</h3>
        <label className="fair-field">
          <span>{t('fairness.check.periodId')}</span>
          <input
            value={periodId}
            onChange={(e) => setPeriodId(e.target.value)}
            inputMode="numeric"
            autoComplete="off"
          />
        </label>
        <button type="submit" className="btn btn--ghost btn--block" disabled={!periodId.trim() || lookup.isLoading}>
          {t('fairness.check.lookup')}
        </button>
        {lookup.isLoading && <Spinner size="sm" label={t('fairness.check.lookingUp')} />}
        {lookup.error && (
          <p className="fair-error small" role="alert">
            {translateServerMessage(lookup.error)}
          </p>
        )}
        {found && (
          <div className="fair-lookup-result" data-testid="lookup-result">
            <h4>{t('fairness.check.periodHeading', { periodId: found.periodId })}</h4>
            {found.status === 'OPEN' && (
              <p className="small muted">
                {t('fairness.period.notDrawn', { periodId: found.periodId })}
                {!found.seedHash && ` ${t('fairness.period.hashPending')}`}
              </p>
            )}
            {bet && found.periodId === wantedPeriod && bet.signedOut && (
              <p className="fair-callout small">
                {t('fairness.check.signInForBet')} <Link to={PATHS.login}>{t('fairness.check.signIn')}</Link>
              </p>
            )}
            {bet && found.periodId === wantedPeriod && bet.fetching && (
              <Spinner size="sm" label={t('fairness.check.fetchingProof')} />
            )}
            <PeriodDetails
              period={found}
              verification={lookupVerification}
              proof={bet && found.periodId === wantedPeriod ? bet.proof : null}
            />
          </div>
        )}
      </form>

      <h3>{t('fairness.check.recentHeading')}</h3>
      {recent.length === 0 && loaded && <p className="muted small">{t('fairness.check.none')}</p>}
      {recent.length > 0 && (
        <ul className="fair-periods" aria-label={t('fairness.check.recentLabel')}>
          {recent.map((period) => (
            <RecentPeriod key={period.periodId} period={period} verification={verifications[period.periodId] ?? null} />
          ))}
        </ul>
      )}
    </section>
  );
}
