import { useT } from '../../../shared/i18n/i18n';
import { verdictOf, type CheckStatus, type PeriodVerification } from '../verify-period';

export const MARK: Record<CheckStatus, string> = { pass: '✔', fail: '✘', flag: '⚠', unchecked: '–' };
const SPOKEN = { pass: 'passed', fail: 'failed', flag: 'flagged' } as const;

/** The checks of one period, each with ✔, ✘, ⚠ or "not checked" and a one-line detail. */
export function VerificationReport({ verification }: { verification: PeriodVerification }) {
  const { t } = useT();
  const { periodId, checks } = verification;
  const warnings = checks.filter((c) => c.status === 'flag').length;
  const passed = checks.filter((c) => c.status === 'pass' || c.status === 'flag').length;
  const verdict = verdictOf(verification);
  const text = {
    failed: t('fairness.report.verdictBad', { periodId }),
    verified: warnings
      ? t('fairness.report.verdictOkWarnings', { periodId, count: warnings })
      : t('fairness.report.verdictOk', { periodId }),
    partial: t('fairness.report.verdictPartial', { periodId, passed, total: checks.length }),
    nothing: t('fairness.report.verdictNothing', { periodId }),
  }[verdict];
  const tone = verdict === 'failed' ? 'bad' : verdict === 'verified' ? (warnings ? 'flag' : 'ok') : 'partial';
  return (
    <div className={`verify-report verify-report--${tone}`} aria-live="polite">
      <p className="verify-report__verdict">{text}</p>
      <ul className="verify-report__checks" aria-label={t('fairness.report.checksLabel', { periodId })}>
        {checks.map((check) => (
          <li
            key={check.key}
            className={`verify-check verify-check--${check.status}`}
            data-check={check.key}
            data-status={check.status}
          >
            <span className="verify-check__mark" aria-hidden="true">
              {MARK[check.status]}
            </span>
            <span className="verify-check__label">
              {check.label}
              {check.status === 'unchecked' ? (
                <span className="verify-check__unchecked"> ({t('fairness.report.notChecked')})</span>
              ) : (
                <span className="visually-hidden">
                  {t(`fairness.report.${SPOKEN[check.status as Exclude<CheckStatus, 'unchecked'>]}`)}
                </span>
              )}
            </span>
            <span className="verify-check__detail small muted">{check.detail}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
