import { randomBytes } from 'node:crypto';
import { createTestDatabase } from '@app/testing';
import { SecondFactorRepository } from './second-factor.repository.js';
import { describeSecondFactorStore } from './testing/second-factor-store.contract.js';

describeSecondFactorStore('Postgres', async () => {
  const database = await createTestDatabase();
  return {
    store: new SecondFactorRepository(),
    db: database.db,
    async user(role, email) {
      const tag = randomBytes(4).toString('hex');
      const row = await database.db
        .insertInto('users')
        .values({
          username: `factor_${tag}`,
          email,
          password_hash: 'x',
          role,
          referral_code: `F${tag.toUpperCase()}`.slice(0, 8),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    close: () => database.drop(),
  };
});
