import { randomBytes } from 'node:crypto';
import { createTestDatabase } from '@app/db/testing';
import { AdminPaymentsRepository } from './admin-payments.repository.js';
import { describeReviewStore } from './testing/review-store.contract.js';

describeReviewStore('Postgres', async () => {
  const database = await createTestDatabase();
  const db = database.db;
  const user = async (role: 'user' | 'super-admin', referredBy?: string) => {
    const tag = randomBytes(4).toString('hex');
    const username = `r${tag}`;
    const id = (
      await db
        .insertInto('users')
        .values({
          username,
          email: `r.${tag}@gmail.com`,
          password_hash: 'x',
          role,
          referral_code: `R${tag.toUpperCase()}`.slice(0, 8),
          referred_by: referredBy ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    return { id, username };
  };
  return {
    store: new AdminPaymentsRepository(db),
    async player({ referredBy } = {}) {
      const { id: userId, username } = await user('user', referredBy);
      const walletId = (
        await db.insertInto('wallets').values({ user_id: userId }).returning('id').executeTakeFirstOrThrow()
      ).id;
      return { userId, walletId, username };
    },
    admin: async () => (await user('super-admin')).id,
    async pending(p, type, amount) {
      const tag = randomBytes(6).toString('hex').toUpperCase();
      const row = await db
        .insertInto('transactions')
        .values({
          transaction_id: `${type === 'DEPOSIT' ? 'DEP' : 'WDR'}${tag}`,
          user_id: p.userId,
          wallet_id: p.walletId,
          type,
          method: 'UPI',
          status: 'PENDING',
          amount,
          description: type === 'DEPOSIT' ? 'UPI deposit' : 'Withdrawal to UPI ravi@ybl',
          utr_number: type === 'DEPOSIT' ? `${tag}00` : null,
          upi_id: type === 'WITHDRAWAL' ? 'ravi@ybl' : null,
          ist_day: '2026-11-23',
        })
        .returning(['id', 'transaction_id'])
        .executeTakeFirstOrThrow();
      return { id: row.id, transactionId: row.transaction_id };
    },
    async wallet(userId) {
      const row = await db
        .selectFrom('wallets')
        .select(['main', 'bonus', 'is_active'])
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return { main: Number(row.main), bonus: Number(row.bonus), isActive: row.is_active };
    },
    async referral(referredUserId) {
      const row = await db
        .selectFrom('referrals')
        .select(['referrer_id', 'bonus_paise', 'status'])
        .where('referred_user_id', '=', referredUserId)
        .executeTakeFirst();
      return row ? { referrerId: row.referrer_id, bonusPaise: Number(row.bonus_paise) } : null;
    },
    close: () => database.drop(),
  };
});
