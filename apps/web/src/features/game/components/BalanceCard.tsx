import { formatPaise } from '../../../shared/money';
import { useAppSelector } from '../../../shared/store-hooks';
import { selectBalancePaise, selectTotalBetPaise } from '../selectors';
import { useT } from '../../../shared/i18n/i18n';

/** What can be staked (main + bonus) and the total staked in this period. */
export function BalanceCard() {
  const balance = useAppSelector(selectBalancePaise);
  const total = useAppSelector(selectTotalBetPaise);
  const { t } = useT();
  return (
    <section className="card balance-card" aria-label={t('game.balance')}>
      <div className="balance-card__item">
        <span className="label">{t('game.balance')}</span>
        <strong data-testid="game-balance">{balance === null ? '—' : formatPaise(balance)}</strong>
      </div>
      <div className="balance-card__item balance-card__item--end">
        <span className="label">{t('game.totalBet')}</span>
        <strong data-testid="total-bet">{formatPaise(total)}</strong>
      </div>
    </section>
  );
}
