import {
  MAX_PENDING_DEPOSITS,
  type DepositClaimContested,
  type DepositRequested,
  type Role,
  type WithdrawalRequested,
} from '@app/domain';
import type { WalletBalance } from '@app/ledger';
import { DepositClaimConflict, PaymentStore, type PaymentTx } from '../payment.store.js';

interface Account {
  role: Role;
  wallet?: { walletId: string; isActive: boolean; main: number; bonus: number };
}
interface StoredTransaction {
  transactionId: string;
  userId: string;
  type: 'DEPOSIT' | 'WITHDRAWAL';
  status: 'PENDING' | 'COMPLETED' | 'FAILED';
  amount: number;
  istDay: string;
  utrNumber?: string;
  payer?: string | null;
  description: string;
}
/** A contest as stored: the decider's data without the message, and how often it was sent. */
type StoredContest = Omit<DepositClaimContested['data'], 'message' | 'heldStatus'> & { attempts: number };
interface Data {
  accounts: Map<string, Account>;
  transactions: StoredTransaction[];
  contests: StoredContest[];
  limitHits: { userId: string; kind: 'deposit'; message: string }[];
}

/**
 * Payment store in memory, for unit tests of the service: the same answers as Postgres for what the service relies
 * on — a UTR held by one pending or approved claim, at most MAX_PENDING_DEPOSITS claims pending, a repeated contest
 * counted once, a transaction that commits whole or not at all.
 */
export class InMemoryPaymentStore extends PaymentStore {
  private data: Data = { accounts: new Map(), transactions: [], contests: [], limitHits: [] };
  /** Called by saveDepositClaim before it looks at the UTR: a test's chance to let a parallel claim win the race. */
  beforeClaimStored?: () => void;
  /** The database clock's IST day. */
  istDay = '2026-11-23';
  private seq = 0;

  addAccount(userId: string, account: Account): void {
    this.data.accounts.set(userId, structuredClone(account));
  }
  account(userId: string): Account | undefined {
    return this.data.accounts.get(userId);
  }
  get transactions(): readonly StoredTransaction[] {
    return this.data.transactions;
  }
  get contests(): readonly StoredContest[] {
    return this.data.contests;
  }
  /** Refusals by a deposit limit, as the care signals read them. */
  get limitHits(): readonly Data['limitHits'][number][] {
    return this.data.limitHits;
  }
  /** A claim stored from outside the service (a parallel request). */
  addClaim(claim: { userId: string; utrNumber: string; amount: number; status?: StoredTransaction['status'] }): string {
    const transactionId = `DEP${++this.seq}`;
    this.data.transactions.push({
      transactionId,
      type: 'DEPOSIT',
      status: 'PENDING',
      istDay: this.istDay,
      description: 'UPI deposit',
      ...claim,
    });
    return transactionId;
  }
  setStatus(transactionId: string, status: StoredTransaction['status']): void {
    this.data.transactions.find((t) => t.transactionId === transactionId)!.status = status;
  }

  async transaction<T>(work: (tx: PaymentTx) => Promise<T>): Promise<T> {
    const before = structuredClone(this.data);
    try {
      return await work(this.tx());
    } catch (error) {
      this.data = before; // rolled back
      throw error;
    }
  }

  private tx(): PaymentTx {
    const data = () => this.data;
    const holderOf = (utrNumber: string) =>
      data().transactions.find(
        (t) => t.utrNumber === utrNumber && (t.status === 'PENDING' || t.status === 'COMPLETED'),
      );
    return {
      depositClaimState: async (userId, utrNumber) => {
        const account = data().accounts.get(userId);
        const holder = utrNumber === '' ? undefined : holderOf(utrNumber);
        return {
          role: account?.role ?? null,
          // Accounts here are never suspended (the suspension is held by Postgres: see the admin players int spec).
          suspended: false,
          wallet: account?.wallet ? { walletId: account.wallet.walletId, isActive: account.wallet.isActive } : null,
          hasApprovedDeposit: data().transactions.some(
            (t) => t.userId === userId && t.type === 'DEPOSIT' && t.status === 'COMPLETED',
          ),
          utrHolder: holder
            ? { id: holder.transactionId, userId: holder.userId, status: holder.status as 'PENDING' | 'COMPLETED' }
            : null,
        };
      },
      saveDepositClaim: async (claim: DepositRequested['data']) => {
        const mine = data().transactions.filter(
          (t) => t.userId === claim.userId && t.type === 'DEPOSIT' && t.status === 'PENDING',
        );
        if (mine.length >= MAX_PENDING_DEPOSITS) throw new DepositClaimConflict('TOO_MANY_PENDING');
        this.beforeClaimStored?.();
        if (holderOf(claim.utrNumber)) return null; // ON CONFLICT DO NOTHING
        const transactionId = `DEP${++this.seq}`;
        data().transactions.push({
          transactionId,
          userId: claim.userId,
          type: 'DEPOSIT',
          status: 'PENDING',
          amount: claim.amount,
          istDay: this.istDay,
          utrNumber: claim.utrNumber,
          payer: claim.payer,
          description: claim.description,
        });
        return { transactionId };
      },
      saveLimitHit: async (hit: Data['limitHits'][number]) => {
        data().limitHits.push({ ...hit });
      },
      saveUtrContest: async ({ message: _message, heldStatus: _status, ...contest }: DepositClaimContested['data']) => {
        const same = data().contests.find(
          (c) =>
            c.heldBy === contest.heldBy &&
            c.userId === contest.userId &&
            c.amount === contest.amount &&
            c.payer === contest.payer,
        );
        if (same) same.attempts += 1;
        else data().contests.push({ ...contest, attempts: 1 });
      },
      withdrawalState: async (userId) => {
        const account = data().accounts.get(userId);
        const wallet = account?.role === 'user' ? account.wallet : undefined;
        return {
          role: account?.role ?? null,
          suspended: false,
          wallet: wallet ? { walletId: wallet.walletId, isActive: wallet.isActive, main: wallet.main } : null,
          istDay: this.istDay,
          withdrawnTodayPaise: data()
            .transactions.filter(
              (t) =>
                t.userId === userId && t.type === 'WITHDRAWAL' && t.status !== 'FAILED' && t.istDay === this.istDay,
            )
            .reduce((sum, t) => sum + t.amount, 0),
        };
      },
      saveWithdrawal: async (request: WithdrawalRequested['data']) => {
        const wallet = data().accounts.get(request.userId)!.wallet!;
        if (wallet.main - request.amount < 0)
          throw new Error('new row for relation "wallets" violates check constraint'); // CHECK (main >= 0)
        wallet.main -= request.amount;
        const transactionId = `WDR${++this.seq}`;
        data().transactions.push({
          transactionId,
          userId: request.userId,
          type: 'WITHDRAWAL',
          status: 'PENDING',
          amount: request.amount,
          istDay: request.istDay,
          description: request.description,
        });
        const balances = new Map<string, WalletBalance>([[request.userId, { main: wallet.main, bonus: wallet.bonus }]]);
        return { transactionId, balances, seqs: [this.seq] };
      },
    };
  }
}
