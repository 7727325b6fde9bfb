import type { AdminStats } from '@app/contracts';
import {
  ADMIN_TEXTS,
  adminDashboardErrorText,
  EMPTY_STATES,
  formatPaise,
  formatRupees,
  formatRupeeText,
} from '@app/domain';
import { useEffect, type ReactNode } from 'react';
import { useAppDispatch, useAppSelector } from '../../../shared/store-hooks';
import { indiaTimeFormat } from '../../../shared/india-time';
import { Spinner } from '../../../shared/ui/Spinner';
import { formatDateTime } from '../../wallet/format';
import { chartsRequested, dashboardRequested } from '../admin.slice';
import type { AdminDashboard } from '../records';
import { selectAdminDashboard } from '../selectors';
import { DashboardCharts } from './DashboardCharts';

/** While the tab is open the figures reload this often (online players move on their own). */
export const DASHBOARD_REFRESH_MS = 30_000;

type StatKind = 'money' | 'count';

interface StatCard {
  key: keyof AdminStats;
  label: string;
  kind: StatKind;
  hint: string;
  tone: 'gold' | 'green' | 'red' | 'violet' | 'blue';
}

/**
 * The stat cards, grouped as an admin reads them. Money is rupees (en-IN, INR); the rest are counts. pendingDeposit
 * is labelled 'Pending Deposits' (the spec's red 'Failed Payments' named deposits that had not failed). Each card keeps the spec's label and says in one line what its figure
 * counts, so no figure can be read two ways.
 */
export const STAT_GROUPS: { title: string; cards: StatCard[] }[] = [
  {
    title: 'Players',
    cards: [
      {
        key: 'totalUsers',
        label: 'Total Users',
        kind: 'count',
        hint: 'Player accounts registered so far (administrators not counted).',
        tone: 'blue',
      },
      {
        key: 'totalOnlineUsers',
        label: 'Online Users',
        kind: 'count',
        hint: 'Players with the app open right now (a live connection on any server).',
        tone: 'green',
      },
      {
        key: 'totalWalletBalance',
        label: 'Total Wallet Balance',
        kind: 'money',
        hint: 'What players hold now: main plus bonus balance, over every wallet.',
        tone: 'gold',
      },
    ],
  },
  {
    title: 'Deposits',
    cards: [
      {
        key: 'totalDeposit',
        label: 'Total Deposit',
        kind: 'money',
        hint: 'Sum of every deposit request ever made: pending, approved and rejected.',
        tone: 'gold',
      },
      {
        key: 'completedDeposit',
        label: 'Completed Deposit',
        kind: 'money',
        hint: 'Deposits an admin approved: money actually credited to players.',
        tone: 'green',
      },
      {
        key: 'pendingDeposit',
        label: ADMIN_TEXTS.pendingDepositLabel,
        kind: 'money',
        hint: 'Deposit requests still waiting for review: nothing credited yet.',
        tone: 'gold',
      },
    ],
  },
  {
    title: 'Withdrawals',
    cards: [
      {
        key: 'totalWithdraw',
        label: 'Total Withdraw',
        kind: 'money',
        hint: 'Sum of every withdrawal request ever made: pending, paid and rejected.',
        tone: 'gold',
      },
      {
        key: 'completedWithdraw',
        label: 'Completed Withdraw',
        kind: 'money',
        hint: 'Withdrawals an admin approved: money paid out to players.',
        tone: 'green',
      },
      {
        key: 'pendingWithdraw',
        label: 'Pending Withdraw',
        kind: 'money',
        hint: 'Requested and held from the balance, waiting for review.',
        tone: 'red',
      },
    ],
  },
  {
    title: 'Bets and rounds',
    cards: [
      {
        key: 'totalBets',
        label: 'Total Bets',
        kind: 'count',
        hint: 'Every bet ever placed, refunded ones included.',
        tone: 'violet',
      },
      {
        key: 'pendingBets',
        label: 'Pending Bets',
        kind: 'count',
        hint: 'Bets whose round has not been settled yet.',
        tone: 'violet',
      },
      {
        key: 'completedBets',
        label: 'Completed Bets',
        kind: 'count',
        hint: 'Bets settled as a win or a loss.',
        tone: 'violet',
      },
      {
        key: 'totalGameResults',
        label: 'Total Game Results',
        kind: 'count',
        hint: 'Rounds whose result has been drawn.',
        tone: 'blue',
      },
    ],
  },
];

const countFormat = new Intl.NumberFormat('en-IN');
const clockFormat = indiaTimeFormat({ hour: '2-digit', minute: '2-digit', second: '2-digit' });

/**
 * A stat card's value. Money arrives as exact rupee text ('101331211615816.17': totals over every player can pass
 * what a number holds exactly) and is formatted without going through a double; counts are numbers.
 */
export function formatStat(value: number | string, kind: StatKind): string {
  if (kind === 'money')
    return typeof value === 'string' ? formatRupeeText(value) : formatRupees(Number.isFinite(value) ? value : 0);
  const n = typeof value === 'number' && Number.isFinite(value) ? value : 0;
  return countFormat.format(n);
}

const COLOR_LABELS: Record<string, string> = { red: 'Red', green: 'Green', violet: 'Violet' };
const BIG_SMALL_LABELS: Record<string, string> = { big: 'Big', small: 'Small' };
const BET_STATUS_LABELS: Record<string, string> = { PENDING: 'Pending', COMPLETED: 'Completed', REFUNDED: 'Refunded' };

interface RecentTableProps {
  title: string;
  empty: string;
  columns: string[];
  rows: { key: string; cells: ReactNode[] }[];
}

/** One of the three "recent" tables; on phones each row becomes a card (the review tables' styles). */
function RecentTable({ title, empty, columns, rows }: RecentTableProps) {
  const headingId = `admin-recent-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section className="admin-section admin-recent" aria-labelledby={headingId}>
      <h3 id={headingId} className="admin-recent__title">
        {title}
      </h3>
      {rows.length === 0 ? (
        <p className="admin-empty">{empty}</p>
      ) : (
        <div className="review-table admin-recent__table" tabIndex={0} role="region" aria-label={`${title} table`}>
          <table>
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key}>
                  {row.cells.map((cell, i) => (
                    <td key={columns[i]} data-label={columns[i]}>
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

const time = (iso: string) => <time dateTime={iso}>{formatDateTime(iso)}</time>;

function RecentLists({ data }: { data: AdminDashboard }) {
  return (
    <div className="admin-recent-lists">
      <RecentTable
        title="Recent Users"
        empty={EMPTY_STATES.recentUsers}
        columns={['Username', 'Email', 'Joined']}
        rows={data.recentUsers.map((u) => ({
          key: u._id,
          cells: [
            <span className="review-table__user">{u.username}</span>,
            <span className="review-table__email">{u.email}</span>,
            time(u.createdAt),
          ],
        }))}
      />
      <RecentTable
        title="Recent Bets"
        empty={EMPTY_STATES.recentBets}
        columns={['User', 'Amount', 'Status', 'Placed']}
        rows={data.recentBets.map((b) => ({
          key: b._id,
          cells: [
            <span className="review-table__user">{b.userId?.username ?? '—'}</span>,
            <span className="review-table__amount">{formatPaise(b.amountPaise)}</span>,
            <span className={`bet-status bet-status--${String(b.status).toLowerCase()}`}>
              {BET_STATUS_LABELS[b.status] ?? b.status}
            </span>,
            time(b.createdAt),
          ],
        }))}
      />
      <RecentTable
        title="Recent Game Results"
        empty={EMPTY_STATES.recentGameResults}
        columns={['Period', 'Number', 'Color', 'Big/Small', 'Drawn']}
        rows={data.recentGameResults.map((r) => ({
          key: r._id,
          cells: [
            <span className="pay-mono">{r.periodId}</span>,
            <span className={`result-digit result-digit--${r.color}`} aria-label={`Number ${r.number}`}>
              {r.number}
            </span>,
            <span className="result-color">
              <span className={`result-color__dot result-color__dot--${r.color}`} aria-hidden="true" />
              {COLOR_LABELS[r.color] ?? r.color}
            </span>,
            BIG_SMALL_LABELS[r.bigSmall] ?? r.bigSmall,
            time(r.timestamp),
          ],
        }))}
      />
    </div>
  );
}

/**
 * Dashboard tab (SPEC 2, GET /admin/dashboard): the platform's figures as stat cards and the latest users, bets and
 * game results. Loads on opening, reloads every 30 s while open and on Refresh; an error shows as 'Error: {error}'
 * above the figures already shown.
 */
export function DashboardTab() {
  const dispatch = useAppDispatch();
  const { data, loading, error, loadedAt } = useAppSelector(selectAdminDashboard);

  useEffect(() => {
    dispatch(dashboardRequested());
    dispatch(chartsRequested());
    const timer = setInterval(() => dispatch(dashboardRequested()), DASHBOARD_REFRESH_MS);
    return () => clearInterval(timer);
  }, [dispatch]);

  return (
    <section className="admin-section admin-dashboard" aria-labelledby="admin-dashboard-title">
      <div className="admin-section__head">
        <h2 id="admin-dashboard-title">Dashboard</h2>
        {loading && <Spinner size="sm" label="Loading dashboard" />}
        <button
          type="button"
          className="btn btn--ghost admin-dashboard__refresh"
          onClick={() => {
            dispatch(dashboardRequested());
            dispatch(chartsRequested());
          }}
          disabled={loading}
        >
          Refresh
        </button>
      </div>
      {loadedAt !== null && (
        <p className="muted small admin-dashboard__updated">
          Updated <time dateTime={new Date(loadedAt).toISOString()}>{clockFormat.format(loadedAt)}</time>
        </p>
      )}
      {error && (
        <p className="pay-error" role="alert">
          {adminDashboardErrorText(error)}
        </p>
      )}
      {data && (
        <>
          <div className="stat-groups" role="group" aria-label="Statistics">
            {STAT_GROUPS.map((group) => (
              <section key={group.title} className="stat-group" aria-label={group.title}>
                <h3 className="stat-group__title">{group.title}</h3>
                <dl className={`stat-group__cards stat-group__cards--${group.cards.length}`}>
                  {group.cards.map((card) => (
                    <div key={card.key} className={`stat-card stat-card--${card.tone}`} data-stat={card.key}>
                      <dt className="stat-card__label">{card.label}</dt>
                      <dd className="stat-card__value">{formatStat(data.stats[card.key], card.kind)}</dd>
                      <dd className="stat-card__hint">{card.hint}</dd>
                    </div>
                  ))}
                </dl>
              </section>
            ))}
          </div>
          <DashboardCharts />
          <RecentLists data={data} />
        </>
      )}
    </section>
  );
}
