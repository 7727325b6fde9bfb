import { GAME_TEXTS } from '@app/domain';
import { useAppSelector } from '../../../app/hooks';
import { selectSecondsLeft, selectShowNextRoundOverlay } from '../selectors';

/** Full screen while 5 s or less remain and the player has a bet in the period. */
export function NextRoundOverlay() {
  const show = useAppSelector(selectShowNextRoundOverlay);
  const seconds = useAppSelector(selectSecondsLeft);
  if (!show) return null;
  return (
    <div className="next-round" role="dialog" aria-modal="true" aria-label={GAME_TEXTS.nextRoundSoon} data-testid="next-round-overlay">
      <div className="next-round__count" role="timer" aria-label={`${seconds} seconds left`}>
        <span aria-hidden="true">{seconds}</span>
      </div>
      <p className="next-round__text">{GAME_TEXTS.nextRoundSoon}</p>
    </div>
  );
}
