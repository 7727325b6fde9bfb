import type { UpiApp, WithdrawRequest } from '@app/contracts';
import type { FieldErrors, WithdrawField } from '@app/domain';
import {
  IFSC_LENGTH,
  UPI_APP_LIST,
  WITHDRAW_PRESETS,
  WITHDRAWAL_MIN_PAISE,
  isWithdrawPresetEnabled,
  paiseToRupees,
  isUpiId,
  resolveUpiId,
  upiAppHandles,
  upiAppName,
  upiAppSuffix,
  rupeesToPaise,
  validateWithdraw,
} from '@app/domain';
import { formatPaise } from '../../../shared/money';
import { useT } from '../../../shared/i18n/i18n';
import { translateServerMessage } from '../../../shared/i18n/server-messages';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../../shared/store-hooks';
import { Screen } from '../../../shared/ui/Screen';
import { presetLabel, typedAmountPaise } from '../../../shared/ui/AmountPicker';
import { selectWithdrawalBounds } from '../../config/selectors';
import { Spinner } from '../../../shared/ui/Spinner';
import { PayAlert } from '../../wallet/components/PayAlert';
import { withdrawHandlesHint, withdrawPresetsNote } from '../withdraw-texts';
import { PayAmountField } from '../../wallet/components/PayAmountField';
import { IdentityLink } from '../../identity/components/IdentityLink';
import {
  selectIdentityStatus,
  selectMainBalancePaise,
  selectWallet,
  selectWalletBanners,
} from '../../wallet/selectors';
import { useWalletData } from '../../wallet/use-wallet-data';
import { selectWithdraw } from '../selectors';
import { withdrawReset, withdrawSubmitted } from '../withdraw.slice';
import { enIN } from '../../../locales/en-IN';

type Method = WithdrawRequest['method'];

interface Fields {
  method: Method;
  amount: string;
  upiApp: UpiApp | null;
  upiId: string;
  accountNumber: string;
  confirmAccountNumber: string;
  ifsc: string;
  accountHolderName: string;
}

const EMPTY_FIELDS: Fields = {
  method: 'UPI',
  amount: '',
  upiApp: null,
  upiId: '',
  accountNumber: '',
  confirmAccountNumber: '',
  ifsc: '',
  accountHolderName: '',
};

const WITHDRAW_PRESETS_PAISE = WITHDRAW_PRESETS.map(rupeesToPaise);

/** Said when the amount is finer than a paisa (e.g. 500.125): rupees have two decimals. */
export const AMOUNT_DECIMALS_MESSAGE = enIN.withdraw.amountDecimals;
const MORE_THAN_TWO_DECIMALS = /^\s*\d*\.\d{3,}\s*$/;

/** A preset can be picked when it is within the product's limits: not below the minimum, not above the balance. */
function presetEnabled(presetPaise: number, balancePaise: number | null): boolean {
  return (
    balancePaise !== null &&
    presetPaise >= WITHDRAWAL_MIN_PAISE &&
    isWithdrawPresetEnabled(paiseToRupees(presetPaise), balancePaise)
  );
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
  const identityStatus = useAppSelector(selectIdentityStatus);
  const bounds = useAppSelector(selectWithdrawalBounds);

  const [fields, setFields] = useState<Fields>(EMPTY_FIELDS);
  const [formError, setFormError] = useState<string | null>(null);
  // After a refused submit, each field shows its own message (and is marked) until it is edited.
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<WithdrawField>>({});
  const { t } = useT();
  // The domain's checks say English; each message shows in the player's language.
  const fieldError = (field: WithdrawField) => translateServerMessage(fieldErrors[field]) ?? undefined;

  // Leave nothing of this request for the next visit.
  useEffect(() => () => void dispatch(withdrawReset()), [dispatch]);

  const update = (patch: Partial<Fields>) => {
    setFields((f) => ({ ...f, ...patch }));
    setFormError(null);
    setFieldErrors((errors) => {
      const left = { ...errors };
      for (const key of Object.keys(patch)) delete left[key as WithdrawField];
      // Choosing an app or another method can fix the UPI ID's or every detail's message.
      if ('upiApp' in patch) delete left.upiId;
      return 'method' in patch ? {} : left;
    });
    if (status === 'failure') dispatch(withdrawReset());
  };

  const resetAll = () => {
    setFields(EMPTY_FIELDS);
    setFormError(null);
    setFieldErrors({});
    dispatch(withdrawReset());
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (status === 'loading' || balancePaise === null) return;
    if (MORE_THAN_TWO_DECIMALS.test(fields.amount)) {
      setFormError(AMOUNT_DECIMALS_MESSAGE);
      return;
    }
    const { confirmAccountNumber, ...request } = fields;
    const checked = validateWithdraw(
      fields.method === 'BANK_TRANSFER' ? { ...request, confirmAccountNumber } : request,
      { balancePaise },
    );
    if (!checked.ok) {
      setFormError(checked.error);
      setFieldErrors(checked.errors);
      return;
    }
    setFormError(null);
    setFieldErrors({});
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
      <Screen title={t('withdraw.title')} className="withdraw">
        <h1>{t('withdraw.title')}</h1>
        <section className="withdraw-done card" aria-labelledby="withdraw-done-title">
          <span className="withdraw-done__icon" aria-hidden="true">
            ✓
          </span>
          <h2 id="withdraw-done-title">{t('withdraw.requested')}</h2>
          <PayAlert kind="success">{translateServerMessage(result.message)}</PayAlert>
          <p className="withdraw-done__id">
            {t('withdraw.transactionId')} <strong className="pay-mono">{result.transactionId}</strong>
          </p>
          <p>{t('wallet.processingTime')}</p>
          <button type="button" className="btn btn--primary btn--block" onClick={resetAll}>
            {t('withdraw.back')}
          </button>
        </section>
      </Screen>
    );
  }

  // The hint names only an ID the form accepts: never a guessed handle, never an ID the form would then refuse.
  const resolvedUpiId = fields.upiApp && fields.upiId.trim() ? resolveUpiId(fields.upiId, fields.upiApp) : null;
  const finalUpiId = resolvedUpiId && isUpiId(resolvedUpiId) ? resolvedUpiId : null;
  // An app with several handles (Google Pay) needs the whole ID: the field says which handles it has.
  const handles =
    fields.upiApp && fields.upiApp !== 'QR' && upiAppSuffix(fields.upiApp) === '' ? upiAppHandles(fields.upiApp) : [];
  const handlesHint =
    handles.length > 0 && fields.upiApp ? withdrawHandlesHint(upiAppName(fields.upiApp), handles) : null;
  const shownError = translateServerMessage(
    formError ?? (status === 'failure' ? error || t('formFallbacks.withdraw') : null),
  );

  return (
    <Screen title={t('withdraw.title')} className="withdraw">
      <h1>{t('withdraw.title')}</h1>

      <div className="pay-summary" aria-live="polite">
        <span className="muted">{t('withdraw.available')}</span>
        {balancePaise !== null ? (
          <strong data-testid="withdraw-balance">{formatPaise(balancePaise)}</strong>
        ) : summaryLoading ? (
          <Spinner size="sm" label={t('withdraw.loadingBalance')} />
        ) : (
          <strong>—</strong>
        )}
      </div>
      {summaryError && (
        <p className="pay-error" role="alert">
          {translateServerMessage(summaryError)}
        </p>
      )}
      {banners.map((text) => (
        <PayAlert key={text} kind="warning">
          {translateServerMessage(text)}
        </PayAlert>
      ))}
      {identityStatus && identityStatus !== 'verified' && <IdentityLink />}

      <form className="pay-form" onSubmit={submit} noValidate>
        <fieldset className="pay-group">
          <legend>{t('withdraw.method')}</legend>
          <div className="pay-toggle">
            <button
              type="button"
              className="pay-toggle__option"
              aria-pressed={fields.method === 'UPI'}
              onClick={() => update({ method: 'UPI' })}
            >
              {t('withdraw.upi')}
            </button>
            <button
              type="button"
              className="pay-toggle__option"
              aria-pressed={fields.method === 'BANK_TRANSFER'}
              onClick={() => update({ method: 'BANK_TRANSFER' })}
            >
              {t('withdraw.bankTransfer')}
            </button>
          </div>
        </fieldset>

        <PayAmountField
          presetsPaise={WITHDRAW_PRESETS_PAISE}
          chosenPaise={typedAmountPaise(fields.amount)}
          isEnabled={(paise) => presetEnabled(paise, balancePaise)}
          titleOf={(paise) => (paise < WITHDRAWAL_MIN_PAISE ? t('withdrawRules.minimum') : undefined)}
          amount={fields.amount}
          onAmount={(amount) => update({ amount })}
          min={1}
          placeholder={`${presetLabel(bounds.minPaise)} – ${presetLabel(bounds.maxPaise)}`}
          note={
            balancePaise !== null && WITHDRAW_PRESETS_PAISE.some((paise) => !presetEnabled(paise, balancePaise))
              ? withdrawPresetsNote(bounds.minPaise, balancePaise)
              : null
          }
          error={fieldError('amount')}
        />

        {fields.method === 'UPI' ? (
          <fieldset className="pay-group">
            <legend>{t('withdraw.upiApp')}</legend>
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
                {t('withdraw.upiId')}
              </label>
              <input
                id="withdraw-upi-id"
                className="pay-input"
                type="text"
                inputMode="email"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                placeholder={
                  handles.length > 0
                    ? t('withdraw.upiIdExample', { handle: handles[0]! })
                    : t('withdraw.upiIdPlaceholder')
                }
                aria-describedby={
                  [
                    fieldErrors.upiId ? 'withdraw-upi-id-error' : '',
                    handlesHint ? 'withdraw-upi-handles' : '',
                    finalUpiId ? 'withdraw-final-upi-id' : '',
                  ]
                    .filter(Boolean)
                    .join(' ') || undefined
                }
                aria-invalid={fieldErrors.upiId ? true : undefined}
                value={fields.upiId}
                onChange={(e) => update({ upiId: e.target.value })}
              />
              {fieldErrors.upiId && (
                <span id="withdraw-upi-id-error" className="pay-field__error">
                  {fieldError('upiId')}
                </span>
              )}
              {handlesHint && (
                <span id="withdraw-upi-handles" className="pay-hint">
                  {handlesHint}
                </span>
              )}
              {finalUpiId && (
                <span id="withdraw-final-upi-id" className="pay-hint" data-testid="final-upi-id">
                  {t('withdraw.moneyGoesTo')} <strong className="pay-mono">{finalUpiId}</strong>
                </span>
              )}
            </div>
          </fieldset>
        ) : (
          <fieldset className="pay-group">
            <legend>{t('withdraw.bankAccount')}</legend>
            <BankField
              label={t('withdraw.accountNumber')}
              error={fieldError('accountNumber')}
              className="pay-input pay-mono"
              inputMode="numeric"
              placeholder={t('withdraw.accountNumberPlaceholder')}
              value={fields.accountNumber}
              // Spaces and dashes, as a passbook prints them, are dropped.
              onChange={(value) => update({ accountNumber: value.replace(/[\s-]/g, '') })}
            />
            <BankField
              label={t('withdraw.confirmAccountNumber')}
              error={fieldError('confirmAccountNumber')}
              className="pay-input pay-mono"
              inputMode="numeric"
              placeholder={t('withdraw.confirmPlaceholder')}
              value={fields.confirmAccountNumber}
              onChange={(value) => update({ confirmAccountNumber: value.replace(/[\s-]/g, '') })}
            />
            <BankField
              label={t('withdraw.ifsc')}
              error={fieldError('ifsc')}
              className="pay-input pay-input--upper pay-mono"
              autoCapitalize="characters"
              maxLength={IFSC_LENGTH}
              placeholder={t('withdraw.ifscPlaceholder')}
              value={fields.ifsc}
              onChange={(value) => update({ ifsc: value.toUpperCase().slice(0, IFSC_LENGTH) })}
            />
            <BankField
              label={t('withdraw.holderName')}
              error={fieldError('accountHolderName')}
              className="pay-input"
              autoComplete="name"
              placeholder={t('withdraw.holderPlaceholder')}
              value={fields.accountHolderName}
              onChange={(value) => update({ accountHolderName: value })}
            />
          </fieldset>
        )}

        {shownError && <PayAlert kind="error">{shownError}</PayAlert>}

        <button
          type="submit"
          className="btn btn--primary btn--block"
          disabled={status === 'loading' || balancePaise === null}
        >
          {status === 'loading' ? t('withdraw.submitting') : t('withdraw.submit')}
        </button>
      </form>
    </Screen>
  );
}

interface BankFieldProps {
  label: string;
  error: string | undefined;
  className: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  inputMode?: 'numeric';
  autoComplete?: string;
  autoCapitalize?: string;
  maxLength?: number;
}

/** One bank detail: its label, the input (marked when refused) and its own message under it. */
function BankField({
  label,
  error,
  className,
  value,
  onChange,
  placeholder,
  inputMode,
  autoComplete = 'off',
  autoCapitalize,
  maxLength,
}: BankFieldProps) {
  const inputId = useId();
  const errorId = useId();
  // The message sits outside the label, so the field's name stays its label.
  return (
    <div className="pay-field">
      <label className="pay-field__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className={className}
        type="text"
        inputMode={inputMode}
        autoComplete={autoComplete}
        autoCapitalize={autoCapitalize}
        spellCheck={false}
        maxLength={maxLength}
        placeholder={placeholder}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <span id={errorId} className="pay-field__error">
          {error}
        </span>
      )}
    </div>
  );
}
