import { createAppStore } from '../../app/store';
import { createApiClient } from '../../shared/api';
import { sessionRefreshed, signedIn } from '../auth/auth.slice';
import { createFakeFetch, fail, memoryTokens, ok, type FakeRoute } from '../../test/fake-fetch';
import { summaryOf, transactionOf } from './testing/fixtures';
import { balanceUpdated, walletRequested, walletWatchStarted, walletWatchStopped } from './wallet.slice';

const SUMMARY = 'GET /wallet/summary';
const TRANSACTIONS = 'GET /wallet/transactions';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function start(routes: Record<string, FakeRoute>) {
  // The session check never answers here: these tests drive the wallet alone.
  const fake = createFakeFetch({ 'GET /auth/refresh-token': () => new Promise<Response>(() => undefined), ...routes });
  const store = createAppStore({ api: createApiClient({ fetch: fake.fetch, tokens: memoryTokens('t') }) });
  return { store, fake };
}

const player = { user: { id: 'u1', name: 'Asha', email: 'asha@gmail.com' }, role: 'user' as const };

describe('wallet saga', () => {
  test('a request loads the summary and the transactions', async () => {
    const list = [transactionOf({ transactionId: 'NEW' }), transactionOf({ transactionId: 'OLD' })];
    const { store, fake } = start({
      [SUMMARY]: () => ok({ summary: summaryOf({ balance: 900 }) }),
      [TRANSACTIONS]: () => ok({ transactions: list }),
    });
    store.dispatch(walletRequested());
    await vi.waitFor(() => expect(store.getState().wallet.transactionsLoaded).toBe(true));
    await vi.waitFor(() => expect(store.getState().wallet.summaryLoading).toBe(false));
    const wallet = store.getState().wallet;
    expect(wallet.balance?.mainPaise).toBe(90_000);
    expect(wallet.transactions.map((t) => t.transactionId)).toEqual(['NEW', 'OLD']);
    expect(fake.callsTo(SUMMARY)[0].headers.Authorization).toBe('Bearer t');
  });

  test("each part reports the server's message, else its default from SPEC 8", async () => {
    const { store } = start({ [SUMMARY]: () => fail(500), [TRANSACTIONS]: () => fail(503, 'Ledger is resting') });
    store.dispatch(walletRequested());
    await vi.waitFor(() => expect(store.getState().wallet.transactionsLoading).toBe(false));
    await vi.waitFor(() => expect(store.getState().wallet.summaryLoading).toBe(false));
    expect(store.getState().wallet.summaryError).toBe('Failed to fetch wallet summary');
    expect(store.getState().wallet.transactionsError).toBe('Ledger is resting');
  });

  test('a malformed answer counts as a failure with the default message', async () => {
    const { store } = start({ [SUMMARY]: () => ok({}), [TRANSACTIONS]: () => ok({ transactions: 'nope' }) });
    store.dispatch(walletRequested());
    await vi.waitFor(() =>
      expect(store.getState().wallet.transactionsError).toBe('Failed to fetch transaction history'),
    );
    await vi.waitFor(() => expect(store.getState().wallet.summaryError).toBe('Failed to fetch wallet summary'));
  });

  test('a signed-in player gets the wallet loaded once; the super-admin does not', async () => {
    const { store, fake } = start({
      [SUMMARY]: () => ok({ summary: summaryOf() }),
      [TRANSACTIONS]: () => ok({ transactions: [] }),
    });
    store.dispatch(sessionRefreshed({ ...player, role: 'super-admin' }));
    await sleep(20);
    expect(fake.callsTo(SUMMARY)).toHaveLength(0);

    store.dispatch(signedIn(player));
    await vi.waitFor(() => expect(store.getState().wallet.flags).not.toBeNull());
    store.dispatch(sessionRefreshed(player));
    store.dispatch(sessionRefreshed(player));
    await sleep(20);
    expect(fake.callsTo(SUMMARY)).toHaveLength(1);
  });

  test('a live balance change reloads the lists while a wallet screen is open, once per burst', async () => {
    let status: 'PENDING' | 'COMPLETED' = 'PENDING';
    const { store, fake } = start({
      [SUMMARY]: () => ok({ summary: summaryOf() }),
      [TRANSACTIONS]: () => ok({ transactions: [transactionOf({ transactionId: 'D1', status })] }),
    });
    // Nobody watching: the live value is taken, nothing is fetched.
    store.dispatch(balanceUpdated({ balance: 10, mainBalance: 10, bonusBalance: 0 }));
    await sleep(400);
    expect(fake.callsTo(TRANSACTIONS)).toHaveLength(0);

    store.dispatch(walletWatchStarted());
    store.dispatch(walletRequested());
    await vi.waitFor(() => expect(store.getState().wallet.transactions[0]?.status).toBe('PENDING'));

    status = 'COMPLETED';
    store.dispatch(balanceUpdated({ balance: 600, mainBalance: 600, bonusBalance: 0 }));
    store.dispatch(balanceUpdated({ balance: 610, mainBalance: 610, bonusBalance: 0 }));
    await vi.waitFor(() => expect(store.getState().wallet.transactions[0]?.status).toBe('COMPLETED'));
    expect(fake.callsTo(TRANSACTIONS)).toHaveLength(2);

    store.dispatch(walletWatchStopped());
    store.dispatch(balanceUpdated({ balance: 700, mainBalance: 700, bonusBalance: 0 }));
    await sleep(400);
    expect(fake.callsTo(TRANSACTIONS)).toHaveLength(2);
  });
});
