import type { DrawVerification } from '../verify-draw';

const MARK = { true: '✔', false: '✘', null: '–' } as const;

/** The checks of one period, each with ✔ or ✘, and the result recomputed in the browser. */
export function VerificationReport({ verification }: { verification: DrawVerification }) {
  const { computed } = verification;
  return (
    <div className={`verify-report verify-report--${verification.ok ? 'ok' : 'bad'}`} aria-live="polite">
      <p className="verify-report__verdict">
        Period {verification.periodId}: {verification.ok ? 'verified' : 'does not verify'}
      </p>
      <ul className="verify-report__checks" aria-label={`Checks of period ${verification.periodId}`}>
        {verification.checks.map((check) => (
          <li key={check.key} className={`verify-check verify-check--${String(check.ok)}`} data-check={check.key}>
            <span className="verify-check__mark" aria-hidden="true">
              {MARK[String(check.ok) as keyof typeof MARK]}
            </span>
            <span className="verify-check__label">
              {check.label}
              <span className="visually-hidden">
                {check.ok === true ? ': passed' : check.ok === false ? ': failed' : ': not compared'}
              </span>
            </span>
            <span className="verify-check__detail small muted">{check.detail}</span>
          </li>
        ))}
      </ul>
      {computed && (
        <p className="verify-report__hmac small muted">
          HMAC-SHA256(seed, period id) = <code>{computed.hmacHex}</code>
        </p>
      )}
    </div>
  );
}
