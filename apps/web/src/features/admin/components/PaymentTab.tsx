import { EMPTY_STATES, upiAppName } from '@app/domain';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Spinner } from '../../../shared/ui/Spinner';
import {
  depositsFilterChanged,
  depositsRequested,
  transactionReviewRequested,
  withdrawalsFilterChanged,
  withdrawalsRequested,
  type PaymentList,
  type PaymentsFilter,
} from '../admin.slice';
import { selectAdminDeposits, selectAdminWithdrawals, selectReviewInFlight } from '../selectors';
import type { AdminDeposit, AdminWithdrawal } from '../records';
import { PaymentFilters } from './PaymentFilters';
import { ReviewTable, type ReviewRow } from './ReviewTable';

function depositRow(entry: AdminDeposit): ReviewRow {
  const d = entry.deposit;
  return {
    key: d._id || d.transactionId,
    kind: 'deposit',
    walletId: entry.walletId,
    transactionId: d.transactionId || d._id,
    username: entry.username,
    email: entry.email,
    amountPaise: d.amountPaise,
    method: d.method,
    createdAt: d.createdAt,
    status: d.status,
    details: (
      <dl className="review-details">
        <div>
          <dt>UTR</dt>
          <dd className="pay-mono">{d.utrNumber || '—'}</dd>
        </div>
        {d.upiApp && (
          <div>
            <dt>App</dt>
            <dd>{upiAppName(d.upiApp)}</dd>
          </div>
        )}
      </dl>
    ),
  };
}

function withdrawalRow(entry: AdminWithdrawal): ReviewRow {
  const w = entry.withdrawal;
  const bank = w.bankDetails;
  return {
    key: w._id || w.transactionId,
    kind: 'withdrawal',
    walletId: entry.walletId,
    transactionId: w.transactionId || w._id,
    username: entry.username,
    email: entry.email,
    amountPaise: w.amountPaise,
    method: w.method,
    createdAt: w.createdAt,
    status: w.status,
    details: (
      <dl className="review-details">
        {w.upiId && (
          <div>
            <dt>UPI ID</dt>
            <dd className="pay-mono">{w.upiId}</dd>
          </div>
        )}
        {w.upiApp && (
          <div>
            <dt>App</dt>
            <dd>{upiAppName(w.upiApp)}</dd>
          </div>
        )}
        {bank && (
          <>
            <div>
              <dt>A/C</dt>
              <dd className="pay-mono">{bank.accountNumber}</dd>
            </div>
            <div>
              <dt>IFSC</dt>
              <dd className="pay-mono">{bank.ifscCode}</dd>
            </div>
            <div>
              <dt>Name</dt>
              <dd>{bank.accountHolderName}</dd>
            </div>
          </>
        )}
        {!w.upiId && !bank && (<div><dt className="visually-hidden">Details</dt><dd>—</dd></div>)}
      </dl>
    ),
  };
}

interface SectionProps<T> {
  title: string;
  list: PaymentList<T>;
  rows: ReviewRow[];
  empty: string;
  onFilter: (patch: Partial<PaymentsFilter>) => void;
  onRefresh: () => void;
  tableClassName?: string;
}

function PaymentSection<T>({ title, list, rows, empty, onFilter, onRefresh, tableClassName }: SectionProps<T>) {
  const dispatch = useAppDispatch();
  const updating = useAppSelector(selectReviewInFlight);
  const headingId = `admin-${title.toLowerCase()}-title`;
  return (
    <section className="admin-section" aria-labelledby={headingId}>
      <div className="admin-section__head">
        <h2 id={headingId}>{title}</h2>
        {list.loading && <Spinner size="sm" label={`Loading ${title.toLowerCase()}`} />}
      </div>
      <PaymentFilters filter={list.filter} onChange={onFilter} onRefresh={onRefresh} loading={list.loading} />
      {list.error && (
        <p className="pay-error" role="alert">
          {list.error}
        </p>
      )}
      {list.loaded && rows.length === 0 && !list.error ? (
        <p className="admin-empty">{empty}</p>
      ) : rows.length > 0 ? (
        <ReviewTable
          caption={title}
          rows={rows}
          busy={updating !== null}
          updatingId={updating?.transactionId ?? null}
          className={tableClassName}
          onReview={(row, status) =>
            dispatch(
              transactionReviewRequested({
                kind: row.kind,
                walletId: row.walletId,
                transactionId: row.transactionId,
                status,
                username: row.username,
                amountPaise: row.amountPaise,
              }),
            )
          }
        />
      ) : null}
    </section>
  );
}

/** The Payment tab: deposits (the table at most 300 px high, scrolling) and withdrawals, each filtered and reviewed. */
export function PaymentTab() {
  const dispatch = useAppDispatch();
  const deposits = useAppSelector(selectAdminDeposits);
  const withdrawals = useAppSelector(selectAdminWithdrawals);

  useEffect(() => {
    dispatch(depositsRequested());
    dispatch(withdrawalsRequested());
  }, [dispatch]);

  return (
    <div className="admin-payments">
      <PaymentSection
        title="Deposits"
        list={deposits}
        rows={deposits.items.map(depositRow)}
        empty={EMPTY_STATES.deposits}
        onFilter={(patch) => dispatch(depositsFilterChanged(patch))}
        onRefresh={() => dispatch(depositsRequested())}
        tableClassName="review-table--deposits"
      />
      <PaymentSection
        title="Withdrawals"
        list={withdrawals}
        rows={withdrawals.items.map(withdrawalRow)}
        empty={EMPTY_STATES.withdrawals}
        onFilter={(patch) => dispatch(withdrawalsFilterChanged(patch))}
        onRefresh={() => dispatch(withdrawalsRequested())}
      />
    </div>
  );
}
