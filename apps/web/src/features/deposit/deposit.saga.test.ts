import { createAppStore } from '../../app/store';
import { createApiClient } from '../../shared/api';
import { createFakeFetch, fail, json, memoryTokens, ok, type FakeRoute } from '../../test/fake-fetch';
import { transactionsLoaded } from '../wallet/wallet.slice';
import { playerTransactionOf } from '../wallet/testing/fixtures';
import { depositSubmitted, paymentConfigRequested } from './deposit.slice';

const DEPOSIT = 'POST /payment/deposit';
const request = { method: 'UPI' as const, amount: 500, utrNumber: '412345678901', upiApp: 'PHONEPE' as const };
const result = {
  utrNumber: '412345678901',
  isActive: false,
  isFirstDeposit: true,
  message: 'Deposit request submitted.',
  transactionId: 'DEP9',
};

function start(routes: Record<string, FakeRoute>) {
  const fake = createFakeFetch({ 'GET /auth/refresh-token': () => new Promise<Response>(() => undefined), ...routes });
  const store = createAppStore({ api: createApiClient({ fetch: fake.fetch, tokens: memoryTokens('t') }) });
  return { store, fake };
}

describe('deposit saga', () => {
  test('posts the request; success keeps the result, toasts the message and puts the deposit at the front', async () => {
    const { store, fake } = start({ [DEPOSIT]: () => ok(result, 'Deposit request submitted.') });
    store.dispatch(transactionsLoaded([playerTransactionOf({ transactionId: 'OLD' })]));
    store.dispatch(depositSubmitted(request));
    await vi.waitFor(() => expect(store.getState().deposit.status).toBe('success'));

    expect(fake.callsTo(DEPOSIT)[0].body).toEqual(request);
    expect(store.getState().deposit).toMatchObject({ result, message: 'Deposit request submitted.' });
    expect(store.getState().toasts.items.map((t) => [t.kind, t.message])).toEqual([
      ['success', 'Deposit request submitted.'],
    ]);
    const [first, second] = store.getState().wallet.transactions;
    expect(first).toMatchObject({ transactionId: 'DEP9', type: 'DEPOSIT', status: 'PENDING', amountPaise: 50_000 });
    expect(first.metadata).toMatchObject({ utrNumber: '412345678901', upiApp: 'PHONEPE' });
    expect(second.transactionId).toBe('OLD');
  });

  test("the server's own success message wins over the default", async () => {
    const { store } = start({
      [DEPOSIT]: () => ok({ ...result, message: 'First deposit received: bonus on approval.' }),
    });
    store.dispatch(depositSubmitted(request));
    await vi.waitFor(() => expect(store.getState().deposit.message).toBe('First deposit received: bonus on approval.'));
  });

  test("without any message the success text is 'Deposit request submitted.'", async () => {
    const { store } = start({ [DEPOSIT]: () => ok({ ...result, message: '' }) });
    store.dispatch(depositSubmitted(request));
    await vi.waitFor(() => expect(store.getState().deposit.message).toBe('Deposit request submitted.'));
  });

  test("a refusal carries the server's message; no message → 'Deposit failed.'", async () => {
    const refused = start({ [DEPOSIT]: () => fail(409, 'This UTR number has already been used.') });
    refused.store.dispatch(depositSubmitted(request));
    await vi.waitFor(() => expect(refused.store.getState().deposit.status).toBe('failure'));
    expect(refused.store.getState().deposit.error).toBe('This UTR number has already been used.');
    expect(refused.store.getState().wallet.transactions).toEqual([]);

    const silent = start({ [DEPOSIT]: () => json(500, { success: false }) });
    silent.store.dispatch(depositSubmitted(request));
    await vi.waitFor(() => expect(silent.store.getState().deposit.error).toBe('Deposit failed.'));

    const offline = createAppStore({
      api: createApiClient({ fetch: () => Promise.reject(new TypeError('offline')), tokens: memoryTokens('t') }),
    });
    // Let the start-up session check fail first (its sign-out clean-up resets user-scoped slices).
    await vi.waitFor(() => expect(offline.getState().auth.isLoading).toBe(false));
    offline.dispatch(depositSubmitted(request));
    await vi.waitFor(() => expect(offline.getState().deposit.error).toBe('Deposit failed.'));
  });

  test('a second tap while the first is in flight sends nothing more', async () => {
    let release: (r: Response) => void = () => undefined;
    const { store, fake } = start({ [DEPOSIT]: () => new Promise<Response>((r) => (release = r)) });
    store.dispatch(depositSubmitted(request));
    store.dispatch(depositSubmitted(request));
    await vi.waitFor(() => expect(fake.callsTo(DEPOSIT)).toHaveLength(1));
    release(ok(result));
    await vi.waitFor(() => expect(store.getState().deposit.status).toBe('success'));
    expect(fake.callsTo(DEPOSIT)).toHaveLength(1);
  });

  test('loads the payee from GET /app-config', async () => {
    const { store } = start({
      'GET /app-config': () =>
        ok({ roundSeconds: 30, payment: { payeeVpa: 'winround@okaxis', payeeName: 'WinRound' } }),
    });
    store.dispatch(paymentConfigRequested());
    await vi.waitFor(() =>
      expect(store.getState().deposit.payee).toEqual({ payeeVpa: 'winround@okaxis', payeeName: 'WinRound' }),
    );

    const broken = start({ 'GET /app-config': () => fail(503) });
    broken.store.dispatch(paymentConfigRequested());
    await vi.waitFor(() =>
      expect(broken.store.getState().deposit.payeeError).toBe('Failed to load the payment details'),
    );
  });
});
