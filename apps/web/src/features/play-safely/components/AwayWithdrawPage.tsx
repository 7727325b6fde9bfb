import type { UpiApp, WithdrawRequest } from '@app/contracts';
import { paiseToRupees, rupeesToPaise, UPI_APP_LIST, validateWithdraw } from '@app/domain';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../../../shared/i18n/i18n';
import { translateServerMessage } from '../../../shared/i18n/server-messages';
import { formatPaise } from '../../../shared/money';
import { useAppDispatch, useAppSelector } from '../../../shared/store-hooks';
import { PATHS } from '../../../shared/paths';
import { Screen } from '../../../shared/ui/Screen';
import { Spinner } from '../../../shared/ui/Spinner';
import { TextField } from '../../../shared/ui/TextField';
import { awayRequested, awayWithdrawRequested, returnRequested } from '../play-break.slice';
import { playSafelyDateTime } from '../format';

type Method = WithdrawRequest['method'];

/**
 * /play-safely/withdraw: a player on a break or self-excluded withdraws their main balance with the withdraw-only
 * token of their refused sign-in (kept in memory: after a reload they log in again to get a new one). An ended
 * self-exclusion also offers the request to return.
 */
export function AwayWithdrawPage() {
  const dispatch = useAppDispatch();
  const { t } = useT();
  const { refusal, away, withdraw, returning } = useAppSelector((state) => state.playBreak);
  const [method, setMethod] = useState<Method>('UPI');
  const [amount, setAmount] = useState('');
  const [upiApp, setUpiApp] = useState<UpiApp>('QR');
  const [upiId, setUpiId] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const [ifsc, setIfsc] = useState('');
  const [accountHolderName, setAccountHolderName] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const token = refusal?.playBreak.withdrawToken ?? null;

  useEffect(() => {
    if (token) dispatch(awayRequested());
  }, [dispatch, token]);

  const summary = away.summary;
  useEffect(() => {
    if (summary && amount === '') setAmount(String(summary.balance));
    // Only the first summary fills the amount in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [summary]);

  if (!token) {
    return (
      <Screen title={t('playBreak.withdrawTitle')} className="away">
        <h1 className="play-break__title">{t('playBreak.withdrawTitle')}</h1>
        <p className="form-alert form-alert--info">{t('playBreak.signInAgain')}</p>
        <p>
          <Link to={PATHS.login} className="btn btn--primary btn--block">
            {t('playBreak.toLogin')}
          </Link>
        </p>
      </Screen>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!summary || withdraw.status === 'loading') return;
    const checked = validateWithdraw(
      { method, amount, upiApp, upiId, accountNumber, ifsc, accountHolderName },
      { balancePaise: rupeesToPaise(summary.balance), away: true },
    );
    if (!checked.ok) {
      setFormError(checked.error);
      return;
    }
    setFormError(null);
    const value = checked.value;
    const rupees = paiseToRupees(value.amountPaise);
    dispatch(
      awayWithdrawRequested(
        value.method === 'UPI'
          ? { method: 'UPI', amount: rupees, upiApp: value.upiApp, upiId: value.upiId }
          : {
              method: 'BANK_TRANSFER',
              amount: rupees,
              accountNumber: value.accountNumber,
              ifsc: value.ifsc,
              accountHolderName: value.accountHolderName,
            },
      ),
    );
  };

  return (
    <Screen title={t('playBreak.withdrawTitle')} className="away">
      <h1 className="play-break__title">{t('playBreak.withdrawTitle')}</h1>
      <p className="form-alert form-alert--info" role="status">
        {translateServerMessage(refusal!.message)}
      </p>
      {away.status === 'failure' && (
        <p className="form-alert" role="alert">
          {translateServerMessage(away.error)}
        </p>
      )}
      {!summary && away.status !== 'failure' && <Spinner label={t('playBreak.loadingBalance')} />}
      {summary && (
        <>
          <section className="card" aria-label={t('playBreak.mainBalance')}>
            <p className="muted small">{t('playBreak.mainBalance')}</p>
            <p className="away__balance" data-testid="away-balance">
              {formatPaise(rupeesToPaise(summary.balance))}
            </p>
            <p className="muted small">{t('playBreak.withdrawIntro')}</p>
            {summary.playBreak.until && (
              <p className="muted small">
                {t('playBreak.until', { end: playSafelyDateTime(Date.parse(summary.playBreak.until)) })}
              </p>
            )}
          </section>

          {summary.canAskToReturn && (
            <section className="card">
              <p>{t('playBreak.askToReturnHint')}</p>
              <button
                type="button"
                className="btn btn--ghost btn--block"
                onClick={() => dispatch(returnRequested())}
                disabled={returning.status === 'loading'}
              >
                {t('playBreak.askToReturn')}
              </button>
            </section>
          )}
          {returning.message && (
            <p className="form-alert form-alert--success" role="status">
              {translateServerMessage(returning.message)}
            </p>
          )}
          {returning.error && (
            <p className="form-alert" role="alert">
              {translateServerMessage(returning.error)}
            </p>
          )}

          <form onSubmit={submit} noValidate aria-label={t('playBreak.withdrawTitle')}>
            <div className="away__methods" role="group" aria-label={t('withdraw.method')}>
              {(['UPI', 'BANK_TRANSFER'] as const).map((m) => (
                <button
                  key={m}
                  type="button"
                  className={`btn ${method === m ? 'btn--primary' : 'btn--ghost'}`}
                  aria-pressed={method === m}
                  onClick={() => setMethod(m)}
                >
                  {m === 'UPI' ? t('withdraw.upi') : t('withdraw.bankTransfer')}
                </button>
              ))}
            </div>
            <TextField
              label={t('playBreak.amount')}
              name="amount"
              inputMode="decimal"
              value={amount}
              onChange={setAmount}
            />
            {method === 'UPI' ? (
              <>
                <label className="field">
                  <span className="field__label">{t('withdraw.upiApp')}</span>
                  <select className="field__input" value={upiApp} onChange={(e) => setUpiApp(e.target.value as UpiApp)}>
                    {UPI_APP_LIST.map((app) => (
                      <option key={app.key} value={app.key}>
                        {app.name}
                      </option>
                    ))}
                  </select>
                </label>
                <TextField
                  label={t('withdraw.upiId')}
                  name="upiId"
                  autoCapitalize="none"
                  value={upiId}
                  onChange={setUpiId}
                />
              </>
            ) : (
              <>
                <TextField
                  label={t('withdraw.accountNumber')}
                  name="accountNumber"
                  inputMode="numeric"
                  value={accountNumber}
                  onChange={setAccountNumber}
                />
                <TextField
                  label={t('withdraw.ifsc')}
                  name="ifsc"
                  autoCapitalize="characters"
                  value={ifsc}
                  onChange={(v) => setIfsc(v.toUpperCase())}
                />
                <TextField
                  label={t('withdraw.holderName')}
                  name="accountHolderName"
                  value={accountHolderName}
                  onChange={setAccountHolderName}
                />
              </>
            )}
            {(formError || withdraw.error) && (
              <p className="form-alert" role="alert">
                {translateServerMessage(formError ?? withdraw.error)}
              </p>
            )}
            {withdraw.message && (
              <p className="form-alert form-alert--success" role="status">
                {translateServerMessage(withdraw.message)}
              </p>
            )}
            <button type="submit" className="btn btn--primary btn--block" disabled={withdraw.status === 'loading'}>
              {t('playBreak.withdraw')}
            </button>
          </form>
        </>
      )}
    </Screen>
  );
}
