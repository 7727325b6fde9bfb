import {
  DEPOSIT_REVIEW_TEXTS,
  EMPTY_STATES,
  formatRupees,
  matchClaimToStatement,
  STATEMENT_VERDICT_LABELS,
  statementSummary,
  upiAppName,
  utrContestedFlag,
  type StatementMatch,
  type StatementVerdict,
} from '@app/domain';
import type { WithdrawalNameCheck, WithdrawalPlayCheck } from '@app/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { PENDING_TEXTS, REVIEW_TEXTS, SEARCH_TEXTS } from '../review-texts';
import { useAppDispatch, useAppSelector } from '../../../shared/store-hooks';
import { Spinner } from '../../../shared/ui/Spinner';
import {
  depositsFilterChanged,
  depositsRequested,
  PAYMENTS_PAGE_SIZE,
  paymentsFollowStarted,
  paymentsFollowStopped,
  transactionReviewRequested,
  withdrawalsFilterChanged,
  withdrawalsRequested,
  type PaymentList,
  type PaymentsFilter,
} from '../admin.slice';
import { selectAdminDeposits, selectAdminWithdrawals, selectPendingCounts, selectReviewInFlight } from '../selectors';
import type { AdminDeposit, AdminWithdrawal } from '../records';
import { DepositClaimHistory, utrClaimants } from './DepositClaimHistory';
import { PaymentFilters } from './PaymentFilters';
import { StatementImport, type ImportedStatement } from './StatementImport';
import { ReviewTable, type ReviewRow } from './ReviewTable';
import { PlayerOverviewDialog } from './PlayerOverviewDialog';
import { playerOverviewOpened } from '../players.slice';

const VERDICT_MARK: Record<StatementVerdict, string> = { matched: '✓', mismatched: '✗', missing: '?' };

/** A pending claim against the imported statement, or null (no statement, or not pending). */
function statementMatch(entry: AdminDeposit, imported: ImportedStatement | null): StatementMatch | null {
  const d = entry.deposit;
  if (!imported || d.status !== 'PENDING' || !d.utrNumber) return null;
  return matchClaimToStatement(
    { utrNumber: d.utrNumber, amountPaise: d.amountPaise, payer: d.payer ?? null },
    imported.byUtr,
  );
}

/** The statement's verdict on a claim: a mark and label, the reasons, and (in the dialog) the statement's line. */
function StatementVerdictNote({ match, full = false }: { match: StatementMatch; full?: boolean }) {
  const entry = match.entry;
  return (
    <div className={`statement-verdict statement-verdict--${match.verdict}`}>
      <strong>
        {VERDICT_MARK[match.verdict]} {STATEMENT_VERDICT_LABELS[match.verdict]}
      </strong>
      {match.reasons.length > 0 && <span className="statement-verdict__reasons">{match.reasons.join('. ')}</span>}
      {full && entry && (
        <span className="statement-verdict__line">
          Statement line {entry.line}
          {entry.time ? `, ${entry.time}` : ''}
          {/* A mismatch's reasons name the statement's payer already. */}
          {match.verdict === 'matched' && entry.payer ? `: ${entry.payer}` : ''}
        </span>
      )}
    </div>
  );
}

function depositRow(entry: AdminDeposit, match: StatementMatch | null = null): ReviewRow {
  const d = entry.deposit;
  const transactionId = d.transactionId || d._id;
  const claimants = utrClaimants(d.utrClaims);
  const contested = Boolean(d.utrContested) || claimants > 1;
  return {
    key: d._id || d.transactionId,
    kind: 'deposit',
    walletId: entry.walletId,
    transactionId,
    userId: entry.userId,
    username: entry.username,
    email: entry.email,
    amountPaise: d.amountPaise,
    method: d.method,
    createdAt: d.createdAt,
    status: d.status,
    details: (
      <div className="review-table__details-body">
        {match && <StatementVerdictNote match={match} />}
        <dl className="review-details">
          <div>
            <dt>UTR</dt>
            <dd className="pay-mono">{d.utrNumber || '—'}</dd>
          </div>
          <div>
            <dt>Payer</dt>
            <dd className={d.payer ? 'pay-mono' : 'muted'}>{d.payer || DEPOSIT_REVIEW_TEXTS.payerNotGiven}</dd>
          </div>
          {d.upiApp && (
            <div>
              <dt>App</dt>
              <dd>{upiAppName(d.upiApp)}</dd>
            </div>
          )}
        </dl>
      </div>
    ),
    warning: contested ? utrContestedFlag(Math.max(claimants, 2)) : null,
    review: (
      <div className="deposit-review">
        <dl className="review-confirm__facts">
          <div>
            <dt>UTR</dt>
            <dd className="pay-mono">{d.utrNumber || '—'}</dd>
          </div>
          <div>
            <dt>Payer</dt>
            <dd className={d.payer ? 'pay-mono' : 'muted'}>{d.payer || DEPOSIT_REVIEW_TEXTS.payerNotGiven}</dd>
          </div>
        </dl>
        {match && <StatementVerdictNote match={match} full />}
        {contested && <p className="deposit-review__advice">{DEPOSIT_REVIEW_TEXTS.contestedWarning}</p>}
        {d.utrClaims && d.utrClaims.length > 1 && (
          <DepositClaimHistory claims={d.utrClaims} currentTransactionId={transactionId} />
        )}
      </div>
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
    userId: entry.userId,
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
        {!w.upiId && !bank && (
          <div>
            <dt className="visually-hidden">Details</dt>
            <dd>—</dd>
          </div>
        )}
      </dl>
    ),
    warning: withdrawalWarning(entry),
    // The reviewer pays by hand: where the money goes comes first, to copy into the bank or UPI app.
    review: (
      <>
        <WithdrawalDestination upiId={w.upiId} bank={bank} />
        {w.nameCheck && <NameCheckFacts check={w.nameCheck} />}
        {w.playCheck && <PlayCheckFacts check={w.playCheck} />}
      </>
    ),
  };
}

/** Where a withdrawal is paid: the UPI id, or the bank account number, IFSC and holder name. */
function WithdrawalDestination({
  upiId,
  bank,
}: {
  upiId?: string | null;
  bank?: AdminWithdrawal['withdrawal']['bankDetails'];
}) {
  return (
    <dl className="review-confirm__facts" aria-label={REVIEW_TEXTS.destinationTitle}>
      {upiId && (
        <div>
          <dt>{REVIEW_TEXTS.upiId}</dt>
          <dd className="pay-mono">{upiId}</dd>
        </div>
      )}
      {bank && (
        <>
          <div>
            <dt>{REVIEW_TEXTS.accountNumber}</dt>
            <dd className="pay-mono">{bank.accountNumber}</dd>
          </div>
          <div>
            <dt>{REVIEW_TEXTS.ifsc}</dt>
            <dd className="pay-mono">{bank.ifscCode}</dd>
          </div>
          <div>
            <dt>{REVIEW_TEXTS.holderName}</dt>
            <dd>{bank.accountHolderName}</dd>
          </div>
        </>
      )}
      {!upiId && !bank && (
        <div>
          <dt>{REVIEW_TEXTS.destinationTitle}</dt>
          <dd className="muted">{REVIEW_TEXTS.noDestination}</dd>
        </div>
      )}
    </dl>
  );
}

/** The payout account's holder name against the player's verified name (bank transfers). */
function NameCheckFacts({ check }: { check: WithdrawalNameCheck }) {
  return (
    <dl className="review-confirm__facts" aria-label={WITHDRAWAL_REVIEW_TEXTS.nameTitle}>
      <div>
        <dt>{WITHDRAWAL_REVIEW_TEXTS.verifiedName}</dt>
        <dd>{check.verifiedName}</dd>
      </div>
      <div>
        <dt>{WITHDRAWAL_REVIEW_TEXTS.holderName}</dt>
        <dd>
          {check.holderName}
          {check.flagged ? ` ⚠ ${WITHDRAWAL_REVIEW_TEXTS.nameDiffers}` : ''}
        </dd>
      </div>
    </dl>
  );
}

/**
 * The reviewer's flag of a withdrawal: a suspended player (held: return it, do not pay it), a payout account in
 * another name than the verified one, or little play since the deposits.
 */
function withdrawalWarning(entry: AdminWithdrawal): string | null {
  if (entry.playerStatus && entry.playerStatus !== 'active') return WITHDRAWAL_REVIEW_TEXTS.suspended;
  if (entry.withdrawal.nameCheck?.flagged) return WITHDRAWAL_REVIEW_TEXTS.nameMismatch;
  if (entry.withdrawal.playCheck?.flagged) return WITHDRAWAL_REVIEW_TEXTS.littlePlay;
  return null;
}

/** Deposited, staked and withdrawn before, and the account's age: what the reviewer weighs a withdrawal against. */
function PlayCheckFacts({ check }: { check: WithdrawalPlayCheck }) {
  return (
    <dl className="review-confirm__facts" aria-label={WITHDRAWAL_REVIEW_TEXTS.playTitle}>
      <div>
        <dt>{WITHDRAWAL_REVIEW_TEXTS.deposited}</dt>
        <dd>{formatRupees(check.deposited)}</dd>
      </div>
      <div>
        <dt>{WITHDRAWAL_REVIEW_TEXTS.staked}</dt>
        <dd>{formatRupees(check.staked)}</dd>
      </div>
      <div>
        <dt>{WITHDRAWAL_REVIEW_TEXTS.withdrawnBefore}</dt>
        <dd>{formatRupees(check.withdrawnBefore)}</dd>
      </div>
      <div>
        <dt>{WITHDRAWAL_REVIEW_TEXTS.accountAge}</dt>
        <dd>{WITHDRAWAL_REVIEW_TEXTS.days(check.accountAgeDays)}</dd>
      </div>
    </dl>
  );
}

const WITHDRAWAL_REVIEW_TEXTS = {
  suspended: 'Player suspended: return this withdrawal, or reinstate the player first',
  littlePlay: 'Little play since the deposits',
  nameMismatch: "Account holder's name differs from the verified name",
  nameTitle: 'Payout name',
  verifiedName: 'Verified name',
  holderName: 'Account holder',
  nameDiffers: 'differs',
  playTitle: 'Play since the last withdrawal',
  deposited: 'Deposited',
  staked: 'Staked',
  withdrawnBefore: 'Withdrawn before',
  accountAge: 'Account age',
  days: (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`,
} as const;

interface SectionProps<T> {
  title: string;
  /** The claims of this kind waiting for a review (whatever the filter shows), null until known. */
  pending: number | null;
  list: PaymentList<T>;
  rows: ReviewRow[];
  empty: string;
  onFilter: (patch: Partial<PaymentsFilter>) => void;
  onRefresh: () => void;
  tableClassName?: string;
  /** Between the filters and the table (the deposits' statement import). */
  toolbar?: ReactNode;
}

function PaymentSection<T>({
  title,
  pending,
  list,
  rows,
  empty,
  onFilter,
  onRefresh,
  tableClassName,
  toolbar,
}: SectionProps<T>) {
  const dispatch = useAppDispatch();
  const updating = useAppSelector(selectReviewInFlight);
  const headingId = `admin-${title.toLowerCase()}-title`;
  return (
    <section className="admin-section" aria-labelledby={headingId}>
      <div className="admin-section__head">
        <h2 id={headingId}>
          {title}
          {pending !== null && pending > 0 && (
            <span className="admin-section__count">{PENDING_TEXTS.headingCount(pending)}</span>
          )}
        </h2>
        {list.loading && <Spinner size="sm" label={`Loading ${title.toLowerCase()}`} />}
      </div>
      <PaymentFilters
        title={title}
        filter={list.filter}
        onChange={onFilter}
        onRefresh={onRefresh}
        loading={list.loading}
      />
      {toolbar}
      {list.error && (
        <p className="pay-error" role="alert">
          {list.error}
        </p>
      )}
      {list.loaded && rows.length === 0 && !list.error ? (
        <p className="admin-empty">{list.filter.q ? SEARCH_TEXTS.noMatch(list.filter.q) : empty}</p>
      ) : rows.length > 0 ? (
        <ReviewTable
          caption={title}
          rows={rows}
          busy={updating !== null}
          updatingId={updating?.transactionId ?? null}
          className={tableClassName}
          onPlayer={(row) =>
            row.userId && dispatch(playerOverviewOpened({ userId: row.userId, username: row.username }))
          }
          onReview={(row, status, adminNotes) =>
            dispatch(
              transactionReviewRequested({
                kind: row.kind,
                walletId: row.walletId,
                transactionId: row.transactionId,
                status,
                ...(adminNotes ? { adminNotes } : {}),
                username: row.username,
                amountPaise: row.amountPaise,
              }),
            )
          }
        />
      ) : null}
      <Pager title={title} list={list} shown={rows.length} onPage={(page) => onFilter({ page })} />
    </section>
  );
}

/**
 * Under a list longer than a page: which claims are shown of how many, and the pages before and after ('Next page ·
 * 82 more'). Nothing when everything fits on the first page.
 */
function Pager<T>({
  title,
  list,
  shown,
  onPage,
}: {
  title: string;
  list: PaymentList<T>;
  shown: number;
  onPage: (page: number) => void;
}) {
  const page = list.filter.page;
  const first = page * PAYMENTS_PAGE_SIZE;
  const more = Math.max(0, list.total - first - shown);
  if (!list.loaded || (page === 0 && more === 0)) return null;
  return (
    <nav className="admin-pager" aria-label={PENDING_TEXTS.pages(title)}>
      <p className="admin-pager__status" aria-live="polite">
        {PENDING_TEXTS.showing(shown === 0 ? first : first + 1, first + shown, list.total)}
      </p>
      {page > 0 && (
        <button type="button" className="btn btn--ghost" disabled={list.loading} onClick={() => onPage(page - 1)}>
          {PENDING_TEXTS.previousPage}
        </button>
      )}
      {more > 0 && (
        <button type="button" className="btn btn--primary" disabled={list.loading} onClick={() => onPage(page + 1)}>
          {PENDING_TEXTS.nextPage(more)}
        </button>
      )}
    </nav>
  );
}

/**
 * The Payment tab, a payments desk: deposits and withdrawals, each searched (UTR, player, transaction id, amount),
 * filtered and reviewed, with the count of pending claims in each heading. Every claim of a page flows with the page
 * on phones and on wide screens (no box of its own); a longer list is paged, saying how many more there are. Each
 * claim's player opens the player view in one click. While the tab is open the lists refresh every 10 s (when the
 * page is visible) and at once when the server pushes new pending counts.
 */
export function PaymentTab() {
  const dispatch = useAppDispatch();
  const deposits = useAppSelector(selectAdminDeposits);
  const withdrawals = useAppSelector(selectAdminWithdrawals);
  const pending = useAppSelector(selectPendingCounts);
  // The reviewer's bank statement, read in the browser for this visit of the tab; never sent anywhere.
  const [statement, setStatement] = useState<ImportedStatement | null>(null);
  const matches = deposits.items.map((entry) => statementMatch(entry, statement));
  const counts: Record<StatementVerdict, number> = { matched: 0, mismatched: 0, missing: 0 };
  for (const match of matches) if (match) counts[match.verdict] += 1;

  useEffect(() => {
    dispatch(depositsRequested());
    dispatch(withdrawalsRequested());
    dispatch(paymentsFollowStarted());
    return () => {
      dispatch(paymentsFollowStopped());
    };
  }, [dispatch]);

  return (
    <div className="admin-payments">
      <PaymentSection
        title="Deposits"
        pending={pending.deposits}
        list={deposits}
        rows={deposits.items.map((entry, i) => depositRow(entry, matches[i]))}
        empty={EMPTY_STATES.deposits}
        onFilter={(patch) => dispatch(depositsFilterChanged(patch))}
        onRefresh={() => dispatch(depositsRequested())}
        tableClassName="review-table--deposits"
        toolbar={
          <StatementImport
            imported={statement}
            summary={
              statement ? statementSummary(statement.fileName, statement.statement.entries.length, counts) : null
            }
            onImported={setStatement}
          />
        }
      />
      <PaymentSection
        title="Withdrawals"
        pending={pending.withdrawals}
        list={withdrawals}
        rows={withdrawals.items.map(withdrawalRow)}
        empty={EMPTY_STATES.withdrawals}
        onFilter={(patch) => dispatch(withdrawalsFilterChanged(patch))}
        onRefresh={() => dispatch(withdrawalsRequested())}
      />
      <PlayerOverviewDialog />
    </div>
  );
}
