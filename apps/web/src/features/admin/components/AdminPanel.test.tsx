import { PAGE_TEXT } from '../../fairness/texts';
import { drawn, fairnessInfo } from '../../fairness/testing/fairness-fixtures';
import { ADMIN_TEXTS } from '@app/domain';
import type { AdminDepositEntry, AdminWithdrawalEntry } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { fail, ok, pending, type FakeRoute } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { selectAdmin } from '../selectors';

const DEPOSITS = '/admin/pending-deposits';
const WITHDRAWALS = '/admin/pending-withdraws';
const UPDATE = 'PUT /admin/update-transaction-status';

const depositOf = (
  id: string,
  status: AdminDepositEntry['deposit']['status'],
  over: Partial<AdminDepositEntry['deposit']> = {},
): AdminDepositEntry => ({
  userId: `u-${id}`,
  username: `player-${id}`,
  email: `${id.toLowerCase()}@gmail.com`,
  walletId: `wallet-${id}`,
  deposit: {
    _id: `id-${id}`,
    transactionId: id,
    amount: 1500,
    method: 'UPI',
    status,
    createdAt: '2026-11-21T04:45:00.000Z',
    utrNumber: '412345678901',
    upiApp: 'PHONEPE',
    ...over,
  },
});

const withdrawalOf = (
  id: string,
  status: AdminWithdrawalEntry['withdrawal']['status'],
  over: Partial<AdminWithdrawalEntry['withdrawal']> = {},
): AdminWithdrawalEntry => ({
  userId: `u-${id}`,
  username: `player-${id}`,
  email: `${id.toLowerCase()}@gmail.com`,
  walletId: `wallet-${id}`,
  playerStatus: 'active',
  withdrawal: {
    _id: `id-${id}`,
    transactionId: id,
    amount: 750,
    method: 'UPI',
    type: 'WITHDRAWAL',
    status,
    createdAt: '2026-11-21T05:00:00.000Z',
    upiId: 'ravi@ybl',
    upiApp: 'PHONEPE',
    ...over,
  },
});

/**
 * The first page of each list under every status filter (the server's list for the status: the pending ones for
 * PENDING), and the pending counts of the lists as they are at each call.
 */
function paymentsServer(opts: {
  deposits?: () => AdminDepositEntry[];
  withdrawals?: () => AdminWithdrawalEntry[];
  routes?: Record<string, FakeRoute>;
}) {
  const routes: Record<string, FakeRoute> = { ...opts.routes };
  const pendingOf = (items: { status: string }[]) => items.filter((i) => i.status === 'PENDING').length;
  for (const status of ['PENDING', 'COMPLETED', 'FAILED', 'ALL']) {
    routes[`GET ${DEPOSITS}?status=${status}&limit=50`] ??= () => {
      const items = opts.deposits?.() ?? [];
      return ok({
        pendingDeposits: items,
        total: status === 'PENDING' ? pendingOf(items.map((i) => i.deposit)) : items.length,
      });
    };
    routes[`GET ${WITHDRAWALS}?status=${status}&limit=50`] ??= () => {
      const items = opts.withdrawals?.() ?? [];
      return ok({
        pendingWithdrawals: items,
        total: status === 'PENDING' ? pendingOf(items.map((i) => i.withdrawal)) : items.length,
      });
    };
  }
  routes['GET /admin/pending-counts'] ??= () =>
    ok({
      pending: {
        deposits: pendingOf((opts.deposits?.() ?? []).map((i) => i.deposit)),
        withdrawals: pendingOf((opts.withdrawals?.() ?? []).map((i) => i.withdrawal)),
      },
    });
  return routes;
}

function openPanel(routes: Record<string, FakeRoute> = {}) {
  return renderApp('/admin/dashboard', { session: 'super-admin', routes });
}

async function openPayment(routes: Record<string, FakeRoute>) {
  const view = openPanel(routes);
  await view.user.click(await screen.findByRole('tab', { name: 'Payment' }));
  return view;
}

const rowOf = (transactionId: string) =>
  document.querySelector(`tr[data-transaction-id="${transactionId}"]`) as HTMLElement;

describe('admin panel shell', () => {
  test('has the tabs Dashboard, Payment, Players, Identity, Disputes, Predict and Setting, Dashboard first', async () => {
    openPanel();
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin panel' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Dashboard',
      'Payment',
      'Players',
      'Care',
      'Identity',
      'Disputes',
      'Predict',
      'Setting',
    ]);
    expect(screen.getByRole('tab', { name: 'Dashboard' })).toHaveAttribute('aria-selected', 'true');
    expect(within(screen.getByRole('tabpanel')).getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  test('the header bar spans the wide admin layout, like its content', async () => {
    openPanel();
    await screen.findByRole('heading', { level: 1, name: 'Admin panel' });
    expect(screen.getByRole('banner')).toHaveClass('app-header--wide');
  });

  test('switching tabs keeps the path /admin/dashboard', async () => {
    const { user } = openPanel(paymentsServer({}));
    await user.click(await screen.findByRole('tab', { name: 'Predict' }));
    expect(screen.getByRole('tab', { name: 'Predict' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/dashboard');
    await user.click(screen.getByRole('tab', { name: 'Payment' }));
    expect(await screen.findByRole('heading', { name: 'Deposits' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/dashboard');
  });

  test('the sidebar collapses and expands', async () => {
    const { user } = openPanel();
    const toggle = await screen.findByRole('button', { name: 'Collapse sidebar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
    expect(document.querySelector('.admin')).toHaveClass('admin--collapsed');
  });

  test('Predict offers no way to influence a result: it shows the public record of refunds and the house statistics', async () => {
    const { user } = openPanel({
      'GET /fairness': () => ok(fairnessInfo([3, 2, 1].map((n) => drawn(n)))),
      'GET /fairness/stats': () =>
        ok({
          windows: [
            { window: 1000, periods: 1000, cheapest: { value: 0.1, low: 0.08, high: 0.12, n: 800 }, returns: [] },
          ],
        }),
    });
    await user.click(await screen.findByRole('tab', { name: 'Predict' }));
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveTextContent(/provably-fair hash chain/);
    expect(await within(panel).findByRole('heading', { name: PAGE_TEXT.refunds.heading })).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: PAGE_TEXT.house.heading })).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Open the public fairness page' })).toHaveAttribute(
      'href',
      '/fairness',
    );
    expect(within(panel).queryAllByRole('textbox')).toHaveLength(0);
    expect(within(panel).queryAllByRole('combobox')).toHaveLength(0);
    expect(within(panel).queryAllByRole('spinbutton')).toHaveLength(0);
  });

  test('Logout is on every tab, not only at the bottom of Setting', async () => {
    const { user } = openPanel();
    for (const name of ['Dashboard', 'Payment', 'Predict', 'Setting']) {
      await user.click(await screen.findByRole('tab', { name: new RegExp(`^${name}`) }));
      expect(screen.getAllByRole('button', { name: 'Logout' })).toHaveLength(1);
    }
  });
});

describe('pending claims', () => {
  const paymentTab = () => screen.getByRole('tab', { name: /^Payment/ });

  test("the Payment tab counts the pending claims from the console's opening, and each heading its own", async () => {
    let approved = false;
    const { user } = openPanel(
      paymentsServer({
        deposits: () => [depositOf('D1', approved ? 'COMPLETED' : 'PENDING'), depositOf('D2', 'PENDING')],
        withdrawals: () => [withdrawalOf('W1', 'PENDING')],
        routes: {
          [UPDATE]: () => {
            approved = true;
            return ok({ transaction: {} });
          },
        },
      }),
    );
    // On the Dashboard already: a badge '3', read out as 'Payment 3 pending'.
    await waitFor(() => expect(paymentTab()).toHaveAccessibleName('Payment 3 pending'));
    expect(paymentTab().querySelector('.admin-nav__badge')).toHaveTextContent(/^3$/);
    expect(screen.getByRole('tab', { name: 'Dashboard' })).toHaveAttribute('aria-selected', 'true');

    await user.click(paymentTab());
    expect(await screen.findByRole('heading', { level: 2, name: 'Deposits · 2 pending' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Withdrawals · 1 pending' })).toBeInTheDocument();

    await waitFor(() => expect(rowOf('D1')).not.toBeNull());
    await user.click(within(rowOf('D1')).getByRole('button', { name: 'Approve' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Approve deposit' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Deposits · 1 pending' })).toBeInTheDocument();
    await waitFor(() => expect(paymentTab().querySelector('.admin-nav__badge')).toHaveTextContent(/^2$/));
  });

  test('with nothing pending there is no badge and the headings are the plain titles', async () => {
    const { user } = openPanel(paymentsServer({ deposits: () => [depositOf('D1', 'COMPLETED')] }));
    await user.click(await screen.findByRole('tab', { name: 'Payment' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Deposits' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Withdrawals' })).toBeInTheDocument();
    expect(document.querySelector('.admin-nav__badge')).toBeNull();
  });

  test('a filter that hides pending claims does not hide their count', async () => {
    const { user } = openPanel(
      paymentsServer({
        deposits: () => [depositOf('D1', 'PENDING')],
        routes: {
          [`GET ${DEPOSITS}?status=COMPLETED&limit=50`]: () => ok({ pendingDeposits: [depositOf('OLD', 'COMPLETED')] }),
        },
      }),
    );
    await user.click(await screen.findByRole('tab', { name: /^Payment/ }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Deposits · 1 pending' });
    await user.selectOptions(
      within(heading.closest('section') as HTMLElement).getByRole('combobox', { name: 'Status' }),
      'COMPLETED',
    );
    await waitFor(() => expect(rowOf('OLD')).not.toBeNull());
    expect(screen.getByRole('heading', { level: 2, name: 'Deposits · 1 pending' })).toBeInTheDocument();
  });

  test('a new claim appears by itself within 10 s while the Payment tab is open, and not after leaving it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const claims = [depositOf('D1', 'PENDING')];
      const { user, fake } = openPanel(paymentsServer({ deposits: () => claims }));
      await user.click(await screen.findByRole('tab', { name: /^Payment/ }));
      await waitFor(() => expect(rowOf('D1')).not.toBeNull());
      const before = fake.calls.filter((c) => c.path.startsWith(DEPOSITS)).length;

      claims.push(depositOf('D2', 'PENDING', { utrNumber: '412345678902' }));
      await vi.advanceTimersByTimeAsync(10_000);
      await waitFor(() => expect(rowOf('D2')).not.toBeNull());
      expect(screen.getByRole('heading', { level: 2, name: 'Deposits · 2 pending' })).toBeInTheDocument();
      expect(paymentTab().querySelector('.admin-nav__badge')).toHaveTextContent(/^2$/);
      expect(fake.calls.filter((c) => c.path.startsWith(DEPOSITS)).length).toBe(before + 1);

      // Not while the browser tab is hidden.
      const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
      await vi.advanceTimersByTimeAsync(10_000);
      expect(fake.calls.filter((c) => c.path.startsWith(DEPOSITS)).length).toBe(before + 1);
      visibility.mockRestore();

      // Nor once the admin left the Payment tab (the badge's counts alone are asked for, every 30 s while the live
      // socket is down: here it never connects).
      await user.click(screen.getByRole('tab', { name: 'Predict' }));
      const left = fake.calls.length;
      await vi.advanceTimersByTimeAsync(30_000);
      const lists = (calls: typeof fake.calls) =>
        calls.filter((c) => c.path.startsWith(DEPOSITS) || c.path.startsWith(WITHDRAWALS)).length;
      expect(lists(fake.calls)).toBe(lists(fake.calls.slice(0, left)));
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('Setting tab', () => {
  test('shows the admin profile, the note and Logout, which signs out to /login', async () => {
    const { user, fake } = openPanel({
      'GET /admin/admin-profile': () =>
        ok({
          admin: {
            username: 'root',
            email: 'superadmin@gmail.com',
            role: 'super-admin',
            verified: true,
            status: 'online',
            createdAt: '2026-11-01T00:00:00.000Z',
            updatedAt: '2026-11-20T00:00:00.000Z',
          },
        }),
      'GET /auth/logout': () => ok({}),
    });
    await user.click(await screen.findByRole('tab', { name: 'Setting' }));
    expect(await screen.findByText('root')).toBeInTheDocument();
    expect(screen.getByText('superadmin@gmail.com')).toBeInTheDocument();
    expect(screen.getByText('super-admin')).toBeInTheDocument();
    expect(screen.getByText('online')).toBeInTheDocument();
    expect(screen.getByText(ADMIN_TEXTS.settingNote)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(fake.callsTo('GET /auth/logout')).toHaveLength(1);
  });

  test('without the profile call it shows the signed-in name and e-mail and the error', async () => {
    const { user } = openPanel({ 'GET /admin/admin-profile': () => fail(500) });
    await user.click(await screen.findByRole('tab', { name: 'Setting' }));
    expect(await screen.findByText('Failed to fetch admin profile')).toHaveClass('pay-error');
    expect(screen.getByText('Asha')).toBeInTheDocument();
    expect(screen.getByText('asha@gmail.com')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeEnabled();
  });

  test('a server without the profile call (404) shows the session name quietly', async () => {
    const { user, store } = openPanel({
      'GET /admin/admin-profile': () => fail(404, 'Cannot GET /api/v1/admin/admin-profile'),
    });
    await user.click(await screen.findByRole('tab', { name: 'Setting' }));
    await waitFor(() => expect(selectAdmin(store.getState()).profileLoading).toBe(false));
    expect(screen.getByText('Asha')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText(ADMIN_TEXTS.settingNote)).toBeInTheDocument();
  });
});

describe('Payment tab', () => {
  test('lists deposits and withdrawals with user, amount, method, details, date and status', async () => {
    await openPayment(
      paymentsServer({
        deposits: () => [depositOf('D1', 'PENDING')],
        withdrawals: () => [
          withdrawalOf('W1', 'PENDING'),
          withdrawalOf('W2', 'PENDING', {
            method: 'BANK_TRANSFER',
            upiId: null,
            upiApp: null,
            amount: 2000,
            bankDetails: { accountHolderName: 'Ravi Kumar', accountNumber: '001234567890', ifscCode: 'HDFC0001234' },
          }),
        ],
      }),
    );
    await waitFor(() => expect(rowOf('D1')).not.toBeNull());
    const d1 = rowOf('D1');
    expect(d1).toHaveTextContent('player-D1');
    expect(d1).toHaveTextContent('d1@gmail.com');
    expect(within(d1).getByText('₹1,500.00')).toBeInTheDocument();
    expect(within(d1).getByText('UPI Payment')).toBeInTheDocument();
    expect(within(d1).getByText('412345678901')).toBeInTheDocument();
    expect(within(d1).getByText('PhonePe')).toBeInTheDocument();
    expect(within(d1).getByText('21 Nov 2026, 10:15 am')).toBeInTheDocument();
    expect(within(d1).getByText('PENDING')).toHaveClass('status-chip--pending');

    await waitFor(() => expect(rowOf('W2')).not.toBeNull());
    expect(within(rowOf('W1')).getByText('ravi@ybl')).toBeInTheDocument();
    expect(within(rowOf('W1')).getByText('₹750.00')).toBeInTheDocument();
    const w2 = rowOf('W2');
    expect(within(w2).getByText('Bank Transfer')).toBeInTheDocument();
    expect(within(w2).getByText('001234567890')).toBeInTheDocument();
    expect(within(w2).getByText('HDFC0001234')).toBeInTheDocument();
    expect(within(w2).getByText('Ravi Kumar')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Deposits table' })).toHaveClass('review-table--deposits');
    expect(screen.getByRole('region', { name: 'Withdrawals table' })).not.toHaveClass('review-table--deposits');
  });

  test("shows the payer beside a deposit's UTR; a claim from an older app says it has none", async () => {
    await openPayment(
      paymentsServer({
        deposits: () => [
          depositOf('D1', 'PENDING', { payer: 'ravi.kumar@okaxis' }),
          depositOf('D2', 'PENDING', { utrNumber: '412345678902', payer: null }),
        ],
      }),
    );
    await waitFor(() => expect(rowOf('D2')).not.toBeNull());
    expect(within(rowOf('D1')).getByText('ravi.kumar@okaxis')).toBeInTheDocument();
    expect(within(rowOf('D2')).getByText('Not given (older app)')).toBeInTheDocument();
    expect(rowOf('D1')).not.toHaveClass('review-table__row--flagged');
  });

  test('a UTR claimed by two players is flagged in the list, and the dialog shows every claim of it', async () => {
    const claims: NonNullable<AdminDepositEntry['deposit']['utrClaims']> = [
      {
        kind: 'claim',
        transactionId: 'THIEF',
        heldBy: null,
        username: 'quick_thief',
        email: 'thief@gmail.com',
        amount: 2000,
        payer: 'Q THIEF',
        createdAt: '2026-11-21T04:45:00.000Z',
        outcome: 'PENDING',
        attempts: 1,
      },
      {
        kind: 'contest',
        transactionId: null,
        heldBy: 'THIEF',
        username: 'real_payer',
        email: 'payer@gmail.com',
        amount: 2000,
        payer: 'real.payer@okaxis',
        createdAt: '2026-11-21T04:50:00.000Z',
        outcome: 'REFUSED',
        attempts: 2,
      },
    ];
    const { user, fake } = await openPayment(
      paymentsServer({
        deposits: () => [
          depositOf('THIEF', 'PENDING', { amount: 2000, payer: 'Q THIEF', utrClaims: claims, utrContested: true }),
          depositOf('ALONE', 'PENDING', { utrNumber: '412345678909', utrContested: false }),
        ],
        routes: { [UPDATE]: () => ok({ transaction: {} }) },
      }),
    );
    await waitFor(() => expect(rowOf('THIEF')).not.toBeNull());
    expect(rowOf('THIEF')).toHaveTextContent('⚠ UTR claimed by 2 players');
    expect(rowOf('THIEF')).toHaveClass('review-table__row--flagged');
    expect(rowOf('ALONE')).not.toHaveTextContent('claimed by');

    await user.click(within(rowOf('THIEF')).getByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Reject the ₹2,000.00 deposit?' });
    expect(dialog).toHaveTextContent('⚠ UTR claimed by 2 players');
    expect(dialog).toHaveTextContent('Approve only the claim whose payer and amount match the bank statement');
    const history = within(dialog).getByRole('region', { name: 'Every claim of this UTR' });
    const items = within(history).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('quick_thief');
    expect(items[0]).toHaveTextContent('Payer: Q THIEF');
    expect(items[0]).toHaveTextContent('PENDING');
    expect(items[0]).toHaveTextContent('(this claim)');
    expect(items[0]).toHaveAttribute('aria-current', 'true');
    expect(items[1]).toHaveTextContent('real_payer');
    expect(items[1]).toHaveTextContent('₹2,000.00');
    expect(items[1]).toHaveTextContent('Payer: real.payer@okaxis');
    expect(items[1]).toHaveTextContent('21 Nov 2026, 10:20 am');
    expect(items[1]).toHaveTextContent('REFUSED');
    expect(items[1]).toHaveTextContent('Refused: UTR held by THIEF (sent 2 times)');
    await user.type(
      within(dialog).getByLabelText('Reason (shown to the player)'),
      'Payer does not match the bank statement',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reject deposit' }));
    await waitFor(() => expect(fake.callsTo(UPDATE)).toHaveLength(1));
    expect(fake.callsTo(UPDATE)[0].body).toEqual({
      walletId: 'wallet-THIEF',
      transactionId: 'THIEF',
      status: 'FAILED',
      adminNotes: 'Payer does not match the bank statement',
    });
  });

  test("the reviewer's bank statement marks each pending claim matched, mismatched or missing; nothing is sent", async () => {
    const { user, fake } = await openPayment(
      paymentsServer({
        deposits: () => [
          depositOf('OK', 'PENDING', { utrNumber: '412345678901', amount: 1500, payer: 'ravi.kumar@okaxis' }),
          depositOf('THIEF', 'PENDING', { utrNumber: '412345678902', amount: 500, payer: 'Q THIEF' }),
          depositOf('OLD', 'PENDING', { utrNumber: '412345678903', amount: 100, payer: null }),
          depositOf('LATE', 'PENDING', { utrNumber: '412345678999', amount: 100, payer: 'Asha Rao' }),
          depositOf('DONE', 'COMPLETED', { utrNumber: '412345678904', amount: 100, payer: 'Asha Rao' }),
        ],
      }),
    );
    await waitFor(() => expect(rowOf('DONE')).not.toBeNull());
    const before = fake.calls.length;
    const csv = [
      'Date,UTR,Payer,Amount',
      '21-11-2026 10:12,412345678901,RAVI KUMAR / ravi.kumar@okaxis,"1,500.00"',
      '21-11-2026 10:20,412345678902,ASHA RAO,500.00',
      '21-11-2026 10:31,412345678903,MEERA K,100.00',
      '21-11-2026 10:40,412345678904,ASHA RAO,100.00',
      'oops,not-a-utr,X,1',
    ].join('\n');
    await user.upload(screen.getByLabelText('Import bank statement'), new File([csv], 'nov.csv', { type: 'text/csv' }));
    expect(
      await screen.findByText('Statement "nov.csv": 4 credits. Pending claims: 1 matched, 2 mismatched, 1 missing.'),
    ).toBeInTheDocument();
    expect(screen.getByText('1 line not read')).toBeInTheDocument();
    expect(rowOf('OK')).toHaveTextContent('✓ Matches the statement');
    expect(rowOf('THIEF')).toHaveTextContent('✗ Does not match the statement');
    expect(rowOf('THIEF')).toHaveTextContent('Statement payer ASHA RAO');
    expect(rowOf('OLD')).toHaveTextContent('Payer not given; statement payer MEERA K');
    expect(rowOf('LATE')).toHaveTextContent('? Not in the statement');
    // A reviewed claim is not marked.
    expect(rowOf('DONE')).not.toHaveTextContent('statement');
    // The dialog names the statement's line.
    await user.click(within(rowOf('THIEF')).getByRole('button', { name: 'Reject' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Statement line 3, 21-11-2026 10:20');
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    // Read here, never uploaded (the app's own retry of its configuration aside).
    expect(fake.calls.slice(before).filter((c) => c.path !== '/app-config')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Clear statement' }));
    expect(rowOf('OK')).not.toHaveTextContent('statement');
    await user.upload(
      screen.getByLabelText('Import bank statement'),
      new File(['date,narration\n1,2'], 'wrong.csv', { type: 'text/csv' }),
    );
    expect(
      await screen.findByText('The first line must name the columns: UTR, amount, and optionally payer and time.'),
    ).toHaveClass('pay-error');
  });

  test('only pending items have Approve and Reject; finished rows show no action buttons', async () => {
    await openPayment(
      paymentsServer({
        deposits: () => [depositOf('P', 'PENDING'), depositOf('C', 'COMPLETED'), depositOf('F', 'FAILED')],
      }),
    );
    await waitFor(() => expect(rowOf('F')).not.toBeNull());
    expect(within(rowOf('P')).getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(within(rowOf('P')).getByRole('button', { name: 'Reject' })).toBeEnabled();
    for (const id of ['C', 'F']) {
      expect(within(rowOf(id)).queryByRole('button', { name: /Approve|Reject/ })).toBeNull();
      expect(rowOf(id)).toHaveTextContent('Reviewed');
    }
  });

  test('amounts outside the product limits are flagged in the table', async () => {
    await openPayment(
      paymentsServer({
        deposits: () => [
          depositOf('OK', 'PENDING', { amount: 1500 }),
          depositOf('LOW', 'PENDING', { amount: 50 }),
          depositOf('HIGH', 'PENDING', { amount: 10_000.01 }),
        ],
        withdrawals: () => [
          withdrawalOf('WOK', 'PENDING', { amount: 500 }),
          withdrawalOf('WHIGH', 'PENDING', { amount: 30_000 }),
        ],
      }),
    );
    await waitFor(() => expect(rowOf('WHIGH')).not.toBeNull());
    expect(rowOf('OK')).not.toHaveTextContent('Outside');
    expect(rowOf('LOW')).toHaveTextContent('⚠ Outside ₹100–₹10,000');
    expect(rowOf('HIGH')).toHaveTextContent('⚠ Outside ₹100–₹10,000');
    expect(rowOf('HIGH')).toHaveClass('review-table__row--flagged');
    expect(rowOf('WOK')).not.toHaveTextContent('Outside');
    expect(rowOf('WHIGH')).toHaveTextContent('⚠ Outside ₹500–₹25,000');
  });

  test("a withdrawal after little play is flagged with the figures; a suspended player's is flagged as held", async () => {
    const { user } = await openPayment(
      paymentsServer({
        withdrawals: () => [
          withdrawalOf('WPLAY', 'PENDING', {
            playCheck: { deposited: 5000, staked: 120, withdrawnBefore: 0, accountAgeDays: 1, flagged: true },
          }),
          { ...withdrawalOf('WSUS', 'PENDING'), playerStatus: 'suspended' },
          withdrawalOf('WFINE', 'PENDING', {
            playCheck: { deposited: 1000, staked: 4000, withdrawnBefore: 500, accountAgeDays: 40, flagged: false },
          }),
        ],
      }),
    );
    await waitFor(() => expect(rowOf('WFINE')).not.toBeNull());
    expect(rowOf('WPLAY')).toHaveTextContent('⚠ Little play since the deposits');
    expect(rowOf('WSUS')).toHaveTextContent(
      '⚠ Player suspended: return this withdrawal, or reinstate the player first',
    );
    expect(rowOf('WFINE')).not.toHaveTextContent('⚠');
    await user.click(within(rowOf('WPLAY')).getByRole('button', { name: 'Approve' }));
    const facts = within(screen.getByRole('alertdialog')).getByLabelText('Play since the last withdrawal');
    expect(facts).toHaveTextContent('Deposited₹5,000.00');
    expect(facts).toHaveTextContent('Staked₹120.00');
    expect(facts).toHaveTextContent('Withdrawn before₹0.00');
    expect(facts).toHaveTextContent('Account age1 day');
  });

  test('Approve asks first, naming the player, the amount and the action; Cancel sends nothing', async () => {
    const { user, fake } = await openPayment(
      paymentsServer({
        deposits: () => [depositOf('D1', 'PENDING')],
        routes: { [UPDATE]: () => ok({ transaction: {} }) },
      }),
    );
    await waitFor(() => expect(rowOf('D1')).not.toBeNull());
    await user.click(within(rowOf('D1')).getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Approve the ₹1,500.00 deposit?' });
    expect(dialog).toHaveTextContent('player-D1');
    expect(dialog).toHaveTextContent('d1@gmail.com');
    expect(dialog).toHaveTextContent('₹1,500.00');
    expect(dialog).toHaveTextContent("credited to the player's main balance");
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await user.click(within(rowOf('D1')).getByRole('button', { name: 'Reject' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fake.callsTo(UPDATE)).toHaveLength(0);
  });

  test('the deposit dialog shows the UTR and the payer to match against the bank; approving asks for no note', async () => {
    const { user, fake } = await openPayment(
      paymentsServer({
        deposits: () => [depositOf('D1', 'PENDING', { utrNumber: '412345678909', payer: 'ravi.kumar@okaxis' })],
        routes: { [UPDATE]: () => ok({ transaction: {} }) },
      }),
    );
    await waitFor(() => expect(rowOf('D1')).not.toBeNull());
    await user.click(within(rowOf('D1')).getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Approve the ₹1,500.00 deposit?' });
    expect(dialog).toHaveTextContent('UTR412345678909');
    expect(dialog).toHaveTextContent('Payerravi.kumar@okaxis');
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Approve deposit' }));
    await waitFor(() => expect(fake.callsTo(UPDATE)).toHaveLength(1));
    expect(fake.callsTo(UPDATE)[0].body).toEqual({ walletId: 'wallet-D1', transactionId: 'D1', status: 'COMPLETED' });
  });

  test('the withdrawal dialog shows where to pay and stores the payout reference with the approval', async () => {
    const bankDetails = { accountNumber: '123456789012', ifscCode: 'HDFC0001234', accountHolderName: 'Ravi Kumar' };
    const { user, fake } = await openPayment(
      paymentsServer({
        withdrawals: () => [
          withdrawalOf('WUPI', 'PENDING'),
          withdrawalOf('WBANK', 'PENDING', {
            method: 'BANK_TRANSFER',
            upiId: undefined,
            upiApp: undefined,
            bankDetails,
          }),
        ],
        routes: { [UPDATE]: () => ok({ transaction: {} }) },
      }),
    );
    await waitFor(() => expect(rowOf('WBANK')).not.toBeNull());
    await user.click(within(rowOf('WUPI')).getByRole('button', { name: 'Approve' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Approve the ₹750.00 withdrawal?' });
    expect(within(dialog).getByLabelText('Pay to')).toHaveTextContent('UPI IDravi@ybl');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(within(rowOf('WBANK')).getByRole('button', { name: 'Approve' }));
    dialog = screen.getByRole('alertdialog', { name: 'Approve the ₹750.00 withdrawal?' });
    const destination = within(dialog).getByLabelText('Pay to');
    expect(destination).toHaveTextContent('Account number123456789012');
    expect(destination).toHaveTextContent('IFSCHDFC0001234');
    expect(destination).toHaveTextContent('Account holderRavi Kumar');
    await user.type(within(dialog).getByLabelText('Payout reference (optional)'), 'UTR 612345678901');
    await user.click(within(dialog).getByRole('button', { name: 'Approve withdrawal' }));
    await waitFor(() => expect(fake.callsTo(UPDATE)).toHaveLength(1));
    expect(fake.callsTo(UPDATE)[0].body).toEqual({
      walletId: 'wallet-WBANK',
      transactionId: 'WBANK',
      status: 'COMPLETED',
      adminNotes: 'UTR 612345678901',
    });
  });

  test("empty lists say 'No deposits found.' and 'No withdrawals found.'", async () => {
    await openPayment(paymentsServer({}));
    expect(await screen.findByText('No deposits found.')).toBeInTheDocument();
    expect(await screen.findByText('No withdrawals found.')).toBeInTheDocument();
  });

  test('load errors show as red text with the call defaults', async () => {
    const routes: Record<string, FakeRoute> = {
      [`GET ${DEPOSITS}?status=PENDING&limit=50`]: () => fail(500),
      [`GET ${WITHDRAWALS}?status=PENDING&limit=50`]: () => fail(500),
    };
    await openPayment(routes);
    expect(await screen.findByText('Failed to fetch pending deposits')).toHaveClass('pay-error');
    expect(await screen.findByText('Failed to fetch pending withdraws')).toHaveClass('pay-error');
    expect(screen.queryByText('No deposits found.')).not.toBeInTheDocument();
  });

  test('filters: status and the date range go to the server, each table on its own', async () => {
    const { user, fake } = await openPayment(
      paymentsServer({
        routes: {
          [`GET ${DEPOSITS}?status=ALL&from=2026-11-01&to=2026-11-21&limit=50`]: () =>
            ok({ pendingDeposits: [depositOf('OLD', 'COMPLETED')] }),
          [`GET ${DEPOSITS}?status=ALL&from=2026-11-01&limit=50`]: () => ok({ pendingDeposits: [] }),
        },
      }),
    );
    await screen.findByText('No deposits found.');
    const deposits = within(screen.getByRole('heading', { name: 'Deposits' }).closest('section') as HTMLElement);
    await user.selectOptions(deposits.getByRole('combobox', { name: 'Status' }), 'ALL');
    await user.type(deposits.getByLabelText('From'), '2026-11-01');
    await user.type(deposits.getByLabelText('To'), '2026-11-21');
    await waitFor(() => expect(rowOf('OLD')).not.toBeNull());
    const paths = fake.calls.map((c) => c.path);
    expect(paths).toContain('/admin/pending-deposits?status=ALL&from=2026-11-01&to=2026-11-21&limit=50');
    // The withdrawals are only ever asked for their own (pending) filter.
    expect(new Set(paths.filter((p) => p.startsWith(WITHDRAWALS)))).toEqual(
      new Set(['/admin/pending-withdraws?status=PENDING&limit=50']),
    );
  });

  test('Approve: every button waits while the update runs; success toasts and reloads both lists', async () => {
    let approved = false;
    let release: (r: Response) => void = () => undefined;
    const { user, fake } = await openPayment(
      paymentsServer({
        deposits: () => [depositOf('D1', approved ? 'COMPLETED' : 'PENDING'), depositOf('D2', 'PENDING')],
        withdrawals: () => [withdrawalOf('W1', 'PENDING')],
        routes: {
          [UPDATE]: () =>
            new Promise<Response>((resolve) => {
              release = (r) => {
                approved = true;
                resolve(r);
              };
            }),
        },
      }),
    );
    await waitFor(() => expect(rowOf('W1')).not.toBeNull());
    await user.click(within(rowOf('D1')).getByRole('button', { name: 'Approve' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Approve deposit' }));

    expect(fake.callsTo(UPDATE)[0].body).toEqual({ walletId: 'wallet-D1', transactionId: 'D1', status: 'COMPLETED' });
    for (const button of screen.getAllByRole('button', { name: /^(Approve|Reject)$/ })) expect(button).toBeDisabled();

    release(ok({ transaction: {} }, 'Transaction updated successfully!'));
    // The toast says what was done.
    expect(
      await screen.findByText('Approved the ₹1,500.00 deposit of player-D1. Transaction updated successfully!'),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('D1')).getByText('COMPLETED')).toBeInTheDocument());
    expect(within(rowOf('D1')).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(rowOf('D2')).getByRole('button', { name: 'Approve' })).toBeEnabled();
    // The tab's lists, and their reload after the review; the counts from their own call, on opening and after it.
    expect(fake.calls.filter((c) => c.path.startsWith(DEPOSITS))).toHaveLength(2);
    expect(fake.calls.filter((c) => c.path.startsWith(WITHDRAWALS))).toHaveLength(2);
    expect(fake.calls.filter((c) => c.path === '/admin/pending-counts')).toHaveLength(2);
  });

  test('Reject sends FAILED; a refusal toasts the error and keeps the buttons usable', async () => {
    const { user, fake } = await openPayment(
      paymentsServer({
        withdrawals: () => [withdrawalOf('W1', 'PENDING')],
        routes: { [UPDATE]: () => fail(409, 'Only pending withdrawals can be updated.') },
      }),
    );
    await waitFor(() => expect(rowOf('W1')).not.toBeNull());
    await user.click(within(rowOf('W1')).getByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Reject the ₹750.00 withdrawal?' });
    expect(dialog).toHaveTextContent('player-W1');
    expect(dialog).toHaveTextContent("returns to the player's main balance");
    // A rejection needs a reason: without one nothing is sent and the dialog says so.
    await user.click(within(dialog).getByRole('button', { name: 'Reject withdrawal' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Give a reason to reject.');
    expect(within(dialog).getByLabelText('Reason (shown to the player)')).toHaveAttribute('aria-invalid', 'true');
    expect(fake.callsTo(UPDATE)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason (shown to the player)'), '  UPI id closed  ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject withdrawal' }));
    expect(
      await screen.findByText('Error updating transaction: Only pending withdrawals can be updated.'),
    ).toBeInTheDocument();
    expect(fake.callsTo(UPDATE)[0].body).toEqual({
      walletId: 'wallet-W1',
      transactionId: 'W1',
      status: 'FAILED',
      adminNotes: 'UPI id closed',
    });
    expect(within(rowOf('W1')).getByRole('button', { name: 'Reject' })).toBeEnabled();
  });

  test('a spinner shows while a list loads', async () => {
    await openPayment({
      [`GET ${DEPOSITS}?status=PENDING&limit=50`]: () => pending(),
      [`GET ${WITHDRAWALS}?status=PENDING&limit=50`]: () => pending(),
    });
    expect(await screen.findByRole('status', { name: 'Loading deposits' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading withdrawals' })).toBeInTheDocument();
  });
});
