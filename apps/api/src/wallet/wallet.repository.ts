import { Inject, Injectable } from '@nestjs/common';
import { Database, ReadDatabase } from '@app/db';
import type { TransactionRow } from '@app/db';
import type { IdentityStatus } from '@app/domain';
import { playSincePreviousWithdrawal, readBonusWagering, type BonusWageringRow } from '@app/ledger';

/** How many transactions the wallet screen receives (newest first). */
export const WALLET_TRANSACTIONS_LIMIT = 200;

/** SQL of the wallet screen. */
@Injectable()
export class WalletRepository {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(ReadDatabase) private readonly reads: ReadDatabase,
  ) {}

  findWallet(userId: string): Promise<{ id: string; main: number; bonus: number; is_active: boolean } | undefined> {
    return this.db
      .selectFrom('wallets')
      .select(['id', 'main', 'bonus', 'is_active'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** The player's identity check status ('not-submitted' when they have none). */
  async identityStatus(userId: string): Promise<IdentityStatus> {
    const row = await this.db
      .selectFrom('identity_checks')
      .select('status')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.status ?? 'not-submitted';
  }

  /** Deposits approved and stakes (from main) settled since the player's previous withdrawal. */
  playSincePreviousWithdrawal(userId: string): ReturnType<typeof playSincePreviousWithdrawal> {
    return playSincePreviousWithdrawal(this.db, userId);
  }

  /** The bonus balance's wagering requirement and progress. */
  async bonusWagering(userId: string): Promise<BonusWageringRow | undefined> {
    return (await readBonusWagering(this.db, [userId]))[0];
  }

  /** Balances of several players (for live updates). */
  balances(userIds: string[]): Promise<Array<{ user_id: string; main: number; bonus: number }>> {
    if (userIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('wallets').select(['user_id', 'main', 'bonus']).where('user_id', 'in', userIds).execute();
  }

  /** The transaction list, which may lag a little (a read replica's); balances are the primary's. */
  listTransactions(userId: string, limit = WALLET_TRANSACTIONS_LIMIT): Promise<TransactionRow[]> {
    return this.reads
      .selectFrom('transactions')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}
