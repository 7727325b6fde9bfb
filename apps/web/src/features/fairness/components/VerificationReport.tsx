import { PAGE_TEXT } from '../texts';
import { verdictOf, type CheckStatus, type PeriodVerification } from '../verify-period';

const T = PAGE_TEXT.report;

export const MARK: Record<CheckStatus, string> = { pass: '✔', fail: '✘', flag: '⚠', unchecked: '–' };
const SPOKEN: Record<Exclude<CheckStatus, 'unchecked'>, string> = { pass: T.passed, fail: T.failed, flag: T.flagged };

/** The checks of one period, each with ✔, ✘, ⚠ or "not checked" and a one-line detail. */
export function VerificationReport({ verification }: { verification: PeriodVerification }) {
  const { periodId, checks } = verification;
  const warnings = checks.filter((c) => c.status === 'flag').length;
  const passed = checks.filter((c) => c.status === 'pass' || c.status === 'flag').length;
  const verdict = verdictOf(verification);
  const text = {
    failed: T.verdictBad(periodId),
    verified: T.verdictOk(periodId, warnings),
    partial: T.verdictPartial(periodId, passed, checks.length),
    nothing: T.verdictNothing(periodId),
  }[verdict];
  const tone = verdict === 'failed' ? 'bad' : verdict === 'verified' ? (warnings ? 'flag' : 'ok') : 'partial';
  return (
    <div className={`verify-report verify-report--${tone}`} aria-live="polite">
      <p className="verify-report__verdict">{text}</p>
      <ul className="verify-report__checks" aria-label={T.checksLabel(periodId)}>
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
                <span className="verify-check__unchecked"> ({T.notChecked})</span>
              ) : (
                <span className="visually-hidden">{SPOKEN[check.status as Exclude<CheckStatus, 'unchecked'>]}</span>
              )}
            </span>
            <span className="verify-check__detail small muted">{check.detail}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
