import { useEffect, useMemo, useState } from 'react';
import { createSoundPlayer } from '../sound-player';
import { readSoundEnabled, writeSoundEnabled } from '../sound-preference';
import { useGameSounds } from '../use-game-sounds';
import { useT } from '../../../shared/i18n/i18n';

/**
 * The game screen's sound effects and their switch: off until the player turns them on, remembered on the device.
 * Turning them on plays a tick, so the player hears how loud they are (and the tap lets the browser play audio).
 */
export function GameSounds() {
  const { t } = useT();
  const [enabled, setEnabled] = useState(readSoundEnabled);
  const player = useMemo(() => createSoundPlayer(), []);
  useEffect(() => () => player.close(), [player]);
  useGameSounds(enabled, player);

  const toggle = () => {
    const next = !enabled;
    setEnabled(next);
    writeSoundEnabled(next);
    if (next) player.tick();
  };

  return (
    <div className="sound-toggle">
      <button
        type="button"
        role="switch"
        aria-checked={enabled}
        aria-describedby="sound-toggle-hint"
        className="sound-toggle__switch"
        onClick={toggle}
      >
        <span aria-hidden="true">{enabled ? '🔊' : '🔇'}</span>
        <span>{t('sound.label')}</span>
        <span className="sound-toggle__state">{enabled ? t('sound.on') : t('sound.off')}</span>
      </button>
      <p id="sound-toggle-hint" className="sound-toggle__hint small muted">
        {t('sound.hint')}
      </p>
    </div>
  );
}
