import { randomBytes } from 'node:crypto';
import { createTestDatabase } from '@app/testing';
import { UserRepository } from '../users/user.repository.js';
import { describeAccountStore } from './testing/account-store.contract.js';

describeAccountStore('Postgres', async () => {
  const database = await createTestDatabase();
  const db = database.db;
  return {
    store: new UserRepository(),
    db,
    async admin(email) {
      const referralCode = `A${randomBytes(4).toString('hex').toUpperCase()}`.slice(0, 8);
      const { id } = await db
        .insertInto('users')
        .values({
          username: `admin ${referralCode}`,
          email,
          password_hash: 'x',
          role: 'super-admin',
          referral_code: referralCode,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id, referralCode };
    },
    referralCodeOf: async (userId) =>
      (await db.selectFrom('users').select('referral_code').where('id', '=', userId).executeTakeFirstOrThrow())
        .referral_code,
    close: () => database.drop(),
  };
});
