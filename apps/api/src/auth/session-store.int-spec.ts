import { randomBytes } from 'node:crypto';
import { createTestDatabase } from '@app/testing';
import { SessionRepository } from './session.repository.js';
import { describeSessionStore } from './testing/session-store.contract.js';

describeSessionStore('Postgres', async () => {
  const database = await createTestDatabase();
  const db = database.db;
  return {
    store: new SessionRepository(),
    db,
    async user() {
      const tag = randomBytes(4).toString('hex');
      const user = { username: `s${tag}`, email: `s.${tag}@gmail.com` };
      const { id } = await db
        .insertInto('users')
        .values({ ...user, password_hash: 'x', role: 'user', referral_code: `S${tag.toUpperCase()}`.slice(0, 8) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id, ...user };
    },
    suspend: async (userId) =>
      void (await db.updateTable('users').set({ status: 'banned' }).where('id', '=', userId).execute()),
    close: () => database.drop(),
  };
});
