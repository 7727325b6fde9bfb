import { formatPaise } from '@app/domain';
import { useAppSelector } from '../../../shared/store-hooks';
import { selectBalancePaise, selectTotalBetPaise } from '../selectors';

/** What can be staked (main + bonus) and the total staked in this period. */
export function BalanceCard() {
  const balance = useAppSelector(selectBalancePaise);
  const total = useAppSelector(selectTotalBetPaise);
  return (
    <section className="card balance-card" aria-label="Balance">
      <div className="balance-card__item">
        <span className="label">Balance</span>
        <strong data-testid="game-balance">{balance === null ? '—' : formatPaise(balance)}</strong>
      </div>
      <div className="balance-card__item balance-card__item--end">
        <span className="label">Total bet</span>
        <strong data-testid="total-bet">{formatPaise(total)}</strong>
      </div>
    </section>
  );
}
