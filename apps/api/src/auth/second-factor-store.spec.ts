import { randomUUID } from 'node:crypto';
import { InMemorySecondFactors } from './testing/in-memory-second-factors.js';
import { describeSecondFactorStore } from './testing/second-factor-store.contract.js';

describeSecondFactorStore('in memory', async () => {
  const store = new InMemorySecondFactors();
  return {
    store,
    db: undefined,
    async user(role, email) {
      const id = randomUUID();
      store.addUser(id, email, role);
      return id;
    },
    close: async () => {},
  };
});
