import { randomUUID } from 'node:crypto';
import { describeReviewStore } from './testing/review-store.contract.js';
import { InMemoryReviewStore } from './testing/in-memory-review-store.js';

describeReviewStore('in memory', async () => {
  const store = new InMemoryReviewStore();
  let seq = 0;
  return {
    store,
    async player({ referredBy } = {}) {
      const userId = randomUUID();
      const walletId = randomUUID();
      const username = `player_${++seq}`;
      store.wallets.set(userId, { walletId, main: 0, bonus: 0, isActive: false });
      if (referredBy) store.referredBy.set(userId, { referrerId: referredBy, username });
      return { userId, walletId, username };
    },
    async admin() {
      return randomUUID();
    },
    async pending(p, type, amount) {
      const id = randomUUID();
      const transactionId = `${type === 'DEPOSIT' ? 'DEP' : 'WDR'}${++seq}`;
      store.addTransaction({
        id,
        transaction_id: transactionId,
        type,
        user_id: p.userId,
        wallet_id: p.walletId,
        amount,
      });
      return { id, transactionId };
    },
    async wallet(userId) {
      const { main, bonus, isActive } = store.wallets.get(userId)!;
      return { main, bonus, isActive };
    },
    async referral(referredUserId) {
      const found = store.referrals.find((r) => r.referredUserId === referredUserId);
      return found ? { referrerId: found.referrerId, bonusPaise: found.bonusPaise } : null;
    },
    async close() {},
  };
});
