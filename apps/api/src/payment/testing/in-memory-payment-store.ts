import { MAX_PENDING_DEPOSITS, type DepositRequested, type Role, type WithdrawalRequested } from '@app/domain';
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
  description: string;
}
interface Data {
  accounts: Map<string, Account>;
  transactions: StoredTransaction[];
}

/**
 * Payment store in memory, for unit tests of the service: the same answers as Postgres for what the service relies
 * on — a UTR claimable once, at most MAX_PENDING_DEPOSITS claims pending, a transaction that commits whole or not at all.
 */
export class InMemoryPaymentStore extends PaymentStore {
  private data: Data = { accounts: new Map(), transactions: [] };
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
    return {
      depositClaimState: async (userId) => {
        const account = data().accounts.get(userId);
        return {
          role: account?.role ?? null,
          wallet: account?.wallet ? { walletId: account.wallet.walletId, isActive: account.wallet.isActive } : null,
          hasApprovedDeposit: data().transactions.some((t) => t.userId === userId && t.type === 'DEPOSIT' && t.status === 'COMPLETED'),
        };
      },
      saveDepositClaim: async (claim: DepositRequested['data']) => {
        const mine = data().transactions.filter((t) => t.userId === claim.userId && t.type === 'DEPOSIT' && t.status === 'PENDING');
        if (mine.length >= MAX_PENDING_DEPOSITS) throw new DepositClaimConflict('TOO_MANY_PENDING');
        if (data().transactions.some((t) => t.utrNumber === claim.utrNumber)) throw new DepositClaimConflict('UTR_USED');
        const transactionId = `DEP${++this.seq}`;
        data().transactions.push({ transactionId, userId: claim.userId, type: 'DEPOSIT', status: 'PENDING', amount: claim.amount, istDay: this.istDay, utrNumber: claim.utrNumber, description: claim.description });
        return { transactionId };
      },
      withdrawalState: async (userId) => {
        const account = data().accounts.get(userId);
        const wallet = account?.role === 'user' ? account.wallet : undefined;
        return {
          role: account?.role ?? null,
          wallet: wallet ? { walletId: wallet.walletId, isActive: wallet.isActive, main: wallet.main } : null,
          istDay: this.istDay,
          withdrawnTodayPaise: data()
            .transactions.filter((t) => t.userId === userId && t.type === 'WITHDRAWAL' && t.status !== 'FAILED' && t.istDay === this.istDay)
            .reduce((sum, t) => sum + t.amount, 0),
        };
      },
      saveWithdrawal: async (request: WithdrawalRequested['data']) => {
        const wallet = data().accounts.get(request.userId)!.wallet!;
        if (wallet.main - request.amount < 0) throw new Error('new row for relation "wallets" violates check constraint'); // CHECK (main >= 0)
        wallet.main -= request.amount;
        const transactionId = `WDR${++this.seq}`;
        data().transactions.push({ transactionId, userId: request.userId, type: 'WITHDRAWAL', status: 'PENDING', amount: request.amount, istDay: request.istDay, description: request.description });
        const balances = new Map<string, WalletBalance>([[request.userId, { main: wallet.main, bonus: wallet.bonus }]]);
        return { transactionId, balances, seqs: [this.seq] };
      },
    };
  }
}
