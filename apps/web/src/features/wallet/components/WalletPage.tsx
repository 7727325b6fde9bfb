import { formatPaise } from '@app/domain';
import { useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { PATHS } from '../../../app/paths';
import { Screen } from '../../../shared/ui/Screen';
import { Spinner } from '../../../shared/ui/Spinner';
import { selectCanWithdraw, selectWallet, selectWalletBanners } from '../selectors';
import { useWalletData } from '../use-wallet-data';
import { PayAlert } from './PayAlert';
import { TransactionList } from './TransactionList';
import { WalletInstructions } from './WalletInstructions';
import './payments.css';

/** /wallet: balances, Deposit and Withdraw, the banners, the transaction list and the instructions. */
export function WalletPage() {
  useWalletData();
  const navigate = useNavigate();
  const { balance, summaryLoading, summaryError } = useAppSelector(selectWallet);
  const canWithdraw = useAppSelector(selectCanWithdraw);
  const banners = useAppSelector(selectWalletBanners);

  return (
    <Screen title="Wallet" className="wallet">
      <h1>Wallet</h1>

      <section className="wallet-card card" aria-label="Balances">
        {balance ? (
          <dl className="wallet-card__figures">
            <div className="wallet-card__main">
              <dt>Balance</dt>
              <dd data-testid="wallet-balance">{formatPaise(balance.mainPaise)}</dd>
            </div>
            <div className="wallet-card__bonus">
              <dt>Bonus balance</dt>
              <dd data-testid="wallet-bonus">{formatPaise(balance.bonusPaise)}</dd>
            </div>
          </dl>
        ) : summaryLoading ? (
          <div className="wallet-card__loading">
            <Spinner label="Loading wallet" />
          </div>
        ) : null}
        {summaryError && (
          <p className="pay-error" role="alert">
            {summaryError}
          </p>
        )}
        <div className="wallet-card__actions">
          <button type="button" className="btn btn--primary" onClick={() => navigate(PATHS.deposit)}>
            Deposit
          </button>
          <button type="button" className="btn btn--ghost" disabled={!canWithdraw} onClick={() => navigate(PATHS.withdraw)}>
            Withdraw
          </button>
        </div>
      </section>

      {banners.map((text) => (
        <PayAlert key={text} kind="warning">
          {text}
        </PayAlert>
      ))}

      <TransactionList />
      <WalletInstructions />
    </Screen>
  );
}
