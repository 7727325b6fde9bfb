import { Inject, Injectable } from '@nestjs/common';
import { sql, type Kysely, type Transaction } from 'kysely';
import { Database, type DB, type Role, type TransactionRow } from '@app/db';
import { exactPaise, exactPaiseToNumber } from '@app/domain';
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
      .select(sql<string>`coalesce(sum(amount), 0)::text`.as('total'))
      .where('user_id', '=', userId)
      .where('type', '=', 'WITHDRAWAL')
      .where('status', 'in', ['PENDING', 'COMPLETED'])
      .where('ist_day', '=', istDay)
      .executeTakeFirstOrThrow();
    // The sum is numeric: read exactly, converted once (the cap keeps it far below 2^53).
    return exactPaiseToNumber(exactPaise(row.total), 'withdrawals of the day');
  }

  /** The account's role as the database holds it (undefined when there is no such account). */
  async role(db: Kysely<DB>, userId: string): Promise<Role | undefined> {
    return (await db.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirst())?.role;
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
