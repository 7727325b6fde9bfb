import { Inject, Injectable } from '@nestjs/common';
import { sql, type Transaction } from 'kysely';
import { Database, type DB, type TransactionRow } from '@app/db';
import type { Insertable } from 'kysely';
import type { TransactionsTable } from '@app/db';

/** SQL of deposit and withdrawal requests. */
@Injectable()
export class PaymentRepository {
  constructor(@Inject(Database) readonly db: Database) {}

  /** The IST calendar day of the transaction's clock (`now()` is fixed for the whole transaction). */
  async istToday(trx: Transaction<DB>): Promise<string> {
    const { rows } = await sql<{ day: string }>`SELECT (now() AT TIME ZONE 'Asia/Kolkata')::date AS day`.execute(trx);
    return rows[0]!.day;
  }

  /**
   * Paise of withdrawals the player requested on an IST day, pending or completed (rejected ones do not count).
   * Protects the daily cap only when called after `lockWallets` on the player: the lock serialises the player's
   * requests, and under READ COMMITTED this statement then sees every request committed before it.
   */
  async withdrawnOn(trx: Transaction<DB>, userId: string, istDay: string): Promise<number> {
    const row = await trx
      .selectFrom('transactions')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), sql<number>`0`).as('total'))
      .where('user_id', '=', userId)
      .where('type', '=', 'WITHDRAWAL')
      .where('status', 'in', ['PENDING', 'COMPLETED'])
      .where('ist_day', '=', istDay)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /** Whether the player already has an approved deposit. */
  async hasApprovedDeposit(trx: Transaction<DB>, userId: string): Promise<boolean> {
    const row = await trx
      .selectFrom('transactions')
      .select('id')
      .where('user_id', '=', userId)
      .where('type', '=', 'DEPOSIT')
      .where('status', '=', 'COMPLETED')
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Inserts a transaction row. A deposit's UTR is UNIQUE (transactions_utr_number_key): claimable once, ever. */
  insertTransaction(trx: Transaction<DB>, values: Insertable<TransactionsTable>): Promise<TransactionRow> {
    return trx.insertInto('transactions').values(values).returningAll().executeTakeFirstOrThrow();
  }
}
