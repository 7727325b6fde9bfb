import type { UpiApp, WithdrawRequest } from '@app/contracts';
import {
  FORM_FALLBACKS,
  IFSC_LENGTH,
  UPI_APP_LIST,
  WITHDRAW_MESSAGES,
  WITHDRAW_PRESETS,
  WITHDRAWAL_MIN_PAISE,
  WITHDRAWAL_PROCESSING_TIME_TEXT,
  formatPaise,
  isWithdrawPresetEnabled,
  paiseToRupees,
  resolveUpiId,
  rupeesToPaise,
  validateWithdraw,
} from '@app/domain';
import { useEffect, useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Screen } from '../../../shared/ui/Screen';
import { presetLabel, typedAmountPaise } from '../../../shared/ui/AmountPicker';
import { selectWithdrawalBounds } from '../../config/selectors';
import { Spinner } from '../../../shared/ui/Spinner';
import { PayAlert } from '../../wallet/components/PayAlert';
import { PayAmountField } from '../../wallet/components/PayAmountField';
import '../../wallet/components/payments.css';
import { selectMainBalancePaise, selectWallet, selectWalletBanners } from '../../wallet/selectors';
import { useWalletData } from '../../wallet/use-wallet-data';
import { selectWithdraw } from '../selectors';
import { withdrawReset, withdrawSubmitted } from '../withdraw.slice';

type Method = WithdrawRequest['method'];

interface Fields {
  method: Method;
  amount: string;
  upiApp: UpiApp | null;
  upiId: string;
  accountNumber: string;
  ifsc: string;
  accountHolderName: string;
}

const EMPTY_FIELDS: Fields = {
  method: 'UPI',
  amount: '',
  upiApp: null,
  upiId: '',
  accountNumber: '',
  ifsc: '',
  accountHolderName: '',
};

const WITHDRAW_PRESETS_PAISE = WITHDRAW_PRESETS.map(rupeesToPaise);

/** Said when the amount is finer than a paisa (e.g. 500.125): rupees have two decimals. */
export const AMOUNT_DECIMALS_MESSAGE = 'Enter the amount with at most 2 decimals (paise), e.g. 500.25.';
const MORE_THAN_TWO_DECIMALS = /^\s*\d*\.\d{3,}\s*$/;

/** A preset can be picked when it is within the product's limits: not below the minimum, not above the balance. */
function presetEnabled(presetPaise: number, balancePaise: number | null): boolean {
  return balancePaise !== null && presetPaise >= WITHDRAWAL_MIN_PAISE && isWithdrawPresetEnabled(paiseToRupees(presetPaise), balancePaise);
}

/**
 * /withdraw (SPEC 2, 4, 5): UPI (app grid + UPI ID, the app's handle appended when the ID has no @) or bank transfer
 * (account number, IFSC, holder name); amount presets above the balance are disabled. A fulfilled request refreshes
 * the wallet and shows the transaction id and the processing time; Back resets every field.
 */
export function WithdrawPage() {
  useWalletData();
  const dispatch = useAppDispatch();
  const { status, error, result } = useAppSelector(selectWithdraw);
  const { summaryLoading, summaryError } = useAppSelector(selectWallet);
  const balancePaise = useAppSelector(selectMainBalancePaise);
  const banners = useAppSelector(selectWalletBanners);
  const bounds = useAppSelector(selectWithdrawalBounds);

  const [fields, setFields] = useState<Fields>(EMPTY_FIELDS);
  const [formError, setFormError] = useState<string | null>(null);

  // Leave nothing of this request for the next visit.
  useEffect(() => () => void dispatch(withdrawReset()), [dispatch]);

  const update = (patch: Partial<Fields>) => {
    setFields((f) => ({ ...f, ...patch }));
    setFormError(null);
    if (status === 'failure') dispatch(withdrawReset());
  };

  const resetAll = () => {
    setFields(EMPTY_FIELDS);
    setFormError(null);
    dispatch(withdrawReset());
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (status === 'loading' || balancePaise === null) return;
    if (MORE_THAN_TWO_DECIMALS.test(fields.amount)) {
      setFormError(AMOUNT_DECIMALS_MESSAGE);
      return;
    }
    const checked = validateWithdraw(fields, { balancePaise });
    if (!checked.ok) {
      setFormError(checked.error);
      return;
    }
    setFormError(null);
    const value = checked.value;
    const amount = paiseToRupees(value.amountPaise);
    dispatch(
      withdrawSubmitted(
        value.method === 'UPI'
          ? { method: 'UPI', amount, upiApp: value.upiApp, upiId: value.upiId }
          : {
              method: 'BANK_TRANSFER',
              amount,
              accountNumber: value.accountNumber,
              ifsc: value.ifsc,
              accountHolderName: value.accountHolderName,
            },
      ),
    );
  };

  if (status === 'success' && result) {
    return (
      <Screen title="Withdraw" className="withdraw">
        <h1>Withdraw</h1>
        <section className="withdraw-done card" aria-labelledby="withdraw-done-title">
          <span className="withdraw-done__icon" aria-hidden="true">
            ✓
          </span>
          <h2 id="withdraw-done-title">Withdrawal requested</h2>
          <PayAlert kind="success">{result.message}</PayAlert>
          <p className="withdraw-done__id">
            Transaction ID: <strong className="pay-mono">{result.transactionId}</strong>
          </p>
          <p>{WITHDRAWAL_PROCESSING_TIME_TEXT}</p>
          <button type="button" className="btn btn--primary btn--block" onClick={resetAll}>
            Back
          </button>
        </section>
      </Screen>
    );
  }

  const finalUpiId = fields.upiApp && fields.upiId.trim() ? resolveUpiId(fields.upiId, fields.upiApp) : null;
  const shownError = formError ?? (status === 'failure' ? error || FORM_FALLBACKS.withdraw : null);

  return (
    <Screen title="Withdraw" className="withdraw">
      <h1>Withdraw</h1>

      <div className="pay-summary" aria-live="polite">
        <span className="muted">Available balance</span>
        {balancePaise !== null ? (
          <strong data-testid="withdraw-balance">{formatPaise(balancePaise)}</strong>
        ) : summaryLoading ? (
          <Spinner size="sm" label="Loading balance" />
        ) : (
          <strong>—</strong>
        )}
      </div>
      {summaryError && (
        <p className="pay-error" role="alert">
          {summaryError}
        </p>
      )}
      {banners.map((text) => (
        <PayAlert key={text} kind="warning">
          {text}
        </PayAlert>
      ))}

      <form className="pay-form" onSubmit={submit} noValidate>
        <fieldset className="pay-group">
          <legend>Method</legend>
          <div className="pay-toggle">
            <button
              type="button"
              className="pay-toggle__option"
              aria-pressed={fields.method === 'UPI'}
              onClick={() => update({ method: 'UPI' })}
            >
              UPI
            </button>
            <button
              type="button"
              className="pay-toggle__option"
              aria-pressed={fields.method === 'BANK_TRANSFER'}
              onClick={() => update({ method: 'BANK_TRANSFER' })}
            >
              Bank Transfer
            </button>
          </div>
        </fieldset>

        <PayAmountField
          presetsPaise={WITHDRAW_PRESETS_PAISE}
          chosenPaise={typedAmountPaise(fields.amount)}
          isEnabled={(paise) => presetEnabled(paise, balancePaise)}
          titleOf={(paise) => (paise < WITHDRAWAL_MIN_PAISE ? WITHDRAW_MESSAGES.minimum : undefined)}
          amount={fields.amount}
          onAmount={(amount) => update({ amount })}
          min={1}
          placeholder={`${presetLabel(bounds.minPaise)} – ${presetLabel(bounds.maxPaise)}`}
        />

        {fields.method === 'UPI' ? (
          <fieldset className="pay-group">
            <legend>UPI app</legend>
            <ul className="upi-apps upi-apps--grid">
              {UPI_APP_LIST.map((app) => (
                <li key={app.key}>
                  <button
                    type="button"
                    className="upi-app"
                    aria-pressed={fields.upiApp === app.key}
                    onClick={() => update({ upiApp: app.key })}
                  >
                    <span className={`upi-app__mark upi-app__mark--${app.key}`} aria-hidden="true">
                      {app.initials}
                    </span>
                    {app.name}
                  </button>
                </li>
              ))}
            </ul>
            <div className="pay-field">
              <label className="pay-field__label" htmlFor="withdraw-upi-id">
                UPI ID
              </label>
              <input
                id="withdraw-upi-id"
                className="pay-input"
                type="text"
                inputMode="email"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                placeholder="yourname or yourname@bank"
                aria-describedby={finalUpiId ? 'withdraw-final-upi-id' : undefined}
                value={fields.upiId}
                onChange={(e) => update({ upiId: e.target.value })}
              />
              {finalUpiId && (
                <span id="withdraw-final-upi-id" className="pay-hint" data-testid="final-upi-id">
                  Money goes to <strong className="pay-mono">{finalUpiId}</strong>
                </span>
              )}
            </div>
          </fieldset>
        ) : (
          <fieldset className="pay-group">
            <legend>Bank account</legend>
            <label className="pay-field">
              <span className="pay-field__label">Account number</span>
              <input
                className="pay-input pay-mono"
                type="text"
                inputMode="numeric"
                autoComplete="off"
                placeholder="9 to 18 digits"
                value={fields.accountNumber}
                onChange={(e) => update({ accountNumber: e.target.value })}
              />
            </label>
            <label className="pay-field">
              <span className="pay-field__label">IFSC</span>
              <input
                className="pay-input pay-input--upper pay-mono"
                type="text"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={IFSC_LENGTH}
                placeholder="e.g. SBIN0001234"
                value={fields.ifsc}
                onChange={(e) => update({ ifsc: e.target.value.toUpperCase().slice(0, IFSC_LENGTH) })}
              />
            </label>
            <label className="pay-field">
              <span className="pay-field__label">Account holder name</span>
              <input
                className="pay-input"
                type="text"
                autoComplete="name"
                placeholder="As on the bank account"
                value={fields.accountHolderName}
                onChange={(e) => update({ accountHolderName: e.target.value })}
              />
            </label>
          </fieldset>
        )}

        {shownError && <PayAlert kind="error">{shownError}</PayAlert>}

        <button type="submit" className="btn btn--primary btn--block" disabled={status === 'loading' || balancePaise === null}>
          {status === 'loading' ? 'Submitting…' : 'Withdraw'}
        </button>
      </form>
    </Screen>
  );
}
