import { Inject, Injectable } from '@nestjs/common';
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { Database, type DB, type Role, type TransactionRow, type TransactionsTable } from '@app/db';
import { exactPaise, exactPaiseToNumber, IST_TIME_ZONE, type DepositRequested, type DepositClaimState, type WithdrawalRequested, type WithdrawalState } from '@app/domain';
import { Accounts, lockWallets, recordEntries } from '@app/ledger';
import { isCheckViolation, isUniqueViolation } from '../wallet/pg-error.js';
import { newTransactionId } from '../wallet/transaction-id.js';
import { DepositClaimConflict, PaymentStore, type PaymentTx } from './payment.store.js';

/** SQL of deposit and withdrawal requests. */
@Injectable()
export class PaymentRepository extends PaymentStore {
  constructor(@Inject(Database) readonly db: Database) {
    super();
  }

  async transaction<T>(work: (tx: PaymentTx) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction().execute((trx) => work(this.scoped(trx)));
    } catch (error) {
      if (isUniqueViolation(error, 'transactions_utr_number_key')) throw new DepositClaimConflict('UTR_USED');
      // The database's count of the player's PENDING claims, taken under a lock on their wallet (migration 0006).
      if (isCheckViolation(error, 'transactions_pending_deposits_limit')) throw new DepositClaimConflict('TOO_MANY_PENDING');
      throw error;
    }
  }

  private scoped(trx: Transaction<DB>): PaymentTx {
    return {
      depositClaimState: async (userId): Promise<DepositClaimState> => {
        const role = (await this.role(trx, userId)) ?? null;
        const wallet = await trx.selectFrom('wallets').select(['id', 'is_active']).where('user_id', '=', userId).executeTakeFirst();
        return {
          role,
          wallet: wallet ? { walletId: wallet.id, isActive: wallet.is_active } : null,
          hasApprovedDeposit: wallet ? await this.hasApprovedDeposit(trx, userId) : false,
        };
      },
      saveDepositClaim: async (claim: DepositRequested['data']) => {
        const row = await this.insertTransaction(trx, {
          transaction_id: newTransactionId('DEP'),
          user_id: claim.userId,
          wallet_id: claim.walletId,
          type: 'DEPOSIT',
          method: claim.method,
          status: 'PENDING',
          amount: claim.amount,
          description: claim.description,
          utr_number: claim.utrNumber,
          upi_app: claim.upiApp,
          ist_day: await this.istToday(trx),
        });
        // A pending deposit posts nothing: the event records the claim only.
        await recordEntries(trx, [
          {
            type: 'DepositRequested',
            stream: `transaction:${row.id}`,
            userId: claim.userId,
            payload: { transactionId: row.transaction_id, amount: row.amount, utrNumber: row.utr_number },
            postings: [],
            outbox: false,
          },
        ]);
        return { transactionId: row.transaction_id };
      },
      withdrawalState: async (userId): Promise<WithdrawalState> => {
        const role = (await this.role(trx, userId)) ?? null;
        // The lock serialises the player's requests: the balance and the day's total below include every earlier one.
        const wallet = role === 'user' ? (await lockWallets(trx, [userId])).get(userId) : undefined;
        const istDay = await this.istToday(trx);
        return {
          role,
          wallet: wallet ? { walletId: wallet.walletId, isActive: wallet.isActive, main: wallet.main } : null,
          istDay,
          withdrawnTodayPaise: wallet ? await this.withdrawnOn(trx, userId, istDay) : 0,
        };
      },
      saveWithdrawal: async (request: WithdrawalRequested['data']) => {
        const details = request.request;
        const row = await this.insertTransaction(trx, {
          transaction_id: newTransactionId('WDR'),
          user_id: request.userId,
          wallet_id: request.walletId,
          type: 'WITHDRAWAL',
          method: details.method,
          status: 'PENDING',
          amount: request.amount,
          ist_day: request.istDay,
          description: request.description,
          ...(details.method === 'UPI'
            ? { upi_app: details.upiApp, upi_id: details.upiId }
            : { bank_account_number: details.accountNumber, bank_ifsc: details.ifsc, bank_holder_name: details.accountHolderName }),
        });
        const recorded = await recordEntries(trx, [
          {
            type: 'WithdrawalRequested',
            stream: `transaction:${row.id}`,
            userId: request.userId,
            payload: { transactionId: row.transaction_id, amount: row.amount, method: row.method },
            // The hold: the amount leaves the withdrawable balance at once, so it can never be withdrawn twice.
            postings: [
              { account: Accounts.userMain(request.userId), amount: -row.amount },
              { account: Accounts.clearingWithdrawals, amount: row.amount },
            ],
          },
        ]);
        return { transactionId: row.transaction_id, ...recorded };
      },
    };
  }

  /** The IST calendar day of the transaction's clock (`now()` is fixed for the whole transaction). */
  async istToday(trx: Transaction<DB>): Promise<string> {
    const { rows } = await sql<{ day: string }>`SELECT (now() AT TIME ZONE ${sql.lit(IST_TIME_ZONE)})::date AS day`.execute(trx);
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
