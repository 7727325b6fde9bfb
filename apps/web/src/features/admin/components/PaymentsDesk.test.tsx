import type { AdminDepositEntry, AdminPlayerOverview } from '@app/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { fail, ok, type FakeRoute } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { renderLive } from '../../../test/render-live';
import adminCss from './admin.css?raw';

const DEPOSITS = '/admin/pending-deposits';
const WITHDRAWALS = '/admin/pending-withdraws';
const COUNTS = 'GET /admin/pending-counts';

const depositOf = (n: number, over: Partial<AdminDepositEntry['deposit']> = {}): AdminDepositEntry => ({
  userId: `u-${n}`,
  username: `player_${n}`,
  email: `player${n}@gmail.com`,
  walletId: `wallet-${n}`,
  deposit: {
    _id: `id-${n}`,
    transactionId: `DEP${n}`,
    amount: 100 + n,
    method: 'UPI',
    status: 'PENDING',
    createdAt: '2026-11-21T04:45:00.000Z',
    utrNumber: String(412345670000 + n),
    upiApp: 'PHONEPE',
    payer: `payer${n}@okaxis`,
    ...over,
  },
});

const rowOf = (transactionId: string) =>
  document.querySelector(`tr[data-transaction-id="${transactionId}"]`) as HTMLElement | null;
const section = (title: RegExp) => screen.getByRole('heading', { level: 2, name: title }).closest('section')!;

/** The first page of the pending withdrawals (none) and the counts, beside what a test adds. */
function desk(routes: Record<string, FakeRoute>, counts = { deposits: 0, withdrawals: 0 }) {
  return {
    [`GET ${WITHDRAWALS}?status=PENDING&limit=50`]: () => ok({ pendingWithdrawals: [], total: 0 }),
    [COUNTS]: () => ok({ pending: counts }),
    ...routes,
  };
}

async function openPayment(routes: Record<string, FakeRoute>) {
  const view = renderApp('/admin/dashboard', { session: 'super-admin', routes });
  await view.user.click(await screen.findByRole('tab', { name: /^Payment/ }));
  return view;
}

describe('the search box', () => {
  test('searches by what the reviewer types (a UTR here) on the server, and Clear brings the list back', async () => {
    const all = [depositOf(1), depositOf(2)];
    const { user, fake } = await openPayment(
      desk({
        [`GET ${DEPOSITS}?status=PENDING&limit=50`]: () => ok({ pendingDeposits: all, total: 2 }),
        [`GET ${DEPOSITS}?status=PENDING&q=4123+4567+0002&limit=50`]: () =>
          ok({ pendingDeposits: [depositOf(2)], total: 1 }),
      }),
    );
    await waitFor(() => expect(rowOf('DEP1')).not.toBeNull());
    const deposits = within(section(/^Deposits/));
    const box = deposits.getByRole('searchbox', { name: 'Search deposits' });
    expect(box).toHaveAttribute('placeholder', 'UTR, player, transaction id or amount');
    expect(box).toHaveAttribute('maxLength', '100');
    await user.type(box, '4123 4567 0002{Enter}');
    await waitFor(() => expect(rowOf('DEP1')).toBeNull());
    expect(rowOf('DEP2')).not.toBeNull();
    expect(fake.calls.map((c) => c.path)).toContain(`${DEPOSITS}?status=PENDING&q=4123+4567+0002&limit=50`);
    // The withdrawals have their own box: they were not searched.
    expect(fake.calls.some((c) => c.path.startsWith(WITHDRAWALS) && c.path.includes('q='))).toBe(false);

    await user.click(deposits.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(rowOf('DEP1')).not.toBeNull());
    expect(box).toHaveValue('');
  });

  test('says when nothing matches, and shows the server’s message for a bad search', async () => {
    const { user } = await openPayment(
      desk({
        [`GET ${DEPOSITS}?status=PENDING&limit=50`]: () => ok({ pendingDeposits: [depositOf(1)], total: 1 }),
        [`GET ${DEPOSITS}?status=PENDING&q=nobody&limit=50`]: () => ok({ pendingDeposits: [], total: 0 }),
        [`GET ${DEPOSITS}?status=PENDING&q=bad&limit=50`]: () =>
          fail(400, 'Search must be one line of text: a UTR, a player, a transaction id or an amount.'),
      }),
    );
    await waitFor(() => expect(rowOf('DEP1')).not.toBeNull());
    const box = within(section(/^Deposits/)).getByRole('searchbox', { name: 'Search deposits' });
    await user.type(box, 'nobody{Enter}');
    expect(await screen.findByText('No claims match "nobody".')).toBeInTheDocument();
    await user.clear(box);
    await user.type(box, 'bad{Enter}');
    expect(
      await screen.findByText('Search must be one line of text: a UTR, a player, a transaction id or an amount.'),
    ).toHaveAttribute('role', 'alert');
  });
});

describe('the full list', () => {
  test('every pending claim of a page is in the list, with no box of its own; the rest is a page away, counted', async () => {
    const page1 = Array.from({ length: 50 }, (_, i) => depositOf(i + 1));
    const page2 = Array.from({ length: 30 }, (_, i) => depositOf(i + 51));
    const { user, fake } = await openPayment(
      desk(
        {
          [`GET ${DEPOSITS}?status=PENDING&limit=50`]: () => ok({ pendingDeposits: page1, total: 80 }),
          [`GET ${DEPOSITS}?status=PENDING&limit=50&offset=50`]: () => ok({ pendingDeposits: page2, total: 80 }),
        },
        { deposits: 80, withdrawals: 0 },
      ),
    );
    await waitFor(() => expect(rowOf('DEP50')).not.toBeNull());
    expect(screen.getByRole('heading', { level: 2, name: 'Deposits · 80 pending' })).toBeInTheDocument();
    const table = screen.getByRole('region', { name: 'Deposits table' });
    expect(within(table).getAllByRole('row')).toHaveLength(51); // the header and 50 claims
    // No box of its own, on any screen: no review table is given a height to scroll inside (jsdom lays nothing
    // out, so the style sheet is read), and no "more below" hint; the list says how many claims follow and where.
    expect(adminCss).not.toMatch(/\.review-table(--[\w-]+)?\s*\{[^}]*(?<![-\w])(max-)?height\s*:/);
    expect(screen.queryByText(/more below/)).not.toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Deposits pages' });
    expect(pages).toHaveTextContent('Showing 1–50 of 80');
    await user.click(within(pages).getByRole('button', { name: 'Next page · 30 more' }));
    await waitFor(() => expect(rowOf('DEP80')).not.toBeNull());
    expect(rowOf('DEP1')).toBeNull();
    expect(fake.calls.map((c) => c.path)).toContain(`${DEPOSITS}?status=PENDING&limit=50&offset=50`);
    expect(screen.getByRole('navigation', { name: 'Deposits pages' })).toHaveTextContent('Showing 51–80 of 80');
    expect(
      within(screen.getByRole('navigation', { name: 'Deposits pages' })).queryByRole('button', { name: /Next/ }),
    ).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(rowOf('DEP1')).not.toBeNull());
  }, 30_000);

  test('a list that fits on one page shows no pager', async () => {
    await openPayment(
      desk({ [`GET ${DEPOSITS}?status=PENDING&limit=50`]: () => ok({ pendingDeposits: [depositOf(1)], total: 1 }) }),
    );
    await waitFor(() => expect(rowOf('DEP1')).not.toBeNull());
    expect(screen.queryByRole('navigation', { name: 'Deposits pages' })).not.toBeInTheDocument();
  });
});

describe('the live pending count', () => {
  const paymentTab = () => screen.getByRole('tab', { name: /^Payment/ });

  test('the badge follows the counts the server pushes to the console’s socket, and an open Payment tab reloads its lists', async () => {
    // The server's pending claims: one deposit at first; its lists' totals say what its counts say.
    let counts = { deposits: 1, withdrawals: 0 };
    const routes = desk({
      [`GET ${DEPOSITS}?status=PENDING&limit=50`]: () =>
        ok({ pendingDeposits: [depositOf(1)], total: counts.deposits }),
      [`GET ${WITHDRAWALS}?status=PENDING&limit=50`]: () => ok({ pendingWithdrawals: [], total: counts.withdrawals }),
      [COUNTS]: () => ok({ pending: counts }),
    });
    const { sockets, fake, user } = renderLive('/admin/dashboard', { session: 'super-admin', routes });
    await waitFor(() => expect(paymentTab()).toHaveAccessibleName('Payment 1 pending'));
    act(() => sockets.socket.accept());
    act(() => sockets.socket.push('pending-payments', { deposits: 4, withdrawals: 2 }));
    await waitFor(() => expect(paymentTab()).toHaveAccessibleName('Payment 6 pending'));
    expect(paymentTab().querySelector('.admin-nav__badge')).toHaveTextContent(/^6$/);

    await user.click(paymentTab());
    await waitFor(() => expect(rowOf('DEP1')).not.toBeNull());
    const lists = () => fake.calls.filter((c) => c.path.startsWith(DEPOSITS)).length;
    const before = lists();
    counts = { deposits: 5, withdrawals: 2 };
    act(() => sockets.socket.push('pending-payments', { deposits: 5, withdrawals: 2 }));
    await waitFor(() => expect(lists()).toBe(before + 1));
    await waitFor(() => expect(paymentTab()).toHaveAccessibleName('Payment 7 pending'));
    // A payload that is not two counts is dropped.
    act(() => sockets.socket.push('pending-payments', { deposits: -1, withdrawals: 'x' } as never));
    expect(paymentTab()).toHaveAccessibleName('Payment 7 pending');
  });

  test('while the socket is down the counts are asked for every 30 s; while it is connected, never', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let deposits = 1;
      const routes = desk({});
      routes[COUNTS] = () => ok({ pending: { deposits, withdrawals: 0 } });
      const { sockets, fake } = renderLive('/admin/dashboard', { session: 'super-admin', routes });
      await waitFor(() => expect(paymentTab()).toHaveAccessibleName('Payment 1 pending'));
      const asked = () => fake.callsTo(COUNTS).length;
      act(() => sockets.socket.accept());
      const connected = asked();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(asked()).toBe(connected);

      act(() => sockets.socket.drop());
      deposits = 3;
      await vi.advanceTimersByTimeAsync(30_000);
      await waitFor(() => expect(asked()).toBe(connected + 1));
      await waitFor(() => expect(paymentTab()).toHaveAccessibleName('Payment 3 pending'));
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the player view', () => {
  const overview: AdminPlayerOverview = {
    player: {
      id: 'u-1',
      username: 'player_1',
      email: 'player1@gmail.com',
      status: 'active',
      createdAt: '2026-11-01T04:30:00.000Z',
      suspendedAt: null,
      suspensionReason: null,
      balance: 1400,
      bonusBalance: 25.5,
      playBreak: null,
    },
    limits: {
      limits: [
        { kind: 'deposit24h', value: 5000, left: 3000, pending: null },
        { kind: 'sessionMinutes', value: null, left: null, pending: null },
      ] as AdminPlayerOverview['limits']['limits'],
      realityCheckMinutes: 30,
      limitsOffered: true,
      pausedUntil: null,
    },
    ledger: [
      {
        seq: 9,
        at: '2026-11-21T05:00:00.000Z',
        kind: 'withdrawal',
        reference: 'WDR9',
        periodId: null,
        main: -600,
        bonus: 0,
      },
      {
        seq: 7,
        at: '2026-11-21T04:50:00.000Z',
        kind: 'deposit',
        reference: 'DEP7',
        periodId: null,
        main: 2000,
        bonus: 0,
      },
    ],
    claims: [
      {
        _id: 'r9',
        transactionId: 'WDR9',
        type: 'WITHDRAWAL',
        status: 'PENDING',
        amount: 600,
        method: 'BANK_TRANSFER',
        createdAt: '2026-11-21T05:00:00.000Z',
        reviewedAt: null,
        utrNumber: null,
        payer: null,
        upiId: null,
        bankDetails: { accountHolderName: 'Asha Rao', accountNumber: '998877665544', ifscCode: 'HDFC0001234' },
        adminNotes: null,
      },
      {
        _id: 'r8',
        transactionId: 'DEP8',
        type: 'DEPOSIT',
        status: 'FAILED',
        amount: 300,
        method: 'UPI',
        createdAt: '2026-11-21T04:55:00.000Z',
        reviewedAt: '2026-11-21T05:10:00.000Z',
        utrNumber: '412345678908',
        payer: 'Asha Rao',
        upiId: null,
        bankDetails: null,
        adminNotes: 'No payment with this UTR',
      },
    ],
    bets: [
      {
        _id: 'b1',
        betType: 'color',
        betValue: 'green',
        amount: 100,
        isWin: true,
        winAmount: 182,
        status: 'COMPLETED',
        playedFrom: 'web',
        periodId: '202611210007',
        createdAt: '2026-11-21T05:01:00.000Z',
        updatedAt: '2026-11-21T05:01:30.000Z',
      },
    ],
  };

  test('one click on a claim’s player shows balances, limits, claims, ledger and bets; Escape closes it', async () => {
    const { user, fake } = await openPayment(
      desk({
        [`GET ${DEPOSITS}?status=PENDING&limit=50`]: () => ok({ pendingDeposits: [depositOf(1)], total: 1 }),
        'GET /admin/players/u-1/overview': () => ok({ overview }),
      }),
    );
    await waitFor(() => expect(rowOf('DEP1')).not.toBeNull());
    await user.click(within(rowOf('DEP1')!).getByRole('button', { name: 'View player player_1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Player player_1' });
    await within(dialog).findByText('₹1,400.00');
    expect(fake.callsTo('GET /admin/players/u-1/overview')).toHaveLength(1);
    const balances = within(dialog).getByRole('region', { name: 'Balances' });
    expect(balances).toHaveTextContent('Main balance₹1,400.00');
    expect(balances).toHaveTextContent('Bonus balance₹25.50');
    const protection = within(dialog).getByRole('region', { name: 'Limits and breaks' });
    expect(protection).toHaveTextContent('No break or self-exclusion');
    expect(protection).toHaveTextContent('₹5,000.00 · ₹3,000.00 left');
    expect(protection).toHaveTextContent('Reality check every30 min');
    const claims = within(dialog).getByRole('region', { name: 'Deposits and withdrawals (newest 20)' });
    expect(claims).toHaveTextContent('Withdrawal ₹600.00');
    expect(claims).toHaveTextContent('998877665544 · HDFC0001234 · Asha Rao');
    expect(claims).toHaveTextContent('UTR 412345678908 · Payer Asha Rao');
    expect(claims).toHaveTextContent('Admin notes: No payment with this UTR');
    const ledger = within(dialog).getByRole('region', { name: 'Ledger (newest 20)' });
    expect(
      within(ledger)
        .getAllByRole('listitem')
        .map((li) => li.firstElementChild?.textContent),
    ).toEqual(['Withdrawal−₹600.00', 'Deposit+₹2,000.00']);
    const bets = within(dialog).getByRole('region', { name: 'Bets (newest 20)' });
    expect(bets).toHaveTextContent('color green · ₹100.00');
    expect(bets).toHaveTextContent('won ₹182.00');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('a player view that cannot be loaded says so in the dialog', async () => {
    const { user } = await openPayment(
      desk({
        [`GET ${DEPOSITS}?status=PENDING&limit=50`]: () => ok({ pendingDeposits: [depositOf(1)], total: 1 }),
        'GET /admin/players/u-1/overview': () => fail(404, 'Player not found.'),
      }),
    );
    await waitFor(() => expect(rowOf('DEP1')).not.toBeNull());
    await user.click(within(rowOf('DEP1')!).getByRole('button', { name: 'View player player_1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Player player_1' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Player not found.');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
