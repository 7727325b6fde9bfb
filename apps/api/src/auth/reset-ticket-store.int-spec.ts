import { randomBytes } from 'node:crypto';
import { createTestDatabase } from '@app/testing';
import { ResetTicketRepository } from './reset-ticket.repository.js';
import { describeResetTicketStore } from './testing/reset-ticket-store.contract.js';

describeResetTicketStore('Postgres', async () => {
  const database = await createTestDatabase();
  const db = database.db;
  return {
    store: new ResetTicketRepository(),
    db,
    async user() {
      const tag = randomBytes(4).toString('hex');
      const row = await db
        .insertInto('users')
        .values({
          username: `t${tag}`,
          email: `t.${tag}@gmail.com`,
          password_hash: 'x',
          role: 'user',
          referral_code: `T${tag.toUpperCase()}`.slice(0, 8),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    close: () => database.drop(),
  };
});
