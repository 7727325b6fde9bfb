import { randomInt } from 'node:crypto';
import type { DepositClaimContested, DepositRequested, WithdrawalRequested } from '@app/domain';
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
  /** The contests recorded of a UTR. */
  contests(
    utrNumber: string,
  ): Promise<Array<{ userId: string; amount: number; payer: string | null; attempts: number }>>;
  close(): Promise<void>;
}

const utr = () => String(randomInt(100_000, 999_999)) + String(randomInt(100_000, 999_999));
const claim = (
  p: { userId: string; walletId: string },
  utrNumber = utr(),
  amount = 50_000,
): DepositRequested['data'] => ({
  userId: p.userId,
  walletId: p.walletId,
  method: 'UPI',
  amount,
  utrNumber,
  upiApp: 'PHONEPE',
  payer: 'ravi.kumar@okaxis',
  description: 'UPI deposit',
  isFirstDeposit: true,
  walletActive: false,
});
const contest = (
  p: { userId: string; walletId: string },
  utrNumber: string,
  heldBy: string,
  amount = 50_000,
  payer: string | null = 'RAVI KUMAR',
): DepositClaimContested['data'] => ({
  userId: p.userId,
  walletId: p.walletId,
  amount,
  utrNumber,
  upiApp: null,
  payer,
  heldBy,
  heldStatus: 'PENDING',
  message: 'recorded',
});
const withdrawal = (
  p: { userId: string; walletId: string },
  amount: number,
  istDay: string,
): WithdrawalRequested['data'] => ({
  userId: p.userId,
  walletId: p.walletId,
  amount,
  request: { method: 'UPI', amountPaise: amount, upiApp: 'PHONEPE', upiId: 'ravi@ybl' },
  istDay,
  description: 'Withdrawal to UPI ravi@ybl',
  walletActive: true,
  playCheck: null,
});
const conflict = (promise: Promise<unknown>) =>
  promise.then(
    (saved) => (saved === null ? 'held' : 'stored'),
    (error: unknown) => (error instanceof DepositClaimConflict ? error.reason : error),
  );

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
      const free = utr();
      await world.store.transaction(async (tx) => {
        expect(await tx.depositClaimState(p.userId, free)).toMatchObject({
          role: 'user',
          suspended: false,
          wallet: { walletId: p.walletId, isActive: false },
          hasApprovedDeposit: false,
          utrHolder: null,
        });
        expect(await tx.depositClaimState(admin, free)).toMatchObject({
          role: 'super-admin',
          suspended: false,
          wallet: null,
          hasApprovedDeposit: false,
          utrHolder: null,
        });
      });
      const { transactionId } = (await world.store.transaction((tx) => tx.saveDepositClaim(claim(p, free))))!;
      await world.decide(transactionId, 'COMPLETED');
      expect(await world.store.transaction((tx) => tx.depositClaimState(p.userId, free))).toMatchObject({
        hasApprovedDeposit: true,
        utrHolder: { id: expect.any(String), userId: p.userId, status: 'COMPLETED' },
      });
    });

    it('a UTR is held by one pending or approved claim; a rejected claim releases it', async () => {
      const [a, b] = [await world.player(), await world.player()];
      const shared = utr();
      const first = await world.store.transaction((tx) => tx.saveDepositClaim(claim(a, shared)));
      expect(first).toEqual({ transactionId: expect.any(String) });
      expect(await world.store.transaction((tx) => tx.depositClaimState(b.userId, shared))).toMatchObject({
        utrHolder: { userId: a.userId, status: 'PENDING' },
      });
      // Stored anyway (a parallel claim that read the UTR free): nothing is stored and the transaction lives on.
      expect(await conflict(world.store.transaction((tx) => tx.saveDepositClaim(claim(b, shared))))).toBe('held');
      await world.decide(first!.transactionId, 'FAILED');
      expect(await world.store.transaction((tx) => tx.depositClaimState(b.userId, shared))).toMatchObject({
        utrHolder: null,
      });
      const second = await world.store.transaction((tx) => tx.saveDepositClaim(claim(b, shared)));
      expect(second).toEqual({ transactionId: expect.any(String) });
      await world.decide(second!.transactionId, 'COMPLETED');
      expect(await conflict(world.store.transaction((tx) => tx.saveDepositClaim(claim(a, shared))))).toBe('held');
    });

    it('records a contest beside the holding claim; the same contest again counts an attempt', async () => {
      const [holder, payer] = [await world.player(), await world.player()];
      const shared = utr();
      await world.store.transaction((tx) => tx.saveDepositClaim(claim(holder, shared)));
      const heldBy = (await world.store.transaction((tx) => tx.depositClaimState(payer.userId, shared))).utrHolder!.id;
      await world.store.transaction((tx) => tx.saveUtrContest(contest(payer, shared, heldBy)));
      await world.store.transaction((tx) => tx.saveUtrContest(contest(payer, shared, heldBy)));
      await world.store.transaction((tx) => tx.saveUtrContest(contest(payer, shared, heldBy, 60_000, null)));
      await world.store.transaction((tx) => tx.saveUtrContest(contest(payer, shared, heldBy, 60_000, null)));
      const recorded = (await world.contests(shared)).sort((x, y) => x.amount - y.amount);
      expect(recorded).toEqual([
        { userId: payer.userId, amount: 50_000, payer: 'RAVI KUMAR', attempts: 2 },
        { userId: payer.userId, amount: 60_000, payer: null, attempts: 2 },
      ]);
    });

    it('at most 3 claims wait for review at once; a decided one frees a place', async () => {
      const p = await world.player();
      const ids: string[] = [];
      for (let i = 0; i < 3; i += 1)
        ids.push((await world.store.transaction((tx) => tx.saveDepositClaim(claim(p))))!.transactionId);
      expect(await conflict(world.store.transaction((tx) => tx.saveDepositClaim(claim(p))))).toBe('TOO_MANY_PENDING');
      await world.decide(ids[0]!, 'FAILED');
      expect(await conflict(world.store.transaction((tx) => tx.saveDepositClaim(claim(p))))).toBe('stored');
    });

    it("holds a withdrawal from main; today's total counts pending and paid requests, not rejected ones", async () => {
      const p = await world.player({ main: 3_000_000, active: true });
      const state = await world.store.transaction((tx) => tx.withdrawalState(p.userId));
      expect(state).toMatchObject({
        role: 'user',
        suspended: false,
        wallet: { walletId: p.walletId, isActive: true, main: 3_000_000 },
        withdrawnTodayPaise: 0,
      });
      const first = await world.store.transaction((tx) => tx.saveWithdrawal(withdrawal(p, 1_000_000, state.istDay)));
      expect(first.balances.get(p.userId)).toEqual({ main: 2_000_000, bonus: 0 });
      const second = await world.store.transaction((tx) => tx.saveWithdrawal(withdrawal(p, 500_000, state.istDay)));
      const third = await world.store.transaction((tx) => tx.saveWithdrawal(withdrawal(p, 200_000, state.istDay)));
      await world.decide(second.transactionId, 'COMPLETED');
      await world.decide(third.transactionId, 'FAILED');
      expect(await world.store.transaction((tx) => tx.withdrawalState(p.userId))).toMatchObject({
        withdrawnTodayPaise: 1_500_000,
        istDay: state.istDay,
      });
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
      expect(await world.store.transaction((tx) => tx.withdrawalState(p.userId))).toMatchObject({
        withdrawnTodayPaise: 0,
      });
    });
  });
}
