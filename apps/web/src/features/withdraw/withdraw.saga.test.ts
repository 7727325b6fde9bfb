import { createAppStore } from '../../app/store';
import { createApiClient } from '../../shared/api';
import { createFakeFetch, fail, json, memoryTokens, ok, type FakeRoute } from '../../test/fake-fetch';
import { summaryOf } from '../wallet/testing/fixtures';
import { withdrawSubmitted } from './withdraw.slice';

const WITHDRAW = 'POST /payment/withdraw';
const SUMMARY = 'GET /wallet/summary';
const upi = { method: 'UPI' as const, amount: 1000, upiApp: 'PHONEPE' as const, upiId: 'ravi@ybl' };
const bank = {
  method: 'BANK_TRANSFER' as const,
  amount: 600,
  accountNumber: '001234567890',
  ifsc: 'HDFC0001234',
  accountHolderName: 'Ravi Kumar',
};

function start(routes: Record<string, FakeRoute>) {
  const fake = createFakeFetch({
    'GET /auth/refresh-token': () => new Promise<Response>(() => undefined),
    [SUMMARY]: () => ok({ summary: summaryOf({ balance: 1500 }) }),
    'GET /wallet/transactions': () => ok({ transactions: [] }),
    ...routes,
  });
  const store = createAppStore({ api: createApiClient({ fetch: fake.fetch, tokens: memoryTokens('t') }) });
  return { store, fake };
}

describe('withdraw saga', () => {
  test('posts the request; a fulfilled result is kept and the wallet data refreshed', async () => {
    const { store, fake } = start({
      [WITHDRAW]: () => ok({ transactionId: 'WD42', isActive: true, message: 'Withdrawal queued.' }),
    });
    store.dispatch(withdrawSubmitted(upi));
    await vi.waitFor(() => expect(store.getState().withdraw.status).toBe('success'));
    expect(fake.callsTo(WITHDRAW)[0].body).toEqual(upi);
    expect(store.getState().withdraw.result).toEqual({
      transactionId: 'WD42',
      isActive: true,
      message: 'Withdrawal queued.',
    });
    await vi.waitFor(() => expect(store.getState().wallet.balance?.mainPaise).toBe(150_000));
    expect(fake.callsTo(SUMMARY)).toHaveLength(1);
  });

  test('the pending withdrawal goes to the front with a negative amount and masked account', async () => {
    let release: (r: Response) => void = () => undefined;
    const { store } = start({
      [WITHDRAW]: () => ok({ transactionId: 'WD7', isActive: true, message: '' }),
      // Hold the reload so the local entry can be seen.
      'GET /wallet/transactions': () => new Promise<Response>((r) => (release = r)),
    });
    store.dispatch(withdrawSubmitted(bank));
    await vi.waitFor(() => expect(store.getState().wallet.transactions).toHaveLength(1));
    const [first] = store.getState().wallet.transactions;
    expect(first).toMatchObject({
      transactionId: 'WD7',
      type: 'WITHDRAWAL',
      method: 'BANK_TRANSFER',
      status: 'PENDING',
      amountPaise: -60_000,
    });
    expect(first.metadata.bankDetails).toEqual({
      accountHolderName: 'Ravi Kumar',
      accountNumber: '********7890',
      ifscCode: 'HDFC0001234',
    });
    expect(store.getState().withdraw.result?.message).toBe(
      'Withdrawal request submitted successfully. Processing time: 2–4 hours.',
    );
    release(ok({ transactions: [] }));
  });

  test("a refusal carries the server's message; no message → 'Withdrawal failed.'", async () => {
    const refused = start({ [WITHDRAW]: () => fail(400, 'Maximum withdrawal per day is ₹25,000.') });
    refused.store.dispatch(withdrawSubmitted(upi));
    await vi.waitFor(() =>
      expect(refused.store.getState().withdraw.error).toBe('Maximum withdrawal per day is ₹25,000.'),
    );
    expect(refused.fake.callsTo(SUMMARY)).toHaveLength(0);

    const silent = start({ [WITHDRAW]: () => json(502, null) });
    silent.store.dispatch(withdrawSubmitted(upi));
    await vi.waitFor(() => expect(silent.store.getState().withdraw.error).toBe('Withdrawal failed.'));
    expect(silent.store.getState().withdraw.status).toBe('failure');
  });
});
