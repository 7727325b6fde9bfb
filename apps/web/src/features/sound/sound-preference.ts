/** Where the player's choice is remembered: 'on' or 'off' (sound effects are off until the player turns them on). */
export const SOUND_PREFERENCE_KEY = 'winround.sound-effects';

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage blocked (private mode, a sandboxed frame)
  }
}

/** Whether the player turned sound effects on (off by default, and when the storage cannot be read). */
export function readSoundEnabled(): boolean {
  try {
    return storage()?.getItem(SOUND_PREFERENCE_KEY) === 'on';
  } catch {
    return false;
  }
}

/** Remembers the choice on this device; when it cannot be stored it holds for this visit only. */
export function writeSoundEnabled(enabled: boolean): void {
  try {
    storage()?.setItem(SOUND_PREFERENCE_KEY, enabled ? 'on' : 'off');
  } catch {
    /* not remembered: the toggle still holds until the page is left */
  }
}
