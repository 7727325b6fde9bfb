import { formatPaiseShort, WITHDRAWAL_PROCESSING_TIME_TEXT } from '@app/domain';
import { useId, useState } from 'react';
import { useAppSelector } from '../../../shared/store-hooks';
import { selectDepositBounds, selectGstPercent, selectWithdrawalBounds } from '../../config/selectors';

const rupees = formatPaiseShort;

/** The wallet's collapsible instructions: deposit and withdrawal limits, processing time and the GST note. */
export function WalletInstructions() {
  const [open, setOpen] = useState(false);
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
          <span>Instructions</span>
          <span className="wallet-instructions__chevron" aria-hidden="true">
            {open ? '▴' : '▾'}
          </span>
        </button>
      </h2>
      {open && (
        <ul id={regionId} className="wallet-instructions__list">
          <li>
            Deposit: minimum {rupees(deposit.minPaise)}, maximum {rupees(deposit.maxPaise)}. Pay by UPI, then enter the
            UTR (the 12-digit reference of your payment). Your deposit is credited once it is verified.
          </li>
          <li>
            Withdrawal: {rupees(withdrawal.minPaise)}–{rupees(withdrawal.dailyMaxPaise)} per day, to your UPI ID or bank
            account, from your main balance. The bonus balance can be played but not withdrawn.
          </li>
          <li>{WITHDRAWAL_PROCESSING_TIME_TEXT}</li>
          <li>{gstPercent}% GST applies to winnings; payouts are credited net of GST.</li>
        </ul>
      )}
    </section>
  );
}
