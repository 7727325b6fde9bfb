import { isLockedAt } from '@app/domain';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../../../shared/store-hooks';
import { PATHS } from '../../../shared/paths';
import { selectLockSeconds } from '../../config/selectors';
import { selectPeriod, selectSecondsLeft } from '../selectors';
import { useT } from '../../../shared/i18n/i18n';

const shortHash = (hash: string) => `${hash.slice(0, 6)}…${hash.slice(-4)}`;
const twoDigits = (n: number) => String(n).padStart(2, '0');

/** The period id, its countdown and the committed hash of the seed that will draw it. */
export function PeriodCard() {
  const period = useAppSelector(selectPeriod);
  const seconds = useAppSelector(selectSecondsLeft);
  const lockSeconds = useAppSelector(selectLockSeconds);
  const { t } = useT();
  const locked = seconds !== null && isLockedAt(seconds, lockSeconds);
  return (
    <section className="card period-card" aria-label={t('game.currentPeriod')}>
      <div className="period-card__row">
        <div className="period-card__id">
          <span className="label">{t('game.period')}</span>
          <strong data-testid="period-id">{period?.periodId ?? '—'}</strong>
        </div>
        <div
          className={`period-card__clock${locked ? ' period-card__clock--locked' : ''}`}
          role="timer"
          aria-label={seconds === null ? t('game.waitingForPeriod') : t('game.periodEndsIn', { count: seconds })}
        >
          <span aria-hidden="true">
            {seconds === null ? '--:--' : `${twoDigits(Math.floor(seconds / 60))}:${twoDigits(seconds % 60)}`}
          </span>
        </div>
      </div>
      <p className="period-card__hash small">
        <span className="muted">{t('game.seedHash')} </span>
        {period?.seedHash ? (
          <code title={period.seedHash} data-testid="period-seed-hash">
            {shortHash(period.seedHash)}
          </code>
        ) : (
          <span className="muted">—</span>
        )}
        <Link to={PATHS.fairness} className="period-card__verify">
          {t('game.provablyFair')}
        </Link>
      </p>
    </section>
  );
}
