import type { UpiApp } from '@app/contracts';
import {
  DEPOSIT_PRESETS,
  DEPOSIT_UPI_APPS,
  paiseToRupees,
  parseRupeeInput,
  rupeesToPaise,
  upiAppName,
  UPI_APPS,
  validateDeposit,
  validateDepositAmount,
} from '@app/domain';
import { formatPaise } from '../../../shared/money';
import { selectDepositBounds } from '../../config/selectors';
import { useEffect, useState, type FormEvent } from 'react';
import { useSessionDraft } from '../../../shared/use-session-draft';
import { CopyButton } from '../../../shared/ui/CopyButton';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../shared/store-hooks';
import { PATHS } from '../../../shared/paths';
import { Screen } from '../../../shared/ui/Screen';
import { presetLabel } from '../../../shared/ui/AmountPicker';
import { Spinner } from '../../../shared/ui/Spinner';
import { PayAlert } from '../../wallet/components/PayAlert';
import { PayAmountField } from '../../wallet/components/PayAmountField';
import { depositReset, depositSubmitted, paymentConfigRequested } from '../deposit.slice';
import { selectDeposit, selectDepositsFull } from '../selectors';
import { useWalletData } from '../../wallet/use-wallet-data';
import { depositPayUri, upiAppDeepLink, type DepositUpiApp } from '../upi-links';
import { UpiQrCode } from './UpiQrCode';
import { useT } from '../../../shared/i18n/i18n';
import { translateServerMessage } from '../../../shared/i18n/server-messages';

type PayMode = 'qr' | 'apps';
type Step = 'pay' | 'utr';

const DEPOSIT_PRESETS_PAISE = DEPOSIT_PRESETS.map(rupeesToPaise);

/** The amount in paise when it is a valid deposit amount (₹100 to ₹10,000, as the server requires), else null. */
function validAmountPaise(amount: string): number | null {
  if (validateDepositAmount(amount) !== null) return null;
  return rupeesToPaise(parseRupeeInput(amount) as number);
}

/**
 * /deposit (SPEC 2, 4): choose an amount (a preset or a custom one), pay by scanning the QR of the amount's UPI
 * link or through a UPI app, then 'I have paid, Enter UTR' → the UTR step with Submit and Back. The UTR step also
 * asks who paid (the UPI ID paid from, or the account holder's name), which the reviewer matches with the bank
 * statement, and states the rule: a deposit is credited to whoever made the payment. The amount obeys the server's
 * rule (₹100 to ₹10,000) before any QR or app link is offered, so nobody pays an amount that cannot be claimed.
 * Success shows the message, resets and goes to /wallet.
 */
/** This tab's deposit in progress (sessionStorage). */
export const DEPOSIT_DRAFT_KEY = 'winround.deposit-draft';

interface DepositDraft {
  amount: string;
  mode: PayMode;
  upiApp: DepositUpiApp | null;
  step: Step;
  utr: string;
  payer: string;
}

const EMPTY_DRAFT: DepositDraft = { amount: '', mode: 'qr', upiApp: null, step: 'pay', utr: '', payer: '' };

export function DepositPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { t } = useT();
  const { status, error, message, payee, payeeLoading, payeeError } = useAppSelector(selectDeposit);
  const bounds = useAppSelector(selectDepositBounds);
  // The claims waiting for review come with the wallet's transactions; at the limit no payment is offered.
  useWalletData();
  const full = useAppSelector(selectDepositsFull);

  // The deposit in progress survives a reload of the tab (Android reloads it after the round trip to a UPI app).
  const [draft, updateDraft, clearDraft] = useSessionDraft<DepositDraft>(DEPOSIT_DRAFT_KEY, EMPTY_DRAFT);
  const { amount, mode, upiApp, step, utr, payer } = draft;
  const setAmount = (value: string) => updateDraft({ amount: value });
  const setMode = (value: PayMode) => updateDraft({ mode: value });
  const setUpiApp = (value: DepositUpiApp | null) => updateDraft({ upiApp: value });
  const setStep = (value: Step) => updateDraft({ step: value });
  const setUtr = (value: string) => updateDraft({ utr: value });
  const setPayer = (value: string) => updateDraft({ payer: value });
  const [formError, setFormError] = useState<string | null>(null);

  const amountPaise = validAmountPaise(amount);
  const payment = payee && amountPaise !== null ? { ...payee, amountPaise } : null;

  useEffect(() => {
    if (!payee) dispatch(paymentConfigRequested());
    // Load the payee once per visit; a failure offers a retry button.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch]);

  // Leave nothing of a finished or abandoned deposit for the next visit.
  useEffect(() => () => void dispatch(depositReset()), [dispatch]);

  useEffect(() => {
    if (status !== 'success') return;
    clearDraft();
    dispatch(depositReset());
    navigate(PATHS.wallet);
  }, [status, dispatch, navigate, clearDraft]);

  const clearErrors = () => {
    setFormError(null);
    if (status === 'failure') dispatch(depositReset());
  };

  const chooseAmount = (value: string) => {
    setAmount(value);
    clearErrors();
  };

  const goToUtr = () => {
    const amountError = validateDepositAmount(amount);
    if (amountError) {
      setFormError(amountError);
      return;
    }
    setFormError(null);
    setStep('utr');
  };

  const back = () => {
    setStep('pay');
    setUtr('');
    setPayer('');
    setFormError(null);
    dispatch(depositReset());
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (status === 'loading') return;
    const chosenApp: UpiApp | undefined = mode === 'qr' ? 'QR' : (upiApp ?? undefined);
    // The form always sends the payer (empty is refused); only clients older than the field leave it out.
    const checked = validateDeposit({ amount, utrNumber: utr, payer, upiApp: chosenApp });
    if (!checked.ok) {
      setFormError(checked.error);
      return;
    }
    setFormError(null);
    dispatch(
      depositSubmitted({
        method: 'UPI',
        amount: paiseToRupees(checked.value.amountPaise),
        utrNumber: checked.value.utrNumber,
        payer: checked.value.payer,
        ...(checked.value.upiApp ? { upiApp: checked.value.upiApp } : {}),
      }),
    );
  };

  const shownError = translateServerMessage(
    formError ?? (status === 'failure' ? error || t('formFallbacks.deposit') : null),
  );

  return (
    <Screen title={t('deposit.title')} className="deposit">
      <h1>{t('deposit.title')}</h1>

      {full && step === 'pay' ? (
        <div className="pay-form">
          <PayAlert kind="warning">
            <strong>{t('deposit.texts.tooManyPendingTitle')}</strong> {t('deposit.texts.tooManyPending')}
          </PayAlert>
          <button type="button" className="btn btn--primary btn--block" onClick={() => navigate(PATHS.wallet)}>
            {t('deposit.texts.toWallet')}
          </button>
        </div>
      ) : step === 'pay' ? (
        <div className="pay-form">
          <PayAmountField
            presetsPaise={DEPOSIT_PRESETS_PAISE}
            chosenPaise={amountPaise}
            amount={amount}
            onAmount={chooseAmount}
            min={paiseToRupees(bounds.minPaise)}
            max={paiseToRupees(bounds.maxPaise)}
            placeholder={`${presetLabel(bounds.minPaise)} – ${presetLabel(bounds.maxPaise)}`}
            // An amount out of range says so as it is typed, not only after "I have paid".
            error={amount.trim() !== '' ? translateServerMessage(validateDepositAmount(amount)) : null}
          />

          <fieldset className="pay-group">
            <legend>{t('deposit.payWith')}</legend>
            <div className="pay-toggle">
              <button
                type="button"
                className="pay-toggle__option"
                aria-pressed={mode === 'qr'}
                onClick={() => setMode('qr')}
              >
                {t('deposit.scanQr')}
              </button>
              <button
                type="button"
                className="pay-toggle__option"
                aria-pressed={mode === 'apps'}
                onClick={() => setMode('apps')}
              >
                {t('deposit.upiApps')}
              </button>
            </div>

            {payeeError && !payee ? (
              <div className="pay-actions">
                <p className="pay-error" role="alert">
                  {translateServerMessage(payeeError)}
                </p>
                <button type="button" className="btn btn--ghost" onClick={() => dispatch(paymentConfigRequested())}>
                  {t('deposit.tryAgain')}
                </button>
              </div>
            ) : !payee ? (
              <div className="pay-qr">{payeeLoading && <Spinner label={t('deposit.loadingPayment')} />}</div>
            ) : mode === 'qr' ? (
              <div className="pay-qr">
                {payment ? (
                  <UpiQrCode
                    uri={depositPayUri(payment)}
                    label={t('deposit.qrLabel', { amount: formatPaise(payment.amountPaise) })}
                  />
                ) : (
                  <div className="pay-qr__placeholder">{t('deposit.chooseAmountQr')}</div>
                )}
                <p className="pay-qr__payee">
                  {t('deposit.payTo')} <strong>{payee.payeeName}</strong>
                </p>
                {/* The payee's UPI ID, copied in one tap for a UPI app that pays by ID. */}
                <CopyButton text={payee.payeeVpa} label={t('deposit.copyUpiId')} className="pay-qr__vpa pay-mono" />
              </div>
            ) : (
              <ul className="upi-apps">
                {DEPOSIT_UPI_APPS.map((key) => {
                  const app = key as DepositUpiApp;
                  const content = (
                    <>
                      <span className={`upi-app__mark upi-app__mark--${app}`} aria-hidden="true">
                        {UPI_APPS[app].initials}
                      </span>
                      {upiAppName(app)}
                    </>
                  );
                  return (
                    <li key={app}>
                      {payment ? (
                        <a
                          className={`upi-app${upiApp === app ? ' upi-app--chosen' : ''}`}
                          href={upiAppDeepLink(app, payment)}
                          onClick={() => setUpiApp(app)}
                        >
                          {content}
                        </a>
                      ) : (
                        <button type="button" className="upi-app" disabled>
                          {content}
                        </button>
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
            {mode === 'apps' && amountPaise === null && <p className="pay-hint">{t('deposit.chooseAmountApp')}</p>}
          </fieldset>

          {shownError && <PayAlert kind="error">{shownError}</PayAlert>}

          <button type="button" className="btn btn--primary btn--block" onClick={goToUtr}>
            {t('deposit.havePaid')}
          </button>
        </div>
      ) : (
        <form className="pay-form" onSubmit={submit} noValidate>
          <div className="pay-summary">
            <span className="muted">{t('deposit.amountPaid')}</span>
            <strong>{amountPaise !== null ? formatPaise(amountPaise) : '—'}</strong>
          </div>
          <div className="pay-field">
            <label className="pay-field__label" htmlFor="deposit-utr">
              {t('deposit.utrNumber')}
            </label>
            <input
              id="deposit-utr"
              className="pay-input pay-mono"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              maxLength={40}
              placeholder={t('deposit.utrPlaceholder')}
              aria-describedby="deposit-utr-hint"
              value={utr}
              onChange={(e) => {
                setUtr(e.target.value);
                clearErrors();
              }}
            />
            <span id="deposit-utr-hint" className="pay-hint">
              {t('deposit.utrHint')}
            </span>
          </div>
          <div className="pay-field">
            <label className="pay-field__label" htmlFor="deposit-payer">
              {t('deposit.paidFrom')}
            </label>
            <input
              id="deposit-payer"
              className="pay-input"
              type="text"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={256}
              placeholder={t('deposit.payerPlaceholder')}
              aria-describedby="deposit-payer-hint"
              value={payer}
              onChange={(e) => {
                setPayer(e.target.value);
                clearErrors();
              }}
            />
            <span id="deposit-payer-hint" className="pay-hint">
              {t('deposit.payerHint')}
            </span>
          </div>

          {shownError && <PayAlert kind="error">{shownError}</PayAlert>}
          {status === 'success' && message && <PayAlert kind="success">{translateServerMessage(message)}</PayAlert>}

          <div className="pay-actions pay-actions--pair">
            <button type="button" className="btn btn--ghost" onClick={back} disabled={status === 'loading'}>
              {t('deposit.back')}
            </button>
            <button type="submit" className="btn btn--primary" disabled={status === 'loading'}>
              {status === 'loading' ? t('deposit.submitting') : t('deposit.submit')}
            </button>
          </div>

          <section className="deposit-rule" aria-labelledby="deposit-rule-title">
            <h2 id="deposit-rule-title" className="deposit-rule__title">
              {t('deposit.whoGets')}
            </h2>
            <ul className="deposit-rule__list">
              {(['credited', 'tellWhoPaid', 'contested'] as const).map((rule) => (
                <li key={rule}>{t(`deposit.rules.${rule}`)}</li>
              ))}
            </ul>
          </section>
        </form>
      )}
    </Screen>
  );
}
