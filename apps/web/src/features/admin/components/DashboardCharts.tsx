import type { DashboardCharts as Charts } from '@app/contracts';
import { formatRupeeText } from '@app/domain';
import { useMemo } from 'react';
import { useAppSelector } from '../../../shared/store-hooks';
import { Spinner } from '../../../shared/ui/Spinner';
import { selectAdminCharts } from '../selectors';
import { UPlotChart, type ChartSeries } from './UPlotChart';

const dayFormat = new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', timeZone: 'UTC' });
const dayLabel = (day: string) => dayFormat.format(Date.parse(`${day}T00:00:00Z`));

function RoundsChart({ rounds }: { rounds: Charts['rounds'] }) {
  const x = useMemo(() => rounds.map((_, i) => i), [rounds]);
  const series = useMemo<ChartSeries[]>(
    () => [
      { label: 'Stake volume', values: rounds.map((r) => Number(r.stake)), stroke: '#fbbf24', scale: 'money' },
      { label: 'House result', values: rounds.map((r) => Number(r.houseResult)), stroke: '#a855f7', scale: 'money' },
      { label: 'Bets', values: rounds.map((r) => r.bets), stroke: '#38bdf8', scale: 'count' },
    ],
    [rounds],
  );
  const xLabel = useMemo(() => (i: number) => rounds[Math.round(i)]?.periodId.slice(-4) ?? '', [rounds]);
  return (
    <figure className="admin-chart" aria-labelledby="admin-chart-rounds-title">
      <h4 id="admin-chart-rounds-title" className="admin-chart__title">
        Last 50 rounds
      </h4>
      <p className="admin-chart__hint">
        Per settled round, oldest on the left: bets that stood (right axis), stake volume and the house result — stakes
        minus everything paid for winners (net credited + GST); below zero the players won more than they staked.
      </p>
      {rounds.length === 0 ? (
        <p className="admin-empty">No settled rounds yet.</p>
      ) : (
        <>
          <UPlotChart
            x={x}
            xLabel={xLabel}
            series={series}
            label={`Chart of the last ${rounds.length} rounds: bets, stake volume and house result`}
          />
          <details className="admin-chart__data">
            <summary>Show the figures</summary>
            <div className="review-table admin-chart__table" tabIndex={0} role="region" aria-label="Rounds figures">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Period</th>
                    <th scope="col">Bets</th>
                    <th scope="col">Stake volume</th>
                    <th scope="col">House result</th>
                  </tr>
                </thead>
                <tbody>
                  {[...rounds].reverse().map((r) => (
                    <tr key={r.periodId}>
                      <td className="pay-mono">{r.periodId}</td>
                      <td>{r.bets}</td>
                      <td>{formatRupeeText(r.stake)}</td>
                      <td>{formatRupeeText(r.houseResult)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </figure>
  );
}

function DaysChart({ days }: { days: Charts['days'] }) {
  const x = useMemo(() => days.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000), [days]);
  const series = useMemo<ChartSeries[]>(
    () => [
      { label: 'Deposits approved', values: days.map((d) => Number(d.deposits)), stroke: '#22c55e', scale: 'money' },
      {
        label: 'Withdrawals approved',
        values: days.map((d) => Number(d.withdrawals)),
        stroke: '#ef4444',
        scale: 'money',
      },
    ],
    [days],
  );
  return (
    <figure className="admin-chart" aria-labelledby="admin-chart-days-title">
      <h4 id="admin-chart-days-title" className="admin-chart__title">
        Deposits and withdrawals per day
      </h4>
      <p className="admin-chart__hint">
        Approved amounts per India calendar day of approval, for the last {days.length} days (today on the right).
      </p>
      {days.length === 0 ? (
        <p className="admin-empty">No payment days yet.</p>
      ) : (
        <>
          <UPlotChart
            x={x}
            time
            series={series}
            label={`Chart of approved deposits and withdrawals per day for ${days.length} days`}
          />
          <details className="admin-chart__data">
            <summary>Show the figures</summary>
            <div
              className="review-table admin-chart__table"
              tabIndex={0}
              role="region"
              aria-label="Payments per day figures"
            >
              <table>
                <thead>
                  <tr>
                    <th scope="col">Day</th>
                    <th scope="col">Deposits</th>
                    <th scope="col">Withdrawals</th>
                  </tr>
                </thead>
                <tbody>
                  {[...days].reverse().map((d) => (
                    <tr key={d.day}>
                      <td>
                        <time dateTime={d.day}>{dayLabel(d.day)}</time>
                      </td>
                      <td>{formatRupeeText(d.deposits)}</td>
                      <td>{formatRupeeText(d.withdrawals)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </figure>
  );
}

/** The Dashboard tab's charts: the last 50 rounds and the payments per day, each with its figures as a table. */
export function DashboardCharts() {
  const { data, loading, error } = useAppSelector(selectAdminCharts);
  return (
    <section className="admin-section admin-charts" aria-labelledby="admin-charts-title">
      <div className="admin-section__head">
        <h3 id="admin-charts-title" className="stat-group__title">
          Charts
        </h3>
        {loading && <Spinner size="sm" label="Loading charts" />}
      </div>
      {error && (
        <p className="pay-error" role="alert">
          {error}
        </p>
      )}
      {data && (
        <div className="admin-charts__grid">
          <RoundsChart rounds={data.rounds} />
          <DaysChart days={data.days} />
        </div>
      )}
    </section>
  );
}
