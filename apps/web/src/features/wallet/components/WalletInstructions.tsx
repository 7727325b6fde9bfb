import { formatPaiseShort } from '../../../shared/money';
import { useId, useState } from 'react';
import { useAppSelector } from '../../../shared/store-hooks';
import { selectDepositBounds, selectGstPercent, selectWithdrawalBounds } from '../../config/selectors';
import { useT } from '../../../shared/i18n/i18n';

const rupees = formatPaiseShort;

/** The wallet's collapsible instructions: deposit and withdrawal limits, processing time and the GST note. */
export function WalletInstructions() {
  const [open, setOpen] = useState(false);
  const { t } = useT();
  const regionId = useId();
  const deposit = useAppSelector(selectDepositBounds);
  const withdrawal = useAppSelector(selectWithdrawalBounds);
  const gstPercent = useAppSelector(selectGstPercent);
  return (
    <section className="wallet-section wallet-instructions">
      <h2 className="wallet-instructions__heading">
        <button
          type="button"
          className="wallet-instructions__toggle"
          aria-expanded={open}
          aria-controls={regionId}
          onClick={() => setOpen((v) => !v)}
        >
          <span>{t('wallet.instructions')}</span>
          <span className="wallet-instructions__chevron" aria-hidden="true">
            {open ? '▴' : '▾'}
          </span>
        </button>
      </h2>
      {open && (
        <ul id={regionId} className="wallet-instructions__list">
          <li>{t('wallet.depositInstruction', { min: rupees(deposit.minPaise), max: rupees(deposit.maxPaise) })}</li>
          <li>
            {t('wallet.withdrawalInstruction', {
              min: rupees(withdrawal.minPaise),
              max: rupees(withdrawal.dailyMaxPaise),
            })}
          </li>
          <li>{t('wallet.processingTime')}</li>
          <li>{t('wallet.gstNote', { percent: gstPercent })}</li>
        </ul>
      )}
    </section>
  );
}
