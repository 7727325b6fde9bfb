import { useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../../shared/store-hooks';
import { limitsSaveRequested } from '../play-safely.slice';
import { useT } from '../../../shared/i18n/i18n';
import { selectLimitsView, selectShouldOfferLimits } from '../selectors';
import { LimitsForm } from './LimitsForm';

/**
 * The limits step after sign-up: shown once, to a player whose limits were never offered (their first sign-in after
 * registering). Saving or "Not now" both record that it was offered (any PUT /player/limits does), so it closes.
 */
export function LimitsOfferStep() {
  const dispatch = useAppDispatch();
  const offer = useAppSelector(selectShouldOfferLimits);
  const view = useAppSelector(selectLimitsView);
  const { t } = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (offer) heading.current?.focus();
  }, [offer]);
  if (!offer || !view) return null;
  return (
    <div className="limits-offer" role="dialog" aria-modal="true" aria-labelledby="limits-offer-title">
      <div className="limits-offer__panel">
        <h2 id="limits-offer-title" ref={heading} tabIndex={-1}>
          {t('playSafely.offerTitle')}
        </h2>
        <p className="small">{t('playSafely.offerText')}</p>
        <LimitsForm view={view} />
        <button type="button" className="btn btn--ghost btn--block" onClick={() => dispatch(limitsSaveRequested({}))}>
          {t('playSafely.offerSkip')}
        </button>
      </div>
    </div>
  );
}
