import { randomBytes } from 'node:crypto';
import { loadConfig } from '@app/config';
import { createTestDatabase } from '@app/db/testing';
import { Accounts, recordEntries } from '@app/ledger';
import { PaymentRepository } from './payment.repository.js';
import { describePaymentStore } from './testing/payment-store.contract.js';

describePaymentStore('Postgres', async () => {
  const database = await createTestDatabase();
  const db = database.db;
  const user = async (role: 'user' | 'super-admin') => {
    const tag = randomBytes(4).toString('hex');
    return (
      await db
        .insertInto('users')
        .values({
          username: `p${tag}`,
          email: `p.${tag}@gmail.com`,
          password_hash: 'x',
          role,
          referral_code: `P${tag.toUpperCase()}`.slice(0, 8),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  };
  return {
    store: new PaymentRepository(db, loadConfig({ NODE_ENV: 'test' })),
    async player({ main = 0, active = false } = {}) {
      const userId = await user('user');
      const walletId = (
        await db
          .insertInto('wallets')
          .values({ user_id: userId, is_active: active })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      if (main > 0) {
        await db.transaction().execute((trx) =>
          recordEntries(trx, [
            {
              type: 'TestFunding',
              stream: `wallet:${userId}`,
              userId,
              payload: {},
              postings: [
                { account: Accounts.clearingDeposits, amount: -main },
                { account: Accounts.userMain(userId), amount: main },
              ],
              outbox: false,
            },
          ]),
        );
      }
      return { userId, walletId };
    },
    admin: () => user('super-admin'),
    async decide(transactionId, status) {
      await db
        .updateTable('transactions')
        .set({ status, reviewed_at: new Date() })
        .where('transaction_id', '=', transactionId)
        .execute();
    },
    async main(userId) {
      return Number(
        (await db.selectFrom('wallets').select('main').where('user_id', '=', userId).executeTakeFirstOrThrow()).main,
      );
    },
    async contests(utrNumber) {
      return db
        .selectFrom('utr_contests')
        .select(['user_id as userId', 'amount', 'payer', 'attempts'])
        .where('utr_number', '=', utrNumber)
        .execute();
    },
    close: () => database.drop(),
  };
});
