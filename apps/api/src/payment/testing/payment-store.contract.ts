import { randomInt } from 'node:crypto';
import type { DepositRequested, WithdrawalRequested } from '@app/domain';
import { DepositClaimConflict, type PaymentStore } from '../payment.store.js';

/** What a payment store scenario needs from its world (Postgres, or memory). */
export interface PaymentWorld {
  store: PaymentStore;
  /** A player with a wallet (main in paise). */
  player(options?: { main?: number; active?: boolean }): Promise<{ userId: string; walletId: string }>;
  admin(): Promise<string>;
  /** An admin's decision on a stored transaction, by its public id. */
  decide(transactionId: string, status: 'COMPLETED' | 'FAILED'): Promise<void>;
  main(userId: string): Promise<number>;
  close(): Promise<void>;
}

const utr = () => String(randomInt(100_000, 999_999)) + String(randomInt(100_000, 999_999));
const claim = (p: { userId: string; walletId: string }, utrNumber = utr(), amount = 50_000): DepositRequested['data'] => ({
  userId: p.userId,
  walletId: p.walletId,
  method: 'UPI',
  amount,
  utrNumber,
  upiApp: 'PHONEPE',
  description: 'UPI deposit',
  isFirstDeposit: true,
  walletActive: false,
});
const withdrawal = (p: { userId: string; walletId: string }, amount: number, istDay: string): WithdrawalRequested['data'] => ({
  userId: p.userId,
  walletId: p.walletId,
  amount,
  request: { method: 'UPI', amountPaise: amount, upiApp: 'PHONEPE', upiId: 'ravi@ybl' },
  istDay,
  description: 'Withdrawal to UPI ravi@ybl',
  walletActive: true,
});
const conflict = (promise: Promise<unknown>) => promise.then(() => 'stored', (error: unknown) => (error instanceof DepositClaimConflict ? error.reason : error));

/**
 * The behaviour the payment service relies on, run against every store: the in-memory fake of the unit tests must
 * answer as Postgres does, or the unit tests prove nothing.
 */
export function describePaymentStore(name: string, makeWorld: () => Promise<PaymentWorld>): void {
  describe(`payment store: ${name}`, () => {
    let world: PaymentWorld;
    beforeAll(async () => {
      world = await makeWorld();
    });
    afterAll(() => world.close());

    it('reads the role, the wallet and whether a deposit was approved', async () => {
      const p = await world.player();
      const admin = await world.admin();
      await world.store.transaction(async (tx) => {
        expect(await tx.depositClaimState(p.userId)).toEqual({ role: 'user', wallet: { walletId: p.walletId, isActive: false }, hasApprovedDeposit: false });
        expect(await tx.depositClaimState(admin)).toEqual({ role: 'super-admin', wallet: null, hasApprovedDeposit: false });
      });
      const { transactionId } = await world.store.transaction((tx) => tx.saveDepositClaim(claim(p)));
      await world.decide(transactionId, 'COMPLETED');
      expect(await world.store.transaction((tx) => tx.depositClaimState(p.userId))).toMatchObject({ hasApprovedDeposit: true });
    });

    it('a UTR is claimable once, whoever claims it again', async () => {
      const [a, b] = [await world.player(), await world.player()];
      const shared = utr();
      expect(await conflict(world.store.transaction((tx) => tx.saveDepositClaim(claim(a, shared))))).toBe('stored');
      expect(await conflict(world.store.transaction((tx) => tx.saveDepositClaim(claim(b, shared))))).toBe('UTR_USED');
    });

    it('at most 3 claims wait for review at once; a decided one frees a place', async () => {
      const p = await world.player();
      const ids: string[] = [];
      for (let i = 0; i < 3; i += 1) ids.push((await world.store.transaction((tx) => tx.saveDepositClaim(claim(p)))).transactionId);
      expect(await conflict(world.store.transaction((tx) => tx.saveDepositClaim(claim(p))))).toBe('TOO_MANY_PENDING');
      await world.decide(ids[0]!, 'FAILED');
      expect(await conflict(world.store.transaction((tx) => tx.saveDepositClaim(claim(p))))).toBe('stored');
    });

    it("holds a withdrawal from main; today's total counts pending and paid requests, not rejected ones", async () => {
      const p = await world.player({ main: 3_000_000, active: true });
      const state = await world.store.transaction((tx) => tx.withdrawalState(p.userId));
      expect(state).toMatchObject({ role: 'user', wallet: { walletId: p.walletId, isActive: true, main: 3_000_000 }, withdrawnTodayPaise: 0 });
      const first = await world.store.transaction((tx) => tx.saveWithdrawal(withdrawal(p, 1_000_000, state.istDay)));
      expect(first.balances.get(p.userId)).toEqual({ main: 2_000_000, bonus: 0 });
      const second = await world.store.transaction((tx) => tx.saveWithdrawal(withdrawal(p, 500_000, state.istDay)));
      const third = await world.store.transaction((tx) => tx.saveWithdrawal(withdrawal(p, 200_000, state.istDay)));
      await world.decide(second.transactionId, 'COMPLETED');
      await world.decide(third.transactionId, 'FAILED');
      expect(await world.store.transaction((tx) => tx.withdrawalState(p.userId))).toMatchObject({ withdrawnTodayPaise: 1_500_000, istDay: state.istDay });
    });

    it('stores nothing of a transaction whose work throws', async () => {
      const p = await world.player({ main: 100_000, active: true });
      const { istDay } = await world.store.transaction((tx) => tx.withdrawalState(p.userId));
      await expect(
        world.store.transaction(async (tx) => {
          await tx.saveWithdrawal(withdrawal(p, 60_000, istDay));
          throw new Error('refused after storing');
        }),
      ).rejects.toThrow('refused after storing');
      expect(await world.main(p.userId)).toBe(100_000);
      expect(await world.store.transaction((tx) => tx.withdrawalState(p.userId))).toMatchObject({ withdrawnTodayPaise: 0 });
    });
  });
}
