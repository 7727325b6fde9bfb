import { Inject, Injectable, Logger } from '@nestjs/common';
import { sql, type Transaction } from 'kysely';
import { AppConfig } from '@app/config';
import { Database, type DB } from '@app/db';
import {
  decideBonus,
  decideReferral,
  istDateKey,
  referralBonusDescription,
  wageringFor,
  wageringLeft,
  type BonusStep,
} from '@app/domain';
import {
  Accounts,
  lockWallets,
  newTransactionId,
  readBonusWagering,
  recordEntries,
  setBonusWagering,
  type JournalEntry,
} from '@app/ledger';

/** Wallets and referrals looked at per run (the oldest first); the next run takes the rest. */
export const PLAY_THROUGH_BATCH = 500;

const DAY_MS = 86_400_000;

export interface PlayThroughReport {
  released: number;
  expired: number;
  cleared: number;
  granted: number;
  voided: number;
}

interface PendingReferral {
  referred_user_id: string;
  referrer_id: string;
  deposit_paise: string;
  bonus_paise: string;
  referred_username: string;
  staked: string;
  suspended: boolean;
}

/**
 * The money rules that wait on play (DESIGN §2), run by the `workers` role every minute:
 *
 * - a bonus whose settled stakes reached its requirement moves whole to main (`BonusReleased`); one unplayed at its
 *   expiry goes back to house:bonus (`BonusExpired`); a requirement with no bonus left ends;
 * - a pending referral is granted once the referred player's settled stakes (from main) since their first deposit
 *   reach it: the referrer's BONUS transaction and journal entry, and a wagering requirement on that bonus; it is
 *   void if either player is suspended or banned. (A withdrawal request before the stakes reached the deposit voids
 *   it at once, in the request's own transaction: see the api's payment repository.)
 *
 * Each wallet or referral moves in its own transaction, deciding again on what it reads under the wallet's lock (a
 * settlement crediting the same wallet waits, or is waited for). Idempotent: a run that stops half-way, or two runs
 * at once, move nothing twice (the referral's status and the BONUS row's unique referred player guard the grant).
 */
@Injectable()
export class PlayThroughService {
  private readonly logger = new Logger('PlayThrough');

  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async run(nowMs = Date.now()): Promise<PlayThroughReport> {
    const report: PlayThroughReport = { released: 0, expired: 0, cleared: 0, granted: 0, voided: 0 };
    for (const wallet of await readBonusWagering(this.db, null, { limit: PLAY_THROUGH_BATCH })) {
      if (decideBonus(wallet, nowMs).type === 'none') continue;
      const step = await this.db.transaction().execute((trx) => this.settleBonus(trx, wallet.userId, nowMs));
      if (step.type === 'release') report.released += 1;
      else if (step.type === 'expire') report.expired += 1;
      else if (step.type === 'clear') report.cleared += 1;
    }
    for (const referral of await this.pendingReferrals()) {
      const step = decideReferral({
        depositPaise: Number(referral.deposit_paise),
        stakedSincePaise: Number(referral.staked),
        withdrewSince: false,
        suspended: referral.suspended,
      });
      if (step.type === 'wait') continue;
      const done = await this.db
        .transaction()
        .execute((trx) =>
          step.type === 'grant'
            ? this.grant(trx, referral, nowMs)
            : this.void(trx, referral.referred_user_id, step.reason),
        );
      if (done) report[step.type === 'grant' ? 'granted' : 'voided'] += 1;
    }
    if (Object.values(report).some((n) => n > 0)) this.logger.log({ msg: 'play-through run', ...report });
    return report;
  }

  /** Decides a wallet's bonus again under its lock, and moves it. */
  private async settleBonus(trx: Transaction<DB>, userId: string, nowMs: number): Promise<BonusStep> {
    const [wallet] = await readBonusWagering(trx, [userId], { forUpdate: true });
    if (!wallet) return { type: 'none' };
    const step = decideBonus(wallet, nowMs);
    if (step.type === 'none') return step;
    if (step.type !== 'clear') {
      const entry: JournalEntry =
        step.type === 'release'
          ? {
              type: 'BonusReleased',
              stream: `wallet:${userId}`,
              userId,
              payload: { amount: step.amount, requiredPaise: wallet.requiredPaise, playedPaise: wallet.playedPaise },
              postings: [
                { account: Accounts.userBonus(userId), amount: -step.amount },
                { account: Accounts.userMain(userId), amount: step.amount },
              ],
            }
          : {
              type: 'BonusExpired',
              stream: `wallet:${userId}`,
              userId,
              payload: { amount: step.amount, requiredPaise: wallet.requiredPaise, playedPaise: wallet.playedPaise },
              postings: [
                { account: Accounts.userBonus(userId), amount: -step.amount },
                { account: Accounts.houseBonus, amount: step.amount },
              ],
            };
      await recordEntries(trx, [entry]);
    }
    await setBonusWagering(trx, userId, null);
    return step;
  }

  private async pendingReferrals(): Promise<PendingReferral[]> {
    const { rows } = await sql<PendingReferral>`
      SELECT r.referred_user_id, r.referrer_id, r.deposit_paise::text, r.bonus_paise::text, u.username AS referred_username,
             (SELECT coalesce(sum(b.amount - b.from_bonus), 0) FROM bets b
               WHERE b.user_id = r.referred_user_id AND b.status = 'COMPLETED' AND b.created_at >= r.since)::text AS staked,
             (u.status <> 'active' OR ru.status <> 'active') AS suspended
      FROM referrals r JOIN users u ON u.id = r.referred_user_id JOIN users ru ON ru.id = r.referrer_id
      WHERE r.status = 'pending'
      ORDER BY r.since
      LIMIT ${PLAY_THROUGH_BATCH}
    `.execute(this.db);
    return rows;
  }

  private async void(
    trx: Transaction<DB>,
    referredUserId: string,
    reason: 'withdrawn' | 'suspended',
  ): Promise<boolean> {
    const { numUpdatedRows } = await trx
      .updateTable('referrals')
      .set({ status: 'void', decided_at: sql<Date>`now()`, reason })
      .where('referred_user_id', '=', referredUserId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return numUpdatedRows > 0n;
  }

  /**
   * Grants a referral once: the referral turns `granted` (conditionally), the referrer's BONUS row is inserted (one per
   * referred player, unique) and posted from house:bonus, and the referrer's wagering requirement grows by the
   * multiplier times the bonus (what was left of an earlier one carries over), expiring `BONUS_EXPIRY_DAYS` from now.
   */
  private async grant(trx: Transaction<DB>, referral: PendingReferral, nowMs: number): Promise<boolean> {
    const decided = await trx
      .updateTable('referrals')
      .set({ status: 'granted', decided_at: sql<Date>`now()` })
      .where('referred_user_id', '=', referral.referred_user_id)
      .where('status', '=', 'pending')
      .returning(['deposit_transaction_id'])
      .executeTakeFirst();
    if (!decided) return false;
    const bonus = Number(referral.bonus_paise);
    if (bonus === 0) return true;
    const referrerId = referral.referrer_id;
    const wallet = (await lockWallets(trx, [referrerId])).get(referrerId);
    if (!wallet) throw new Error(`referrer ${referrerId} has no wallet`);
    const row = await trx
      .insertInto('transactions')
      .values({
        transaction_id: newTransactionId('BON', nowMs),
        user_id: referrerId,
        wallet_id: wallet.walletId,
        type: 'BONUS',
        method: 'BONUS',
        status: 'COMPLETED',
        amount: bonus,
        description: referralBonusDescription(referral.referred_username),
        ist_day: istDateKey(nowMs),
        referred_user_id: referral.referred_user_id,
      })
      .onConflict((oc) => oc.column('referred_user_id').where('referred_user_id', 'is not', null).doNothing())
      .returning(['id', 'transaction_id'])
      .executeTakeFirst();
    if (!row) return true; // paid before referrals waited on play
    // With a multiplier of 0 a bonus asks no play: it is paid to main.
    const asked = wageringFor(bonus, this.config.BONUS_WAGERING_MULTIPLIER);
    const to = asked > 0 ? Accounts.userBonus(referrerId) : Accounts.userMain(referrerId);
    const [current] = await readBonusWagering(trx, [referrerId]);
    await recordEntries(trx, [
      {
        type: 'ReferralBonusPaid',
        stream: `transaction:${row.id}`,
        userId: referrerId,
        payload: {
          transactionId: row.transaction_id,
          amount: bonus,
          referredUserId: referral.referred_user_id,
          depositId: decided.deposit_transaction_id,
          wageringPaise: asked,
        },
        postings: [
          { account: Accounts.houseBonus, amount: -bonus },
          { account: to, amount: bonus },
        ],
      },
    ]);
    if (asked > 0) {
      const left = current && current.requiredPaise > 0 ? wageringLeft(current) : 0;
      await setBonusWagering(trx, referrerId, {
        requiredPaise: left + asked,
        expiresAtMs: nowMs + this.config.BONUS_EXPIRY_DAYS * DAY_MS,
      });
    }
    return true;
  }
}
