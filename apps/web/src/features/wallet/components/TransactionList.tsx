import { TRANSACTIONS_SHOWN } from '@app/domain';
import { useState } from 'react';
import { useAppSelector } from '../../../shared/store-hooks';
import { Spinner } from '../../../shared/ui/Spinner';
import { selectWallet } from '../selectors';
import { TransactionItem } from './TransactionItem';
import { useT } from '../../../shared/i18n/i18n';
import { translateServerMessage } from '../../../shared/i18n/server-messages';

/** The transaction list: 5 newest shown, Show More / Show Less when there are more; loading, error and empty states. */
export function TransactionList() {
  const { transactions, transactionsLoaded, transactionsLoading, transactionsError } = useAppSelector(selectWallet);
  const [expanded, setExpanded] = useState(false);
  const { t: tr } = useT();
  const shown = expanded ? transactions : transactions.slice(0, TRANSACTIONS_SHOWN);

  return (
    <section className="wallet-section" aria-labelledby="wallet-transactions-title">
      <div className="wallet-section__head">
        <h2 id="wallet-transactions-title">{tr('wallet.transactions')}</h2>
        {transactionsLoading && transactionsLoaded && <Spinner size="sm" label={tr('wallet.refreshingTransactions')} />}
      </div>
      {transactionsError && (
        <p className="pay-error" role="alert">
          {translateServerMessage(transactionsError)}
        </p>
      )}
      {transactionsLoading && !transactionsLoaded ? (
        <div className="wallet-section__loading">
          <Spinner label={tr('wallet.loadingTransactions')} />
        </div>
      ) : transactionsLoaded && transactions.length === 0 ? (
        <p className="pay-empty">{tr('empty.transactions')}</p>
      ) : (
        <>
          <ul className="txn-list">
            {shown.map((t) => (
              <TransactionItem key={t.transactionId || t._id} transaction={t} />
            ))}
          </ul>
          {transactions.length > TRANSACTIONS_SHOWN && (
            <button
              type="button"
              className="btn btn--ghost btn--block"
              aria-expanded={expanded}
              onClick={() => setExpanded((v) => !v)}
            >
              {expanded ? tr('wallet.showLess') : tr('wallet.showMore')}
            </button>
          )}
        </>
      )}
    </section>
  );
}
