import { useEffect, useRef } from 'react';
import { useAppSelector } from '../../shared/store-hooks';
import { selectLockSeconds } from '../config/selectors';
import { selectResultPopup, selectSecondsLeft } from '../game/selectors';
import type { SoundPlayer } from './sound-player';

/** Seconds before the betting lock that tick, one tick each. */
export const TICK_SECONDS = 5;
/** A period's results arrive bet by bet: its chime waits this long so it says whether any of them won. */
export const RESULT_GATHER_MS = 250;

/**
 * Plays the game's sounds while `enabled`: a tick each second in the last `TICK_SECONDS` before the betting lock, and
 * one chime per period's results (rising when any bet of the period won, level when none did).
 */
export function useGameSounds(enabled: boolean, player: SoundPlayer): void {
  const seconds = useAppSelector(selectSecondsLeft);
  const lockSeconds = useAppSelector(selectLockSeconds);
  const popup = useAppSelector(selectResultPopup);

  useEffect(() => {
    if (!enabled || seconds === null) return;
    const toLock = seconds - lockSeconds;
    if (toLock >= 1 && toLock <= TICK_SECONDS) player.tick();
  }, [enabled, seconds, lockSeconds, player]);

  // The period whose results were chimed (or shown before this screen opened): each period's chime plays once.
  const chimed = useRef<string | null | undefined>(popup ? popup.periodId : undefined);
  useEffect(() => {
    if (!popup || popup.results.length === 0 || chimed.current === popup.periodId) return;
    const timer = window.setTimeout(() => {
      chimed.current = popup.periodId;
      if (enabled) player.result(popup.results.some((result) => result.win));
    }, RESULT_GATHER_MS);
    return () => window.clearTimeout(timer);
  }, [popup, enabled, player]);
}
