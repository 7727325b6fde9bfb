import type { AdminDepositEntry, AdminWithdrawalEntry } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { fail, ok, pending, type FakeRoute } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { selectAdmin } from '../selectors';

const DEPOSITS = '/admin/pending-deposits';
const WITHDRAWALS = '/admin/pending-withdraws';
const UPDATE = 'PUT /admin/update-transaction-status';

const depositOf = (id: string, status: AdminDepositEntry['deposit']['status'], over: Partial<AdminDepositEntry['deposit']> = {}): AdminDepositEntry => ({
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

const withdrawalOf = (id: string, status: AdminWithdrawalEntry['withdrawal']['status'], over: Partial<AdminWithdrawalEntry['withdrawal']> = {}): AdminWithdrawalEntry => ({
  username: `player-${id}`,
  email: `${id.toLowerCase()}@gmail.com`,
  walletId: `wallet-${id}`,
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

/** Routes that answer by path prefix, whatever the query. */
function paymentsServer(opts: { deposits?: () => AdminDepositEntry[]; withdrawals?: () => AdminWithdrawalEntry[]; routes?: Record<string, FakeRoute> }) {
  const routes: Record<string, FakeRoute> = { ...opts.routes };
  for (const status of ['PENDING', 'COMPLETED', 'FAILED', 'ALL']) {
    routes[`GET ${DEPOSITS}?status=${status}`] ??= () => ok({ pendingDeposits: opts.deposits?.() ?? [] });
    routes[`GET ${WITHDRAWALS}?status=${status}`] ??= () => ok({ pendingWithdrawals: opts.withdrawals?.() ?? [] });
  }
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

const rowOf = (transactionId: string) => document.querySelector(`tr[data-transaction-id="${transactionId}"]`) as HTMLElement;

describe('admin panel shell', () => {
  test('has the tabs Dashboard, Payment, Predict and Setting, Dashboard first', async () => {
    openPanel();
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin panel' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Dashboard', 'Payment', 'Predict', 'Setting']);
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

  test('Predict offers no way to influence a result', async () => {
    const { user } = openPanel();
    await user.click(await screen.findByRole('tab', { name: 'Predict' }));
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveTextContent(/provably-fair hash chain/);
    expect(within(panel).queryAllByRole('button')).toHaveLength(0);
    expect(within(panel).queryAllByRole('textbox')).toHaveLength(0);
    expect(within(panel).queryAllByRole('combobox')).toHaveLength(0);
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
    expect(screen.getByText('You have access to manage users, payments, and game settings.')).toBeInTheDocument();

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
    const { user, store } = openPanel({ 'GET /admin/admin-profile': () => fail(404, 'Cannot GET /api/v1/admin/admin-profile') });
    await user.click(await screen.findByRole('tab', { name: 'Setting' }));
    await waitFor(() => expect(selectAdmin(store.getState()).profileLoading).toBe(false));
    expect(screen.getByText('Asha')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('You have access to manage users, payments, and game settings.')).toBeInTheDocument();
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
    // The deposits table is the one limited to 300 px.
    expect(screen.getByRole('region', { name: 'Deposits table' })).toHaveClass('review-table--deposits');
    expect(screen.getByRole('region', { name: 'Withdrawals table' })).not.toHaveClass('review-table--deposits');
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
      expect(within(rowOf(id)).queryByRole('button')).toBeNull();
      expect(rowOf(id)).toHaveTextContent('Reviewed');
    }
  });

  test('amounts outside the product limits are flagged in the table', async () => {
    await openPayment(
      paymentsServer({
        deposits: () => [depositOf('OK', 'PENDING', { amount: 1500 }), depositOf('LOW', 'PENDING', { amount: 50 }), depositOf('HIGH', 'PENDING', { amount: 10_000.01 })],
        withdrawals: () => [withdrawalOf('WOK', 'PENDING', { amount: 500 }), withdrawalOf('WHIGH', 'PENDING', { amount: 30_000 })],
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

  test('Approve asks first, naming the player, the amount and the action; Cancel sends nothing', async () => {
    const { user, fake } = await openPayment(paymentsServer({ deposits: () => [depositOf('D1', 'PENDING')], routes: { [UPDATE]: () => ok({ transaction: {} }) } }));
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

  test("empty lists say 'No deposits found.' and 'No withdrawals found.'", async () => {
    await openPayment(paymentsServer({}));
    expect(await screen.findByText('No deposits found.')).toBeInTheDocument();
    expect(await screen.findByText('No withdrawals found.')).toBeInTheDocument();
  });

  test('load errors show as red text with the call defaults', async () => {
    const routes: Record<string, FakeRoute> = {
      [`GET ${DEPOSITS}?status=PENDING`]: () => fail(500),
      [`GET ${WITHDRAWALS}?status=PENDING`]: () => fail(500),
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
          [`GET ${DEPOSITS}?status=ALL&from=2026-11-01&to=2026-11-21`]: () => ok({ pendingDeposits: [depositOf('OLD', 'COMPLETED')] }),
          [`GET ${DEPOSITS}?status=ALL&from=2026-11-01`]: () => ok({ pendingDeposits: [] }),
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
    expect(paths).toContain('/admin/pending-deposits?status=ALL&from=2026-11-01&to=2026-11-21');
    expect(paths.filter((p) => p.startsWith(WITHDRAWALS))).toEqual(['/admin/pending-withdraws?status=PENDING']);
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
    expect(await screen.findByText('Approved the ₹1,500.00 deposit of player-D1. Transaction updated successfully!')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('D1')).getByText('COMPLETED')).toBeInTheDocument());
    expect(within(rowOf('D1')).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(rowOf('D2')).getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(fake.calls.filter((c) => c.path.startsWith(DEPOSITS))).toHaveLength(2);
    expect(fake.calls.filter((c) => c.path.startsWith(WITHDRAWALS))).toHaveLength(2);
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
    await user.click(within(dialog).getByRole('button', { name: 'Reject withdrawal' }));
    expect(await screen.findByText('Error updating transaction: Only pending withdrawals can be updated.')).toBeInTheDocument();
    expect(fake.callsTo(UPDATE)[0].body).toEqual({ walletId: 'wallet-W1', transactionId: 'W1', status: 'FAILED' });
    expect(within(rowOf('W1')).getByRole('button', { name: 'Reject' })).toBeEnabled();
  });

  test('a spinner shows while a list loads', async () => {
    await openPayment({
      [`GET ${DEPOSITS}?status=PENDING`]: () => pending(),
      [`GET ${WITHDRAWALS}?status=PENDING`]: () => pending(),
    });
    expect(await screen.findByRole('status', { name: 'Loading deposits' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading withdrawals' })).toBeInTheDocument();
  });
});
