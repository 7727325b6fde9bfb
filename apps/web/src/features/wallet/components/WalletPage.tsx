import { formatPaiseShort, formatPaise } from '../../../shared/money';
import { playerTimeFormat } from '../../../shared/india-time';
import { Link, useNavigate } from 'react-router-dom';
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
import { useT } from '../../../shared/i18n/i18n';
import { translateServerMessage } from '../../../shared/i18n/server-messages';

const day = playerTimeFormat({ day: 'numeric', month: 'short', year: 'numeric' });
const dayText = (iso: string) => (Number.isNaN(Date.parse(iso)) ? iso : day.format(Date.parse(iso)));

/** /wallet: balances, Deposit and Withdraw, the banners, the transaction list and the instructions. */
export function WalletPage() {
  useWalletData();
  const navigate = useNavigate();
  const { balance, summaryLoading, summaryError } = useAppSelector(selectWallet);
  const canWithdraw = useAppSelector(selectCanWithdraw);
  const banners = useAppSelector(selectWalletBanners);
  const wagering = useAppSelector(selectBonusWagering);
  const { t } = useT();

  return (
    <Screen title={t('wallet.title')} className="wallet">
      <h1>{t('wallet.title')}</h1>

      <section className="wallet-card card" aria-label={t('wallet.balances')}>
        {balance ? (
          <dl className="wallet-card__figures">
            <div className="wallet-card__main">
              <dt>{t('wallet.balance')}</dt>
              <dd data-testid="wallet-balance">{formatPaise(balance.mainPaise)}</dd>
            </div>
            <div className="wallet-card__bonus">
              <dt>{t('wallet.bonusBalance')}</dt>
              <dd data-testid="wallet-bonus">{formatPaise(balance.bonusPaise)}</dd>
            </div>
          </dl>
        ) : null}
        {balance && wagering && balance.bonusPaise > 0 ? (
          <div className="wallet-card__wagering" data-testid="bonus-wagering">
            <p>
              {t('wallet.bonusLocked', { amount: formatPaiseShort(wagering.leftPaise) })}{' '}
              {t('wallet.bonusExpires', { date: dayText(wagering.expiresAt) })}
            </p>
            <progress
              max={wagering.requiredPaise}
              value={wagering.requiredPaise - wagering.leftPaise}
              aria-label={t('wallet.bonusPlayed')}
            />
          </div>
        ) : null}
        {!balance && summaryLoading ? (
          <div className="wallet-card__loading">
            <Spinner label={t('wallet.loading')} />
          </div>
        ) : null}
        {summaryError && (
          <p className="pay-error" role="alert">
            {translateServerMessage(summaryError)}
          </p>
        )}
        <div className="wallet-card__actions">
          <button type="button" className="btn btn--primary" onClick={() => navigate(PATHS.deposit)}>
            {t('wallet.deposit')}
          </button>
          <button
            type="button"
            className="btn btn--ghost"
            disabled={!canWithdraw}
            onClick={() => navigate(PATHS.withdraw)}
          >
            {t('wallet.withdraw')}
          </button>
        </div>
        <IdentityLink />
        <Link to={PATHS.statement} className="btn btn--ghost wallet-card__statement">
          {t('wallet.statement')}
        </Link>
      </section>

      {banners.map((text) => (
        <PayAlert key={text} kind="warning">
          {translateServerMessage(text)}
        </PayAlert>
      ))}

      <TransactionList />
      <DisputeForm />
      <WalletInstructions />
      <p className="small">
        <Link to={PATHS.playSafely}>{t('playSafely.walletLink')}</Link>
      </p>
    </Screen>
  );
}
