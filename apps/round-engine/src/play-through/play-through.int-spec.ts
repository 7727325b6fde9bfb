import { randomBytes, randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { sql } from 'kysely';
import { loadConfig } from '@app/config';
import { createTestDatabase, type TestDatabase } from '@app/db/testing';
import { Accounts, recordEntries } from '@app/ledger';
import { readPlayerNotices } from '@app/realtime';
import { accountBalance, balanceOf, expectLedgerReconciles, recordTestChain } from '@app/testing';
import { PlayThroughService } from './play-through.service.js';

const DAY = 86_400_000;

/**
 * The play-through rules on Postgres: what a bonus hunter would try (withdraw a referral bonus unplayed, farm
 * referrals with players who deposit and leave, run the worker twice) moves nothing it should not.
 */
describe('play-through worker', () => {
  let database: TestDatabase;
  let service: PlayThroughService;
  let periodId: string;
  let seq = 0;

  const db = () => database.db;

  async function player(options: { main?: number; bonus?: number; referredBy?: string } = {}): Promise<string> {
    const tag = randomBytes(4).toString('hex');
    return db()
      .transaction()
      .execute(async (trx) => {
        const { id } = await trx
          .insertInto('users')
          .values({
            username: `p${tag}`,
            email: `p.${tag}@gmail.com`,
            password_hash: 'x',
            role: 'user',
            referral_code: `P${tag.toUpperCase()}`.slice(0, 8),
            referred_by: options.referredBy ?? null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.insertInto('wallets').values({ user_id: id, is_active: true }).execute();
        const postings = [];
        if (options.main)
          postings.push(
            { account: Accounts.clearingDeposits, amount: -options.main },
            { account: Accounts.userMain(id), amount: options.main },
          );
        if (options.bonus)
          postings.push(
            { account: Accounts.houseBonus, amount: -options.bonus },
            { account: Accounts.userBonus(id), amount: options.bonus },
          );
        if (postings.length)
          await recordEntries(trx, [
            { type: 'TestFunding', stream: `wallet:${id}`, userId: id, payload: {}, postings, outbox: false },
          ]);
        return id;
      });
  }

  /** A bet of the player's, settled (lost) or still pending, placed at `at`. */
  async function bet(
    userId: string,
    amount: number,
    options: { fromBonus?: number; pending?: boolean; at?: Date } = {},
  ): Promise<void> {
    const id = `20261129${String(++seq).padStart(4, '0')}`;
    const start = options.at ?? new Date();
    await db()
      .insertInto('periods')
      .values({
        id,
        start_at: start,
        lock_at: new Date(start.getTime() + 25_000),
        end_at: new Date(start.getTime() + 30_000),
        chain_id: Number(periodId),
        chain_index: seq,
        seed_hash: 'a'.repeat(64),
        ...(options.pending
          ? { status: 'OPEN' as const }
          : { status: 'SETTLED' as const, seed: 'a'.repeat(64), digit: 6, color: 'green', big_small: 'big' }),
      })
      .execute();
    await db()
      .insertInto('bets')
      .values({
        id: randomUUID(),
        user_id: userId,
        period_id: id,
        bet_type: 'color',
        bet_value: 'red',
        amount,
        from_bonus: options.fromBonus ?? 0,
        placed_at: start,
        created_at: start,
        ...(options.pending
          ? {}
          : { status: 'COMPLETED' as const, is_win: false, win_amount: 0, system_selected_value: 'green' }),
      })
      .execute();
  }

  async function referral(
    referrerId: string,
    referredUserId: string,
    depositPaise: number,
    bonusPaise: number,
    since = new Date(Date.now() - 60_000),
  ): Promise<void> {
    const tag = randomBytes(6).toString('hex').toUpperCase();
    const { id: walletId } = await db()
      .selectFrom('wallets')
      .select('id')
      .where('user_id', '=', referredUserId)
      .executeTakeFirstOrThrow();
    const deposit = await db()
      .insertInto('transactions')
      .values({
        transaction_id: `DEP${tag}`,
        user_id: referredUserId,
        wallet_id: walletId,
        type: 'DEPOSIT',
        method: 'UPI',
        status: 'COMPLETED',
        amount: depositPaise,
        description: 'UPI deposit',
        utr_number: `${tag}00`,
        ist_day: '2026-11-29',
        reviewed_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('referrals')
      .values({
        referred_user_id: referredUserId,
        referrer_id: referrerId,
        deposit_transaction_id: deposit.id,
        deposit_paise: depositPaise,
        bonus_paise: bonusPaise,
        since,
      })
      .execute();
  }

  const referralOf = (referredUserId: string) =>
    db().selectFrom('referrals').selectAll().where('referred_user_id', '=', referredUserId).executeTakeFirstOrThrow();
  const wagering = async (userId: string) => {
    const w = await db()
      .selectFrom('wallets')
      .select(['bonus_wagering_required', 'bonus_expires_at'])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return { required: Number(w.bonus_wagering_required), expiresAt: w.bonus_expires_at };
  };
  async function requirement(userId: string, requiredPaise: number, since: Date, expiresAt: Date): Promise<void> {
    await db()
      .updateTable('wallets')
      .set({ bonus_wagering_required: requiredPaise, bonus_wagering_since: since, bonus_expires_at: expiresAt })
      .where('user_id', '=', userId)
      .execute();
  }

  beforeAll(async () => {
    Logger.overrideLogger(false);
    database = await createTestDatabase();
    periodId = String((await recordTestChain(database.db, { commitment: 'a'.repeat(64), length: 1_000_000 })).id);
    service = new PlayThroughService(database.db, loadConfig({}));
  });
  afterAll(() => database.drop());

  describe('referrals are earned by play', () => {
    it("grants the referrer's bonus only once the referred player's settled stakes (from main) reach the deposit, once", async () => {
      const referrer = await player();
      const referred = await player({ main: 200_000, referredBy: referrer });
      await referral(referrer, referred, 200_000, 20_000);
      await bet(referred, 150_000);
      // Bonus-paid stakes and pending bets do not count.
      await bet(referred, 49_999, { fromBonus: 49_999 });
      await bet(referred, 50_000, { pending: true });
      await bet(referred, 49_999);
      await service.run();
      expect((await referralOf(referred)).status).toBe('pending');
      expect(await balanceOf(db(), referrer)).toEqual({ main: 0, bonus: 0 });

      await bet(referred, 1);
      const houseBefore = await accountBalance(db(), Accounts.houseBonus);
      const [first, second] = await Promise.all([service.run(), service.run()]);
      expect(first.granted + second.granted).toBe(1);
      expect(await service.run()).toMatchObject({ granted: 0 });
      expect(await referralOf(referred)).toMatchObject({ status: 'granted' });
      expect(await balanceOf(db(), referrer)).toEqual({ main: 0, bonus: 20_000 });
      expect(await accountBalance(db(), Accounts.houseBonus)).toBe(houseBefore - 20_000);
      const bonusRows = await db().selectFrom('transactions').selectAll().where('user_id', '=', referrer).execute();
      expect(bonusRows).toEqual([
        expect.objectContaining({
          type: 'BONUS',
          status: 'COMPLETED',
          amount: 20_000,
          referred_user_id: referred,
          description: expect.stringMatching(/^Referral bonus: p[0-9a-f]{8}'s first deposit$/),
        }),
      ]);
      // The bonus is play money: 5 × ₹200 of settled stakes, within 30 days.
      const { required, expiresAt } = await wagering(referrer);
      expect(required).toBe(100_000);
      expect(Math.abs(expiresAt!.getTime() - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
      await expectLedgerReconciles(db());
    });

    it('the grant leaves the referrer one referral-bonus notice in the outbox (the relay sends it), none for the referred player', async () => {
      const referrer = await player();
      const referred = await player({ main: 100_000, referredBy: referrer });
      await referral(referrer, referred, 100_000, 10_000);
      await bet(referred, 100_000);
      expect(await service.run()).toMatchObject({ granted: 1 });
      const outbox = await db()
        .selectFrom('outbox')
        .innerJoin('events', 'events.seq', 'outbox.event_seq')
        .select('outbox.event_seq')
        .where('events.user_id', 'in', [referrer, referred])
        .execute();
      const notices = await readPlayerNotices(
        db(),
        outbox.map((o) => Number(o.event_seq)),
      );
      const bonus = await db()
        .selectFrom('transactions')
        .select('transaction_id')
        .where('user_id', '=', referrer)
        .executeTakeFirstOrThrow();
      expect(notices).toEqual([
        expect.objectContaining({
          userId: referrer,
          notice: { kind: 'referral-bonus', amount: 100, transactionId: bonus.transaction_id },
          amountPaise: 10_000,
        }),
      ]);
      // A second run grants nothing more, so no second notice.
      expect(await service.run()).toMatchObject({ granted: 0 });
    });

    it('a withdrawal once the deposit was played through does not stop the grant (one asked before voids it at once: the api)', async () => {
      const referrer = await player();
      const referred = await player({ main: 200_000, referredBy: referrer });
      await referral(referrer, referred, 200_000, 20_000);
      await bet(referred, 200_000);
      const { id: walletId } = await db()
        .selectFrom('wallets')
        .select('id')
        .where('user_id', '=', referred)
        .executeTakeFirstOrThrow();
      await db()
        .insertInto('transactions')
        .values({
          transaction_id: `WDR${randomBytes(6).toString('hex').toUpperCase()}`,
          user_id: referred,
          wallet_id: walletId,
          type: 'WITHDRAWAL',
          method: 'UPI',
          status: 'FAILED',
          amount: 50_000,
          description: 'Withdrawal to UPI a@ybl',
          upi_id: 'a@ybl',
          ist_day: '2026-11-29',
          reviewed_at: new Date(),
        })
        .execute();
      expect(await service.run()).toMatchObject({ granted: 1 });
      expect(await balanceOf(db(), referrer)).toEqual({ main: 0, bonus: 20_000 });
      // Decided stays decided: the database refuses turning it void later.
      await expect(
        db().updateTable('referrals').set({ status: 'void' }).where('referred_user_id', '=', referred).execute(),
      ).rejects.toThrow(/already granted/);
    });

    it('is void when the referrer or the referred player is suspended', async () => {
      const referrer = await player();
      const referred = await player({ main: 200_000, referredBy: referrer });
      await referral(referrer, referred, 200_000, 20_000);
      await bet(referred, 200_000);
      await db()
        .updateTable('users')
        .set({ status: 'suspended', suspended_at: new Date(), suspension_reason: 'multi-accounting' })
        .where('id', '=', referrer)
        .execute();
      await service.run();
      expect(await referralOf(referred)).toMatchObject({ status: 'void', reason: 'suspended' });
      expect(await balanceOf(db(), referrer)).toEqual({ main: 0, bonus: 0 });
    });

    it('a second grant adds to what is left of the first requirement and restarts the expiry', async () => {
      const referrer = await player({ bonus: 20_000 });
      await requirement(referrer, 100_000, new Date(Date.now() - 10 * DAY), new Date(Date.now() + 20 * DAY));
      await bet(referrer, 30_000, { fromBonus: 0, at: new Date(Date.now() - DAY) });
      const referred = await player({ main: 100_000, referredBy: referrer });
      await referral(referrer, referred, 100_000, 10_000);
      await bet(referred, 100_000);
      await service.run();
      // ₹700 left of the first + 5 × ₹100 of the second.
      expect((await wagering(referrer)).required).toBe(70_000 + 50_000);
      expect(await balanceOf(db(), referrer)).toEqual({ main: 0, bonus: 30_000 });
    });
  });

  describe('a bonus moves to main only once played through', () => {
    it('stays in bonus while stakes fall short; moves whole (winnings too) to main once they reach the requirement', async () => {
      const p = await player({ bonus: 36_400 });
      const since = new Date(Date.now() - DAY);
      await requirement(p, 100_000, since, new Date(Date.now() + 29 * DAY));
      await bet(p, 50_000, { at: new Date(since.getTime() - 1000) }); // before the requirement: does not count
      await bet(p, 99_999, { fromBonus: 10_000 });
      await service.run();
      expect(await balanceOf(db(), p)).toEqual({ main: 0, bonus: 36_400 });
      await bet(p, 1);
      expect(await service.run()).toMatchObject({ released: 1 });
      expect(await balanceOf(db(), p)).toEqual({ main: 36_400, bonus: 0 });
      expect((await wagering(p)).required).toBe(0);
      const { rows } = await sql<{
        type: string;
      }>`SELECT type FROM events WHERE stream = ${`wallet:${p}`} ORDER BY seq`.execute(db());
      expect(rows.map((r) => r.type)).toEqual(['TestFunding', 'BonusReleased']);
      await expectLedgerReconciles(db());
    });

    it('waits while a bet paid from bonus is unsettled', async () => {
      const p = await player({ bonus: 20_000 });
      await requirement(p, 100_000, new Date(Date.now() - DAY), new Date(Date.now() + 29 * DAY));
      await bet(p, 100_000);
      await bet(p, 5_000, { fromBonus: 5_000, pending: true });
      await service.run();
      expect((await wagering(p)).required).toBe(100_000);
    });

    it('goes back to house:bonus unplayed at its expiry', async () => {
      const p = await player({ main: 5_000, bonus: 20_000 });
      await requirement(p, 100_000, new Date(Date.now() - 31 * DAY), new Date(Date.now() - 1000));
      await bet(p, 40_000);
      const houseBefore = await accountBalance(db(), Accounts.houseBonus);
      expect(await service.run()).toMatchObject({ expired: 1 });
      expect(await balanceOf(db(), p)).toEqual({ main: 5_000, bonus: 0 });
      expect(await accountBalance(db(), Accounts.houseBonus)).toBe(houseBefore + 20_000);
      await expectLedgerReconciles(db());
    });

    it('a requirement whose bonus was all staked and lost just ends', async () => {
      const p = await player();
      await requirement(p, 100_000, new Date(Date.now() - DAY), new Date(Date.now() + DAY));
      expect(await service.run()).toMatchObject({ cleared: 1 });
      expect((await wagering(p)).required).toBe(0);
    });
  });
});
