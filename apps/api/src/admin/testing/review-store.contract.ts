import { decideReview, type ReviewDecision } from '@app/domain';
import type { ReviewStore } from '../admin-review.store.js';

/** What a review store scenario needs from its world (Postgres, or memory). */
export interface ReviewWorld {
  store: ReviewStore;
  player(options?: { referredBy?: string }): Promise<{ userId: string; walletId: string; username: string }>;
  admin(): Promise<string>;
  /** A PENDING deposit claim or withdrawal (amount in paise) of the player. */
  pending(
    player: { userId: string; walletId: string },
    type: 'DEPOSIT' | 'WITHDRAWAL',
    amount: number,
  ): Promise<{ id: string; transactionId: string }>;
  wallet(userId: string): Promise<{ main: number; bonus: number; isActive: boolean }>;
  /** The referral a referred player's first deposit started, if any. */
  referral(referredUserId: string): Promise<{ referrerId: string; bonusPaise: number } | null>;
  close(): Promise<void>;
}

const terms = { shareBps: 1_000, capPaise: 50_000 };

/**
 * The behaviour the review service relies on, run against every store: the in-memory fake of the unit tests must
 * answer as Postgres does.
 */
export function describeReviewStore(name: string, makeWorld: () => Promise<ReviewWorld>): void {
  describe(`review store: ${name}`, () => {
    let world: ReviewWorld;
    let admin: string;
    beforeAll(async () => {
      world = await makeWorld();
      admin = await world.admin();
    });
    afterAll(() => world.close());

    const review = (reviewerId: string, p: { walletId: string }, transactionId: string, decision: ReviewDecision) =>
      world.store.transaction(async (tx) => {
        const events = decideReview(
          { reviewerId, walletId: p.walletId, decision, notes: null },
          await tx.reviewState(transactionId, terms),
        );
        return events[0]!.type === 'ReviewRefused' ? events[0] : tx.saveReview(events);
      });

    it("reads a deposit, its player's referrer and earlier approvals; nothing for an unknown id", async () => {
      const referrer = await world.player();
      const p = await world.player({ referredBy: referrer.userId });
      const dep = await world.pending(p, 'DEPOSIT', 200_000);
      const state = await world.store.transaction((tx) => tx.reviewState(dep.transactionId, terms));
      expect(state).toMatchObject({
        transaction: {
          id: dep.id,
          transactionId: dep.transactionId,
          type: 'DEPOSIT',
          status: 'PENDING',
          userId: p.userId,
          walletId: p.walletId,
          amount: 200_000,
        },
        referral: { referrerId: referrer.userId, referrerWalletId: referrer.walletId, playerUsername: p.username },
        hasOtherApprovedDeposit: false,
      });
      expect((await world.store.transaction((tx) => tx.reviewState(dep.id, terms))).transaction?.transactionId).toBe(
        dep.transactionId,
      );
      expect((await world.store.transaction((tx) => tx.reviewState('DEP-NONE', terms))).transaction).toBeNull();
    });

    it('an approved first deposit credits the player, activates the wallet and starts one referral (no bonus paid yet)', async () => {
      const referrer = await world.player();
      const p = await world.player({ referredBy: referrer.userId });
      const first = await world.pending(p, 'DEPOSIT', 200_000);
      const second = await world.pending(p, 'DEPOSIT', 100_000);
      expect(await review(admin, p, first.transactionId, 'COMPLETED')).toMatchObject({ row: { status: 'COMPLETED' } });
      expect(await world.wallet(p.userId)).toEqual({ main: 200_000, bonus: 0, isActive: true });
      expect(await world.wallet(referrer.userId)).toMatchObject({ bonus: 0 });
      expect(await world.referral(p.userId)).toEqual({ referrerId: referrer.userId, bonusPaise: 20_000 });
      expect(await world.store.transaction((tx) => tx.reviewState(second.transactionId, terms))).toMatchObject({
        hasOtherApprovedDeposit: true,
      });
      await review(admin, p, second.transactionId, 'COMPLETED');
      expect(await world.wallet(referrer.userId)).toMatchObject({ bonus: 0 });
      expect(await world.referral(p.userId)).toEqual({ referrerId: referrer.userId, bonusPaise: 20_000 });
    });

    it('a decided transaction is not decided again, and nobody decides their own', async () => {
      const p = await world.player();
      const wd = await world.pending(p, 'WITHDRAWAL', 50_000);
      const dep = await world.pending(p, 'DEPOSIT', 50_000);
      const saved = await review(admin, p, wd.transactionId, 'FAILED');
      expect(saved).toMatchObject({ row: { status: 'FAILED' } });
      expect(await world.wallet(p.userId)).toMatchObject({ main: 50_000 });
      // The store's own guard, whatever the decider saw: a stale state of the decided withdrawal, then the owner.
      const stale = await world.store.transaction((tx) => tx.reviewState(dep.transactionId, terms));
      await world.store.transaction(async (tx) => {
        expect(
          await tx.saveReview(
            decideReview(
              { reviewerId: p.userId, walletId: p.walletId, decision: 'COMPLETED', notes: null },
              { ...stale, transaction: { ...stale.transaction!, userId: 'someone-else' } },
            ),
          ),
        ).toBeUndefined();
      });
      const decided = await world.store.transaction((tx) => tx.reviewState(wd.transactionId, terms));
      await world.store.transaction(async (tx) => {
        expect(
          await tx.saveReview(
            decideReview(
              { reviewerId: admin, walletId: p.walletId, decision: 'COMPLETED', notes: null },
              { ...decided, transaction: { ...decided.transaction!, status: 'PENDING' } },
            ),
          ),
        ).toBeUndefined();
      });
      expect(await world.wallet(p.userId)).toMatchObject({ main: 50_000 });
    });
  });
}
