import { Inject, Injectable } from '@nestjs/common';
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { AppConfig } from '@app/config';
import { Database, type DB, type Role, type TransactionRow, type TransactionsTable } from '@app/db';
import {
  exactPaise,
  exactPaiseToNumber,
  IST_TIME_ZONE,
  rupeesToPaise,
  type DepositClaimContested,
  type IdentityStatus,
  type DepositRequested,
  type DepositClaimState,
  type WithdrawalRequested,
  type WithdrawalState,
} from '@app/domain';
import { Accounts, lockWallets, newTransactionId, playSincePreviousWithdrawal, recordEntries } from '@app/ledger';
import { depositLimitUsage } from '../play-safely/play-safely.repository.js';
import { runningPlayBreak } from '@app/domain';
import { toPlayBreak } from '../play-breaks/play-break.repository.js';
import { isCheckViolation, isUniqueViolation } from '../wallet/pg-error.js';
import { DepositClaimConflict, PaymentStore, type PaymentTx } from './payment.store.js';

/** SQL of deposit and withdrawal requests. */
@Injectable()
export class PaymentRepository extends PaymentStore {
  constructor(
    @Inject(Database) readonly db: Database,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {
    super();
  }

  async transaction<T>(work: (tx: PaymentTx) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction().execute((trx) => work(this.scoped(trx)));
    } catch (error) {
      // A UTR has one holder among pending and approved claims (migration 0019); claims insert ON CONFLICT DO NOTHING,
      // so this is only a net under any other insert of a deposit.
      if (isUniqueViolation(error, 'transactions_utr_held')) throw new DepositClaimConflict('UTR_USED');
      // The database's count of the player's PENDING claims, taken under a lock on their wallet (migration 0006).
      if (isCheckViolation(error, 'transactions_pending_deposits_limit'))
        throw new DepositClaimConflict('TOO_MANY_PENDING');
      // The database's check of the player's deposit limits (migration 0020), should a claim pass the decider's.
      if (isCheckViolation(error, 'player_deposit_limit')) throw new DepositClaimConflict('DEPOSIT_LIMIT');
      throw error;
    }
  }

  private scoped(trx: Transaction<DB>): PaymentTx {
    return {
      depositClaimState: async (userId, utrNumber): Promise<DepositClaimState> => {
        const account = await this.account(trx, userId);
        // The wallet's row lock serialises the player's claims: the deposit limits' usage and the deposits counted
        // against the identity threshold, read after it (statements of their own, so fresh snapshots), include every
        // claim committed before. The insert triggers check the limits again.
        const wallet = await trx
          .selectFrom('wallets')
          .select(['id', 'is_active'])
          .where('user_id', '=', userId)
          .forUpdate()
          .executeTakeFirst();
        const depositLimits = wallet && account?.role === 'user' ? await depositLimitUsage(trx, userId) : [];
        return {
          ...(wallet && account?.role === 'user' ? { identity: await this.depositIdentity(trx, userId) } : {}),
          role: account?.role ?? null,
          suspended: account !== undefined && account.status !== 'active',
          away: await this.away(trx, userId),
          wallet: wallet ? { walletId: wallet.id, isActive: wallet.is_active } : null,
          hasApprovedDeposit: wallet ? await this.hasApprovedDeposit(trx, userId) : false,
          utrHolder: (await this.utrHolder(trx, utrNumber)) ?? null,
          ...(depositLimits.length > 0 ? { depositLimits } : {}),
        };
      },
      saveDepositClaim: async (claim: DepositRequested['data']) => {
        const row = await this.insertDepositClaim(trx, {
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
          payer: claim.payer,
          ist_day: await this.istToday(trx),
        });
        if (!row) return null; // another claim holds the UTR now: decided again by the caller
        // A pending deposit posts nothing: the event records the claim only.
        await recordEntries(trx, [
          {
            type: 'DepositRequested',
            stream: `transaction:${row.id}`,
            userId: claim.userId,
            payload: {
              transactionId: row.transaction_id,
              amount: row.amount,
              utrNumber: row.utr_number,
              payer: row.payer,
            },
            postings: [],
            outbox: false,
          },
        ]);
        return { transactionId: row.transaction_id };
      },
      saveLimitHit: async (hit: { userId: string; kind: 'deposit'; message: string }) => {
        await trx
          .insertInto('limit_hits')
          .values({ user_id: hit.userId, kind: hit.kind, message: hit.message })
          .execute();
      },
      saveUtrContest: async (contest: DepositClaimContested['data']) => {
        // Not a journal event: a contest moves no money. A repeat of the same contest (same holder, player, amount
        // and payer) counts an attempt instead of adding a row.
        await trx
          .insertInto('utr_contests')
          .values({
            utr_number: contest.utrNumber,
            user_id: contest.userId,
            wallet_id: contest.walletId,
            held_by: contest.heldBy,
            amount: contest.amount,
            payer: contest.payer,
            upi_app: contest.upiApp,
          })
          .onConflict((oc) =>
            oc
              .constraint('utr_contests_once')
              .doUpdateSet({ attempts: sql`utr_contests.attempts + 1`, last_attempt_at: sql`now()` }),
          )
          .execute();
      },
      withdrawalState: async (userId): Promise<WithdrawalState> => {
        const account = await this.account(trx, userId);
        const role = account?.role ?? null;
        // The lock serialises the player's requests: the balance, the day's total and what was played since the
        // previous withdrawal below include every earlier request.
        const wallet = role === 'user' ? (await lockWallets(trx, [userId])).get(userId) : undefined;
        const istDay = await this.istToday(trx);
        return {
          role,
          suspended: account?.status !== undefined && account.status !== 'active',
          away: await this.away(trx, userId),
          wallet: wallet ? { walletId: wallet.walletId, isActive: wallet.isActive, main: wallet.main } : null,
          istDay,
          withdrawnTodayPaise: wallet ? await this.withdrawnOn(trx, userId, istDay) : 0,
          ...(wallet
            ? {
                play: {
                  ...(await playSincePreviousWithdrawal(trx, userId)),
                  turnoverPercent: this.config.WITHDRAWAL_TURNOVER_PERCENT,
                },
              }
            : {}),
          ...(wallet ? { identity: await this.identity(trx, userId) } : {}),
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
            : {
                bank_account_number: details.accountNumber,
                bank_ifsc: details.ifsc,
                bank_holder_name: details.accountHolderName,
              }),
          play_check: request.playCheck ? JSON.stringify(request.playCheck) : null,
          name_check: request.nameCheck ? JSON.stringify(request.nameCheck) : null,
        });
        // A referral is never earned once the referred player has asked to withdraw before playing it through.
        await voidPendingReferral(trx, request.userId, 'withdrawn');
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

  /**
   * The player's break or self-exclusion in force, read in the request's transaction: the database is the last word,
   * whatever token the caller holds (a deposit is refused, a withdrawal is spared the turnover rule).
   */
  async away(trx: Kysely<DB>, userId: string) {
    const row = await trx
      .selectFrom('play_breaks')
      .select(['kind', 'option', 'started_at', 'ends_at', 'return_requested_at', 'returns_at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? runningPlayBreak(toPlayBreak(row as Parameters<typeof toPlayBreak>[0]), Date.now()) : null;
  }

  /** The IST calendar day of the transaction's clock (`now()` is fixed for the whole transaction). */
  async istToday(trx: Transaction<DB>): Promise<string> {
    const { rows } = await sql<{
      day: string;
    }>`SELECT (now() AT TIME ZONE ${sql.lit(IST_TIME_ZONE)})::date AS day`.execute(trx);
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

  /** The player's identity check: its status ('not-submitted' without one) and the verified name. */
  async identity(
    trx: Transaction<DB>,
    userId: string,
  ): Promise<{ status: IdentityStatus; verifiedName: string | null }> {
    const row = await trx
      .selectFrom('identity_checks')
      .select(['status', 'full_name'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return { status: row?.status ?? 'not-submitted', verifiedName: row?.status === 'verified' ? row.full_name : null };
  }

  /**
   * What a deposit claim's identity rules read: whether a date of birth is on record, the identity status, and the
   * paise of the player's deposits approved or waiting for review (counted under the wallet lock the caller holds).
   */
  async depositIdentity(trx: Transaction<DB>, userId: string): Promise<NonNullable<DepositClaimState['identity']>> {
    const user = await trx
      .selectFrom('users')
      .select('date_of_birth')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const claimed = await trx
      .selectFrom('transactions')
      .select(sql<string>`coalesce(sum(amount), 0)::text`.as('total'))
      .where('user_id', '=', userId)
      .where('type', '=', 'DEPOSIT')
      .where('status', 'in', ['PENDING', 'COMPLETED'])
      .executeTakeFirstOrThrow();
    return {
      hasDateOfBirth: user.date_of_birth !== null,
      status: (await this.identity(trx, userId)).status,
      claimedPaise: exactPaiseToNumber(exactPaise(claimed.total), 'deposits claimed'),
      thresholdPaise: rupeesToPaise(this.config.KYC_DEPOSIT_THRESHOLD_RUPEES),
    };
  }

  /** The account's role as the database holds it (undefined when there is no such account). */
  async role(db: Kysely<DB>, userId: string): Promise<Role | undefined> {
    return (await this.account(db, userId))?.role;
  }

  /** The account's role and status (undefined when there is no such account). */
  account(db: Kysely<DB>, userId: string): Promise<{ role: Role; status: string } | undefined> {
    return db.selectFrom('users').select(['role', 'status']).where('id', '=', userId).executeTakeFirst();
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

  /** The claim holding a UTR now: its PENDING or COMPLETED deposit (at most one, transactions_utr_held). */
  utrHolder(
    trx: Transaction<DB>,
    utrNumber: string,
  ): Promise<{ id: string; userId: string; status: 'PENDING' | 'COMPLETED' } | undefined> {
    if (utrNumber === '') return Promise.resolve(undefined);
    return trx
      .selectFrom('transactions')
      .select(['id', 'user_id as userId', 'status'])
      .where('utr_number', '=', utrNumber)
      .where('status', 'in', ['PENDING', 'COMPLETED'])
      .executeTakeFirst() as Promise<{ id: string; userId: string; status: 'PENDING' | 'COMPLETED' } | undefined>;
  }

  /**
   * Inserts a PENDING deposit claim, or nothing when another claim holds its UTR. Invariant: one holder per UTR among
   * pending and approved claims (partial unique index transactions_utr_held). Of parallel claims of one UTR exactly
   * one inserts; the others wait for it to commit and get no row (undefined), never an aborted transaction, so the
   * caller can still record them as contests. The index predicate is written out (not bound) so Postgres infers the
   * partial index as the arbiter.
   */
  insertDepositClaim(trx: Transaction<DB>, values: Insertable<TransactionsTable>): Promise<TransactionRow | undefined> {
    return trx
      .insertInto('transactions')
      .values(values)
      .onConflict((oc) =>
        oc
          .column('utr_number')
          .where(sql<boolean>`status IN ('PENDING', 'COMPLETED')`)
          .doNothing(),
      )
      .returningAll()
      .executeTakeFirst();
  }

  /** Inserts a transaction row. */
  insertTransaction(trx: Transaction<DB>, values: Insertable<TransactionsTable>): Promise<TransactionRow> {
    return trx.insertInto('transactions').values(values).returningAll().executeTakeFirstOrThrow();
  }
}

/**
 * Voids the player's pending referral if they ask to withdraw before their settled stakes (from main) since their
 * first deposit reached it: a referral is never earned by a deposit that was withdrawn first. One that was met is left
 * for the engine to grant.
 */
export async function voidPendingReferral(db: Kysely<DB>, userId: string, reason: string): Promise<void> {
  await sql`
    UPDATE referrals r SET status = 'void', decided_at = now(), reason = ${reason}
    WHERE r.referred_user_id = ${userId} AND r.status = 'pending'
      AND (SELECT coalesce(sum(b.amount - b.from_bonus), 0) FROM bets b
           WHERE b.user_id = ${userId} AND b.status = 'COMPLETED' AND b.created_at >= r.since) < r.deposit_paise
  `.execute(db);
}
