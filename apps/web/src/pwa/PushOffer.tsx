import { useEffect, useState } from 'react';
import { selectWalletFlags } from '../features/wallet/selectors';
import { useAppDispatch, useAppSelector } from '../shared/store-hooks';
import { notificationPermission } from './browser-push';
import { useT } from '../shared/i18n/i18n';
import { pushKeyRequested, pushTurnedOn } from './push.slice';

const DISMISSED_KEY = 'wr.push-offer-dismissed';

function dismissedBefore(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return true;
  }
}

/**
 * The web push offer, on the wallet, after a first deposit: only when the server sends push, the browser can receive
 * it and has not been asked yet, and the player has not said Not now.
 */
export function PushOffer() {
  const { t } = useT();
  const dispatch = useAppDispatch();
  const active = useAppSelector(selectWalletFlags)?.isActive === true;
  const publicKey = useAppSelector((state) => state.push.publicKey);
  const status = useAppSelector((state) => state.push.status);
  const [dismissed, setDismissed] = useState(dismissedBefore);
  const askable = active && !dismissed && notificationPermission() === 'default';

  useEffect(() => {
    if (askable) dispatch(pushKeyRequested());
  }, [askable, dispatch]);

  if (!askable || !publicKey || status !== 'idle') return null;
  const later = () => {
    try {
      localStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Private mode: the offer may come again next visit.
    }
    setDismissed(true);
  };
  return (
    <aside className="offer-card" aria-labelledby="push-offer-title">
      <p id="push-offer-title" className="offer-card__title">
        {t('push.title')}
      </p>
      <p className="offer-card__body">{t('push.body')}</p>
      <div className="offer-card__actions">
        <button type="button" className="btn btn--ghost" onClick={later}>
          {t('push.later')}
        </button>
        <button type="button" className="btn btn--primary" onClick={() => dispatch(pushTurnedOn())}>
          {t('push.turnOn')}
        </button>
      </div>
    </aside>
  );
}
