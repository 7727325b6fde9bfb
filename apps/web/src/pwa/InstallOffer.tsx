import { useSyncExternalStore } from 'react';
import { selectBetIds } from '../features/bets/selectors';
import { useAppSelector } from '../shared/store-hooks';
import {
  acceptInstallPrompt,
  dismissInstallPrompt,
  heldInstallPrompt,
  onInstallPromptChange,
  wasOffered,
} from './install-prompt';
import { useT } from '../shared/i18n/i18n';

/** The install offer, once, to a player who has placed a bet, when the browser offers installation at all. */
export function InstallOffer() {
  const { t } = useT();
  const offer = useSyncExternalStore(onInstallPromptChange, heldInstallPrompt, () => null);
  const hasBet = useAppSelector((state) => selectBetIds(state).length > 0);
  if (!offer || !hasBet || wasOffered()) return null;
  return (
    <aside className="offer-card" aria-labelledby="install-offer-title">
      <p id="install-offer-title" className="offer-card__title">
        {t('install.title')}
      </p>
      <p className="offer-card__body">{t('install.body')}</p>
      <div className="offer-card__actions">
        <button type="button" className="btn btn--ghost" onClick={dismissInstallPrompt}>
          {t('install.later')}
        </button>
        <button type="button" className="btn btn--primary" onClick={() => void acceptInstallPrompt()}>
          {t('install.install')}
        </button>
      </div>
    </aside>
  );
}
