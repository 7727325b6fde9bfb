import { formatPaise, PLAY_THROUGH_MESSAGES } from '@app/domain';
import { Link, useNavigate } from 'react-router-dom';
import { PLAY_SAFELY_TEXTS } from '../../play-safely/play-safely-texts';
import { useAppSelector } from '../../../shared/store-hooks';
import { PATHS } from '../../../shared/paths';
import { Screen } from '../../../shared/ui/Screen';
import { Spinner } from '../../../shared/ui/Spinner';
import { selectBonusWagering, selectCanWithdraw, selectWallet, selectWalletBanners } from '../selectors';
import { useWalletData } from '../use-wallet-data';
import { IdentityLink } from '../../identity/components/IdentityLink';
import { PayAlert } from './PayAlert';
import { TransactionList } from './TransactionList';
import { WalletInstructions } from './WalletInstructions';
import { DisputeForm } from '../../disputes/components/DisputeForm';
import './payments.css';

/** /wallet: balances, Deposit and Withdraw, the banners, the transaction list and the instructions. */
export function WalletPage() {
  useWalletData();
  const navigate = useNavigate();
  const { balance, summaryLoading, summaryError } = useAppSelector(selectWallet);
  const canWithdraw = useAppSelector(selectCanWithdraw);
  const banners = useAppSelector(selectWalletBanners);
  const wagering = useAppSelector(selectBonusWagering);

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
        ) : null}
        {balance && wagering && balance.bonusPaise > 0 ? (
          <div className="wallet-card__wagering" data-testid="bonus-wagering">
            <p>
              {PLAY_THROUGH_MESSAGES.bonusLocked(wagering.leftPaise)}{' '}
              {PLAY_THROUGH_MESSAGES.bonusExpires(wagering.expiresAt)}
            </p>
            <progress
              max={wagering.requiredPaise}
              value={wagering.requiredPaise - wagering.leftPaise}
              aria-label="Bonus played through"
            />
          </div>
        ) : null}
        {!balance && summaryLoading ? (
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
          <button
            type="button"
            className="btn btn--ghost"
            disabled={!canWithdraw}
            onClick={() => navigate(PATHS.withdraw)}
          >
            Withdraw
          </button>
        </div>
        <IdentityLink />
        <Link to={PATHS.statement} className="btn btn--ghost wallet-card__statement">
          Statement
        </Link>
      </section>

      {banners.map((text) => (
        <PayAlert key={text} kind="warning">
          {text}
        </PayAlert>
      ))}

      <TransactionList />
      <DisputeForm />
      <WalletInstructions />
      <p className="small">
        <Link to={PATHS.playSafely}>{PLAY_SAFELY_TEXTS.walletLink}</Link>
      </p>
    </Screen>
  );
}
