import { GAME_TEXTS } from '@app/domain';
import { useAppSelector } from '../../../shared/store-hooks';
import { selectSecondsLeft, selectShowNextRoundOverlay } from '../selectors';

/**
 * Full screen while 5 s or less remain and the player has a bet in the period: betting is closed and the result is
 * coming (the spec's 'Next round starts soon!' follows, smaller: it read as if this round's result were not awaited).
 */
export function NextRoundOverlay() {
  const show = useAppSelector(selectShowNextRoundOverlay);
  const seconds = useAppSelector(selectSecondsLeft);
  if (!show) return null;
  return (
    <div
      className="next-round"
      role="dialog"
      aria-modal="true"
      aria-label={GAME_TEXTS.resultComing}
      data-testid="next-round-overlay"
    >
      <div className="next-round__count" role="timer" aria-label={`${seconds} seconds left`}>
        <span aria-hidden="true">{seconds}</span>
      </div>
      <p className="next-round__text">{GAME_TEXTS.resultComing}</p>
      <p className="next-round__sub">{GAME_TEXTS.nextRoundSoon}</p>
    </div>
  );
}
