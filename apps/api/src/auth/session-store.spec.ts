import { randomUUID } from 'node:crypto';
import { InMemorySessionStore } from './testing/in-memory-session-store.js';
import { describeSessionStore } from './testing/session-store.contract.js';

describeSessionStore('in memory', async () => {
  const store = new InMemorySessionStore();
  return {
    store,
    db: undefined,
    async user() {
      const id = randomUUID();
      const user = { id, username: `u${id.slice(0, 8)}`, email: `u.${id.slice(0, 8)}@gmail.com` };
      store.addUser({ ...user, role: 'user' });
      return user;
    },
    suspend: async (userId) => store.setStatus(userId, 'banned'),
    close: async () => {},
  };
});
