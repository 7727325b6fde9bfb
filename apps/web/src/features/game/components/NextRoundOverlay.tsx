import { useAppSelector } from '../../../shared/store-hooks';
import { selectSecondsLeft, selectShowNextRoundOverlay } from '../selectors';
import { useT } from '../../../shared/i18n/i18n';

/**
 * Full screen while 5 s or less remain and the player has a bet in the period: betting is closed and the result is
 * coming (the spec's 'Next round starts soon!' follows, smaller: it read as if this round's result were not awaited).
 */
export function NextRoundOverlay() {
  const show = useAppSelector(selectShowNextRoundOverlay);
  const seconds = useAppSelector(selectSecondsLeft);
  const { t } = useT();
  if (!show) return null;
  return (
    <div
      className="next-round"
      role="dialog"
      aria-modal="true"
      aria-label={t('game.texts.resultComing')}
      data-testid="next-round-overlay"
    >
      <div className="next-round__count" role="timer" aria-label={t('header.secondsLeft', { count: seconds ?? 0 })}>
        <span aria-hidden="true">{seconds}</span>
      </div>
      <p className="next-round__text">{t('game.texts.resultComing')}</p>
      <p className="next-round__sub">{t('game.texts.nextRoundSoon')}</p>
    </div>
  );
}
