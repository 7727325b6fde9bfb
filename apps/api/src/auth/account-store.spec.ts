import { randomUUID } from 'node:crypto';
import { describeAccountStore } from './testing/account-store.contract.js';
import { InMemoryAccounts } from './testing/in-memory-accounts.js';

describeAccountStore('in memory', async () => {
  const store = new InMemoryAccounts();
  return {
    store,
    db: undefined,
    async admin(email) {
      const id = randomUUID();
      store.add({ id, username: `admin ${id.slice(0, 6)}`, email, role: 'super-admin' });
      return { id, referralCode: store.get(id)!.referral_code };
    },
    referralCodeOf: async (userId) => store.get(userId)!.referral_code,
    close: async () => {},
  };
});
