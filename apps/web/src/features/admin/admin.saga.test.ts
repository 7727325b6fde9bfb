import type { AdminDepositEntry } from '@app/contracts';
import { createAppStore } from '../../app/store';
import { createApiClient } from '../../shared/api';
import { createFakeFetch, fail, json, memoryTokens, ok, type FakeRoute } from '../../test/fake-fetch';
import {
  depositsFilterChanged,
  depositsRequested,
  initialAdminState,
  adminReducer,
  transactionReviewRequested,
  withdrawalsRequested,
} from './admin.slice';
import { paymentsQueryString } from './api';
import { adminDepositFromWire } from './records';
import { signedOut } from '../../shared/session';
import { selectAdmin } from './selectors';
import { adminFeature } from './admin.feature';

const DEPOSITS = 'GET /admin/pending-deposits?status=PENDING&limit=50';
const WITHDRAWALS = 'GET /admin/pending-withdraws?status=PENDING&limit=50';
const UPDATE = 'PUT /admin/update-transaction-status';

const deposit = (id: string): AdminDepositEntry => ({
  userId: 'u-asha',
  username: 'asha',
  email: 'asha@gmail.com',
  walletId: 'w1',
  deposit: {
    _id: id,
    transactionId: id,
    amount: 500,
    method: 'UPI',
    status: 'PENDING',
    createdAt: '2026-11-21T04:45:00.000Z',
  },
});

function start(routes: Record<string, FakeRoute>) {
  const fake = createFakeFetch({ 'GET /auth/refresh-token': () => new Promise<Response>(() => undefined), ...routes });
  const store = createAppStore({ api: createApiClient({ fetch: fake.fetch, tokens: memoryTokens('t') }) });
  store.injectFeature(adminFeature);
  return { store, fake };
}

describe('admin payments', () => {
  test('the query carries status and the date range, leaving out empty parts', () => {
    expect(paymentsQueryString({ status: 'PENDING', from: '', to: '' })).toBe('?status=PENDING');
    expect(paymentsQueryString({ status: 'ALL', from: '2026-11-01', to: '2026-11-21' })).toBe(
      '?status=ALL&from=2026-11-01&to=2026-11-21',
    );
    expect(paymentsQueryString({})).toBe('');
    // The search and the page: the text trimmed, offset 0 left out.
    expect(paymentsQueryString({ status: 'PENDING', q: ' 4123 4567 ', limit: 50, offset: 0 })).toBe(
      '?status=PENDING&q=4123+4567&limit=50',
    );
    expect(paymentsQueryString({ status: 'ALL', q: '', limit: 50, offset: 100 })).toBe(
      '?status=ALL&limit=50&offset=100',
    );
  });

  test('lists load with the pending filter first; a filter change reloads with it', async () => {
    const { store, fake } = start({
      [DEPOSITS]: () => ok({ pendingDeposits: [deposit('D1')] }),
      'GET /admin/pending-deposits?status=ALL&from=2026-11-01&limit=50': () =>
        ok({ pendingDeposits: [deposit('D1'), deposit('D0')] }),
    });
    store.dispatch(depositsRequested());
    await vi.waitFor(() => expect(selectAdmin(store.getState()).deposits.items).toHaveLength(1));
    // The wire's ₹500 is kept in paise.
    expect(selectAdmin(store.getState()).deposits.items[0]?.deposit).toMatchObject({
      transactionId: 'D1',
      amountPaise: 50_000,
    });
    expect(selectAdmin(store.getState()).deposits.items[0]?.deposit).not.toHaveProperty('amount');
    store.dispatch(depositsFilterChanged({ status: 'ALL' }));
    store.dispatch(depositsFilterChanged({ from: '2026-11-01' }));
    await vi.waitFor(() => expect(selectAdmin(store.getState()).deposits.items).toHaveLength(2));
    expect(selectAdmin(store.getState()).deposits.filter).toEqual({
      status: 'ALL',
      from: '2026-11-01',
      to: '',
      q: '',
      page: 0,
    });
    expect(selectAdmin(store.getState()).deposits.loading).toBe(false);
    expect(fake.calls.some((c) => c.path === '/admin/pending-deposits?status=ALL&from=2026-11-01&limit=50')).toBe(true);
  });

  test("load errors: the server's message, else 'Failed to fetch pending deposits' / 'Failed to fetch pending withdraws'", async () => {
    const { store } = start({
      [DEPOSITS]: () => fail(500),
      [WITHDRAWALS]: () => json(200, { success: true, data: {} }),
    });
    store.dispatch(depositsRequested());
    store.dispatch(withdrawalsRequested());
    await vi.waitFor(() =>
      expect(selectAdmin(store.getState()).deposits.error).toBe('Failed to fetch pending deposits'),
    );
    await vi.waitFor(() =>
      expect(selectAdmin(store.getState()).withdrawals.error).toBe('Failed to fetch pending withdraws'),
    );

    const forbidden = start({ [DEPOSITS]: () => fail(403, 'Forbidden resource') });
    forbidden.store.dispatch(depositsRequested());
    await vi.waitFor(() => expect(selectAdmin(forbidden.store.getState()).deposits.error).toBe('Forbidden resource'));
  });

  test('a review sends {walletId, transactionId, status}, toasts success and reloads both lists', async () => {
    const { store, fake } = start({
      [DEPOSITS]: () => ok({ pendingDeposits: [] }),
      [WITHDRAWALS]: () => ok({ pendingWithdrawals: [] }),
      [UPDATE]: () =>
        ok({ transaction: { transactionId: 'D1', status: 'COMPLETED' } }, 'Transaction updated successfully!'),
    });
    store.dispatch(
      transactionReviewRequested({
        kind: 'deposit',
        walletId: 'w1',
        transactionId: 'D1',
        status: 'COMPLETED',
        username: 'meera_k',
        amountPaise: 150_000,
      }),
    );
    expect(selectAdmin(store.getState()).updating?.transactionId).toBe('D1');
    await vi.waitFor(() => expect(selectAdmin(store.getState()).updating).toBeNull());
    expect(fake.callsTo(UPDATE)[0].body).toEqual({ walletId: 'w1', transactionId: 'D1', status: 'COMPLETED' });
    // Only the three fields go to the server; the toast says what was done.
    expect(store.getState().toasts.items.map((t) => [t.kind, t.message])).toEqual([
      ['success', 'Approved the ₹1,500.00 deposit of meera_k. Transaction updated successfully!'],
    ]);
    await vi.waitFor(() => expect(fake.callsTo(DEPOSITS)).toHaveLength(1));
    await vi.waitFor(() => expect(fake.callsTo(WITHDRAWALS)).toHaveLength(1));
  });

  test("a refused review toasts 'Error updating transaction: {error}' and reloads nothing", async () => {
    const { store, fake } = start({ [UPDATE]: () => fail(409, 'Only pending withdrawals can be updated.') });
    store.dispatch(
      transactionReviewRequested({ kind: 'withdrawal', walletId: 'w1', transactionId: 'W1', status: 'FAILED' }),
    );
    await vi.waitFor(() =>
      expect(selectAdmin(store.getState()).updateError).toBe('Only pending withdrawals can be updated.'),
    );
    expect(store.getState().toasts.items[0]).toMatchObject({
      kind: 'error',
      message: 'Error updating transaction: Only pending withdrawals can be updated.',
    });
    expect(selectAdmin(store.getState()).updating).toBeNull();
    expect(fake.calls.filter((c) => c.path.startsWith('/admin/pending'))).toHaveLength(0);

    const silent = start({ [UPDATE]: () => json(500, {}) });
    silent.store.dispatch(
      transactionReviewRequested({ kind: 'deposit', walletId: 'w1', transactionId: 'D1', status: 'COMPLETED' }),
    );
    await vi.waitFor(() =>
      expect(silent.store.getState().toasts.items[0]?.message).toBe(
        'Error updating transaction: Failed to update transaction status',
      ),
    );
  });

  test('one review at a time: a second request while one runs is not sent', async () => {
    let release: (r: Response) => void = () => undefined;
    const { store, fake } = start({
      [UPDATE]: () => new Promise<Response>((r) => (release = r)),
      [DEPOSITS]: () => ok({ pendingDeposits: [] }),
      [WITHDRAWALS]: () => ok({ pendingWithdrawals: [] }),
    });
    store.dispatch(
      transactionReviewRequested({ kind: 'deposit', walletId: 'w1', transactionId: 'D1', status: 'COMPLETED' }),
    );
    store.dispatch(
      transactionReviewRequested({ kind: 'deposit', walletId: 'w1', transactionId: 'D1', status: 'FAILED' }),
    );
    await vi.waitFor(() => expect(fake.callsTo(UPDATE)).toHaveLength(1));
    release(ok({ transaction: null }));
    await vi.waitFor(() => expect(selectAdmin(store.getState()).updating).toBeNull());
    expect(fake.callsTo(UPDATE)).toHaveLength(1);
  });

  test('sign-out forgets the lists and the profile', () => {
    const state = adminReducer(
      {
        ...initialAdminState,
        deposits: { ...initialAdminState.deposits, items: [adminDepositFromWire(deposit('D1'))], loaded: true },
      },
      signedOut(),
    );
    expect(state).toEqual(initialAdminState);
  });
});
