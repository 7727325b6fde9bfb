import { randomUUID } from 'node:crypto';
import { istDateKey } from '@app/domain';
import { describePaymentStore } from './testing/payment-store.contract.js';
import { InMemoryPaymentStore } from './testing/in-memory-payment-store.js';

describePaymentStore('in memory', async () => {
  const store = new InMemoryPaymentStore();
  store.istDay = istDateKey(Date.now());
  return {
    store,
    async player({ main = 0, active = false } = {}) {
      const userId = randomUUID();
      const walletId = randomUUID();
      store.addAccount(userId, { role: 'user', wallet: { walletId, isActive: active, main, bonus: 0 } });
      return { userId, walletId };
    },
    async admin() {
      const id = randomUUID();
      store.addAccount(id, { role: 'super-admin' });
      return id;
    },
    async decide(transactionId, status) {
      store.setStatus(transactionId, status);
    },
    async main(userId) {
      return store.account(userId)!.wallet!.main;
    },
    async contests(utrNumber) {
      return store.contests
        .filter((c) => c.utrNumber === utrNumber)
        .map(({ userId, amount, payer, attempts }) => ({ userId, amount, payer, attempts }));
    },
    async close() {},
  };
});
