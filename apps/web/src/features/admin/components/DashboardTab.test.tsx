import type { DashboardCharts, DashboardData } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { createAppStore } from '../../../app/store';
import { createApiClient } from '../../../shared/api';
import { signedOut } from '../../../shared/session';
import { createFakeFetch, fail, json, memoryTokens, ok, pending } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { dashboardRequested } from '../admin.slice';
import { selectAdmin } from '../selectors';
import { adminFeature } from '../admin.feature';

const DASHBOARD = 'GET /admin/dashboard';

const DASHBOARD_DATA: DashboardData = {
  stats: {
    totalDeposit: '125000.50',
    pendingDeposit: '500.50',
    completedDeposit: '124000.00',
    totalOnlineUsers: 7,
    totalUsers: 123456,
    totalBets: 1234567,
    pendingBets: 12,
    completedBets: 1234500,
    totalWalletBalance: '98765.25',
    totalGameResults: 2880,
    totalWithdraw: '25000.00',
    completedWithdraw: '20000.00',
    pendingWithdraw: '5000.00',
  },
  recentUsers: [
    { _id: 'u2', username: 'ravi_k', email: 'ravi.k@gmail.com', createdAt: '2026-11-21T05:00:00.000Z' },
    { _id: 'u1', username: 'asha', email: 'asha@gmail.com', createdAt: '2026-11-20T04:45:00.000Z' },
  ],
  recentBets: [
    {
      _id: 'b2',
      userId: { username: 'ravi_k' },
      amount: 100,
      status: 'PENDING',
      createdAt: '2026-11-21T05:01:00.000Z',
    },
    {
      _id: 'b1',
      userId: { username: 'asha' },
      amount: 1000,
      status: 'COMPLETED',
      createdAt: '2026-11-21T04:50:00.000Z',
    },
  ],
  recentGameResults: [
    {
      _id: '202611210301',
      periodId: '202611210301',
      color: 'violet',
      number: 5,
      bigSmall: 'big',
      digit: 5,
      timestamp: '2026-11-21T05:00:30.000Z',
    },
    {
      _id: '202611210300',
      periodId: '202611210300',
      color: 'red',
      number: 2,
      bigSmall: 'small',
      digit: 2,
      timestamp: '2026-11-21T05:00:00.000Z',
    },
  ],
};

const EMPTY: DashboardData = {
  stats: Object.fromEntries(
    Object.entries(DASHBOARD_DATA.stats).map(([k, v]) => [k, typeof v === 'string' ? '0.00' : 0]),
  ) as unknown as DashboardData['stats'],
  recentUsers: [],
  recentBets: [],
  recentGameResults: [],
};

const CHARTS = 'GET /admin/dashboard/charts';
const CHARTS_DATA: DashboardCharts = {
  rounds: [
    { periodId: '202611210049', bets: 0, stake: '0.00', houseResult: '0.00' },
    { periodId: '202611210050', bets: 2, stake: '110.00', houseResult: '20.00' },
    { periodId: '202611210051', bets: 1, stake: '10.00', houseResult: '-80.00' },
  ],
  days: [
    { day: '2026-11-20', deposits: '0.00', withdrawals: '0.00' },
    { day: '2026-11-21', deposits: '1300.25', withdrawals: '700.00' },
  ],
};

const openDashboard = (
  answer: () => Response | Promise<Response>,
  charts: () => Response | Promise<Response> = () => ok(CHARTS_DATA),
) => renderApp('/admin/dashboard', { session: 'super-admin', routes: { [DASHBOARD]: answer, [CHARTS]: charts } });

/** The value shown on the stat card labelled `label`. */
const cardOf = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement as HTMLElement;
const stat = (label: string) => cardOf(label).querySelector('.stat-card__value')?.textContent;

describe('Dashboard tab', () => {
  test('stat cards: money in rupees (en-IN, INR), counts grouped the Indian way, pendingDeposit labelled Pending Deposits (not the spec’s Failed Payments)', async () => {
    openDashboard(() => ok(DASHBOARD_DATA));
    await screen.findByText('Total Deposit');
    const cards = within(screen.getByLabelText('Statistics'));
    expect(cards.getAllByRole('term').map((t) => t.textContent)).toEqual([
      'Total Users',
      'Online Users',
      'Total Wallet Balance',
      'Total Deposit',
      'Completed Deposit',
      'Pending Deposits',
      'Total Withdraw',
      'Completed Withdraw',
      'Pending Withdraw',
      'Total Bets',
      'Pending Bets',
      'Completed Bets',
      'Total Game Results',
    ]);
    expect(within(screen.getByRole('region', { name: 'Deposits' })).getByText('Pending Deposits')).toBeInTheDocument();
    // Every figure has a one-line description of what it counts; Total Deposit's definition is stated.
    for (const term of cards.getAllByRole('term')) {
      expect(term.parentElement!.querySelector('.stat-card__hint')?.textContent ?? '').toMatch(/^[A-Z].{20,}\.$/);
    }
    expect(
      within(cardOf('Total Deposit')).getByText(
        'Sum of every deposit request ever made: pending, approved and rejected.',
      ),
    ).toBeInTheDocument();
    expect(
      within(cardOf('Pending Deposits')).getByText('Deposit requests still waiting for review: nothing credited yet.'),
    ).toBeInTheDocument();
    expect(stat('Total Deposit')).toBe('₹1,25,000.50');
    expect(stat('Pending Deposits')).toBe('₹500.50');
    expect(cardOf('Pending Deposits')).toHaveAttribute('data-stat', 'pendingDeposit');
    expect(stat('Completed Deposit')).toBe('₹1,24,000.00');
    expect(stat('Online Users')).toBe('7');
    expect(stat('Total Users')).toBe('1,23,456');
    expect(stat('Total Bets')).toBe('12,34,567');
    expect(stat('Pending Bets')).toBe('12');
    expect(stat('Completed Bets')).toBe('12,34,500');
    expect(stat('Total Wallet Balance')).toBe('₹98,765.25');
    expect(stat('Total Game Results')).toBe('2,880');
    expect(stat('Total Withdraw')).toBe('₹25,000.00');
    expect(stat('Completed Withdraw')).toBe('₹20,000.00');
    expect(stat('Pending Withdraw')).toBe('₹5,000.00');
  });

  test('charts of the last rounds and of payments per day, each with its figures exact to the paisa', async () => {
    const { fake } = openDashboard(() => ok(DASHBOARD_DATA));
    const rounds = await screen.findByRole('figure', { name: 'Last 50 rounds' });
    expect(within(rounds).getByRole('img', { name: /bets, stake volume and house result/ })).toBeInTheDocument();
    expect(rounds).toHaveTextContent('house result — stakes minus everything paid for winners');
    const roundRows = within(within(rounds).getByRole('region', { name: 'Rounds figures' }))
      .getAllByRole('row')
      .slice(1);
    expect(
      roundRows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['202611210051', '1', '₹10.00', '-₹80.00'],
      ['202611210050', '2', '₹110.00', '₹20.00'],
      ['202611210049', '0', '₹0.00', '₹0.00'],
    ]);
    const days = screen.getByRole('figure', { name: 'Deposits and withdrawals per day' });
    const dayRows = within(within(days).getByRole('region', { name: 'Payments per day figures' }))
      .getAllByRole('row')
      .slice(1);
    expect(
      dayRows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['21 Nov', '₹1,300.25', '₹700.00'],
      ['20 Nov', '₹0.00', '₹0.00'],
    ]);
    expect(fake.callsTo(CHARTS)).toHaveLength(1);
  });

  test('a charts failure says so and leaves the figures', async () => {
    openDashboard(
      () => ok(DASHBOARD_DATA),
      () => fail(500),
    );
    expect(await screen.findByText('Failed to fetch dashboard charts')).toHaveClass('pay-error');
    expect(stat('Total Deposit')).toBe('₹1,25,000.50');
  });

  test('money figures past what a number holds exactly are shown to the paisa', async () => {
    openDashboard(() =>
      ok({
        ...DASHBOARD_DATA,
        stats: { ...DASHBOARD_DATA.stats, totalWalletBalance: '101331211615816.17', totalDeposit: '90071992547409.93' },
      }),
    );
    await screen.findByText('Total Deposit');
    expect(stat('Total Wallet Balance')).toBe('₹10,13,31,21,16,15,816.17');
    expect(stat('Total Deposit')).toBe('₹9,00,71,99,25,47,409.93');
  });

  test('the three tables: recent users, bets and game results', async () => {
    openDashboard(() => ok(DASHBOARD_DATA));
    const users = await screen.findByRole('region', { name: 'Recent Users table' });
    const userRows = within(users).getAllByRole('row').slice(1);
    expect(
      userRows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['ravi_k', 'ravi.k@gmail.com', '21 Nov 2026, 10:30 am'],
      ['asha', 'asha@gmail.com', '20 Nov 2026, 10:15 am'],
    ]);

    const bets = screen.getByRole('region', { name: 'Recent Bets table' });
    expect(
      within(bets)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['User', 'Amount', 'Status', 'Placed']);
    expect(
      within(bets)
        .getAllByRole('row')
        .slice(1)
        .map((r) =>
          within(r)
            .getAllByRole('cell')
            .map((c) => c.textContent),
        ),
    ).toEqual([
      ['ravi_k', '₹100.00', 'Pending', '21 Nov 2026, 10:31 am'],
      ['asha', '₹1,000.00', 'Completed', '21 Nov 2026, 10:20 am'],
    ]);

    const results = screen.getByRole('region', { name: 'Recent Game Results table' });
    expect(
      within(results)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Period', 'Number', 'Color', 'Big/Small', 'Drawn']);
    const first = within(results).getAllByRole('row')[1]!;
    expect(
      within(first)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['202611210301', '5', 'Violet', 'Big', '21 Nov 2026, 10:30 am']);
    expect(within(first).getByLabelText('Number 5')).toHaveClass('result-digit--violet');
  });

  test("empty platform: zero figures and 'No recent users.', 'No recent bets.', 'No recent game results.'", async () => {
    openDashboard(
      () => ok(EMPTY),
      () => ok({ rounds: [], days: [] }),
    );
    expect(await screen.findByText('No recent users.')).toHaveClass('admin-empty');
    expect(await screen.findByText('No settled rounds yet.')).toBeInTheDocument();
    expect(screen.getByText('No recent bets.')).toBeInTheDocument();
    expect(screen.getByText('No recent game results.')).toBeInTheDocument();
    expect(stat('Total Deposit')).toBe('₹0.00');
    expect(stat('Total Users')).toBe('0');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  test("errors read 'Error: {error}': the server's message, else 'Failed to fetch dashboard stats'", async () => {
    openDashboard(() => fail(503, 'Online users cannot be counted right now. Please try again.'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error: Online users cannot be counted right now. Please try again.',
    );
  });

  test("a failure without a message shows 'Error: Failed to fetch dashboard stats'", async () => {
    openDashboard(() => fail(500));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Error: Failed to fetch dashboard stats$/);
    expect(screen.queryByText('Total Deposit')).not.toBeInTheDocument();
  });

  test('Refresh reloads the figures; a failed refresh keeps the figures shown under the error', async () => {
    let calls = 0;
    const { user, fake } = openDashboard(() => {
      calls += 1;
      if (calls === 1) return ok(DASHBOARD_DATA);
      if (calls === 2)
        return ok({
          ...DASHBOARD_DATA,
          stats: { ...DASHBOARD_DATA.stats, totalOnlineUsers: 8, totalDeposit: '126000.50' },
        });
      return fail(500);
    });
    await screen.findByText('Total Deposit');
    expect(stat('Online Users')).toBe('7');
    expect(screen.getByText(/^Updated/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(stat('Online Users')).toBe('8'));
    expect(stat('Total Deposit')).toBe('₹1,26,000.50');

    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Failed to fetch dashboard stats');
    expect(stat('Online Users')).toBe('8');
    expect(fake.callsTo(DASHBOARD)).toHaveLength(3);
  });

  test('a spinner shows and Refresh waits while the figures load', async () => {
    openDashboard(() => pending());
    expect(await screen.findByRole('status', { name: 'Loading dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeDisabled();
  });
});

describe('dashboard saga and slice', () => {
  function start(answer: () => Response | Promise<Response>) {
    const fake = createFakeFetch({ 'GET /auth/refresh-token': () => pending(), [DASHBOARD]: answer });
    const store = createAppStore({ api: createApiClient({ fetch: fake.fetch, tokens: memoryTokens('t') }) });
    store.injectFeature(adminFeature);
    return { store, fake };
  }

  test('loads the data, remembering when', async () => {
    const { store } = start(() => ok(DASHBOARD_DATA));
    store.dispatch(dashboardRequested());
    expect(selectAdmin(store.getState()).dashboard.loading).toBe(true);
    // Kept as sent, but for the recent bets' amounts, which the store holds in paise (₹100 → 10000).
    await vi.waitFor(() =>
      expect(selectAdmin(store.getState()).dashboard.data).toEqual({
        ...DASHBOARD_DATA,
        recentBets: [
          {
            _id: 'b2',
            userId: { username: 'ravi_k' },
            amountPaise: 10_000,
            status: 'PENDING',
            createdAt: '2026-11-21T05:01:00.000Z',
          },
          {
            _id: 'b1',
            userId: { username: 'asha' },
            amountPaise: 100_000,
            status: 'COMPLETED',
            createdAt: '2026-11-21T04:50:00.000Z',
          },
        ],
      }),
    );
    expect(selectAdmin(store.getState()).dashboard).toMatchObject({
      loading: false,
      error: null,
      loadedAt: expect.any(Number),
    });
  });

  test('a reply without stats is an error; sign-out clears the figures', async () => {
    const { store } = start(() => json(200, { success: true, data: {} }));
    store.dispatch(dashboardRequested());
    await vi.waitFor(() =>
      expect(selectAdmin(store.getState()).dashboard.error).toBe('Failed to fetch dashboard stats'),
    );
    store.dispatch(signedOut());
    expect(selectAdmin(store.getState()).dashboard).toEqual({
      data: null,
      loading: false,
      error: null,
      loadedAt: null,
    });
  });
});
