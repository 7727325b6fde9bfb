import { ConflictException, ForbiddenException, type HttpException, Inject, Injectable, Logger } from '@nestjs/common';
import type { DepositResult, WithdrawResult } from '@app/contracts';
import {
  decideDepositClaim,
  decideWithdrawal,
  DEPOSIT_MESSAGES,
  normalizeUtr,
  PAYMENT_MESSAGES,
  PLAY_SAFELY_MESSAGES,
  SUCCESS_TEXTS,
  type DepositClaimRefusalCode,
  type WithdrawalRefusalCode,
} from '@app/domain';
import { PendingPaymentsNotifier } from '../admin/pending-payments.notifier.js';
import { BalanceNotifier } from '../wallet/balance-notifier.js';
import { refusalException } from '../wallet/refusal.js';
import type { DepositDto } from './dto/deposit.dto.js';
import type { WithdrawDto } from './dto/withdraw.dto.js';
import { DepositClaimConflict, PaymentStore } from './payment.store.js';

const DEPOSIT_REFUSALS: Record<DepositClaimRefusalCode, number> = {
  PLAYERS_ONLY: 403,
  SUSPENDED: 403,
  PLAY_BREAK: 403,
  INVALID_REQUEST: 400,
  DEPOSIT_METHOD: 400,
  NO_WALLET: 404,
  DEPOSIT_LIMIT: 403,
  DATE_OF_BIRTH: 403,
  IDENTITY: 403,
  UTR_ALREADY_CLAIMED: 409,
};
/** How many times a claim is decided again after losing its UTR to a parallel claim (once is enough unless the winner is rejected at once). */
const DEPOSIT_CLAIM_ATTEMPTS = 3;
const WITHDRAWAL_REFUSALS: Record<WithdrawalRefusalCode, number> = {
  PLAYERS_ONLY: 403,
  NO_WALLET: 404,
  NOT_ACTIVE: 403,
  SUSPENDED: 403,
  IDENTITY: 403,
  PLAY_THROUGH: 403,
  INVALID_REQUEST: 400,
};

/** Deposit claims and withdrawal requests: load the state, let the domain decide, store the events, publish. */
@Injectable()
export class PaymentService {
  private readonly logger = new Logger('PaymentService');

  constructor(
    @Inject(PaymentStore) private readonly store: PaymentStore,
    @Inject(BalanceNotifier) private readonly notifier: BalanceNotifier,
    @Inject(PendingPaymentsNotifier) private readonly pending: PendingPaymentsNotifier,
  ) {}

  /**
   * Records a PENDING deposit claimed by its UTR (decideDepositClaim). No money moves until an admin approves it.
   * A UTR has one holder among pending and approved claims (partial unique index): of parallel claims exactly one
   * is stored; each other one is decided again against the winner, and becomes a contest (recorded, then 409 with
   * what happens next) or, the player's own claim holding it, a plain 409. The database also keeps a player to 3
   * PENDING claims at once (insert trigger, serialised on the wallet): 409.
   */
  async deposit(userId: string, body: DepositDto): Promise<DepositResult> {
    const command = {
      userId,
      method: body.method,
      amount: body.amount,
      utrNumber: body.utrNumber,
      upiApp: body.upiApp,
      payer: body.payer,
    };
    const utrNumber = normalizeUtr(body.utrNumber);
    let outcome: { stored: DepositResult } | { contested: string } | { limited: HttpException };
    try {
      outcome = await this.store.transaction(async (tx) => {
        for (let attempt = 1; ; attempt += 1) {
          const [event] = decideDepositClaim(command, await tx.depositClaimState(userId, utrNumber));
          if (event!.type === 'DepositClaimRefused') {
            if (event!.data.code !== 'DEPOSIT_LIMIT') throw refusalException(DEPOSIT_REFUSALS, event!);
            // A refusal by the player's own limit is kept for the care signals (docs/care-signals.md), then answered.
            await tx.saveLimitHit({ userId, kind: 'deposit', message: event!.data.message });
            return { limited: refusalException(DEPOSIT_REFUSALS, event!) };
          }
          if (event!.type === 'DepositClaimContested') {
            const contest = event!.data;
            await tx.saveUtrContest(contest);
            this.logger.log({
              msg: 'deposit claim contested',
              userId,
              heldBy: contest.heldBy,
              heldStatus: contest.heldStatus,
              amount: contest.amount,
            });
            return { contested: contest.message };
          }
          const claim = event!.data;
          const saved = await tx.saveDepositClaim(claim);
          if (!saved) {
            if (attempt < DEPOSIT_CLAIM_ATTEMPTS) continue; // a parallel claim took the UTR: decide again against it
            throw new DepositClaimConflict('UTR_USED');
          }
          this.logger.log({
            msg: 'deposit requested',
            transactionId: saved.transactionId,
            userId,
            amount: claim.amount,
          });
          return {
            stored: {
              utrNumber: claim.utrNumber,
              isActive: claim.walletActive,
              isFirstDeposit: claim.isFirstDeposit,
              message: SUCCESS_TEXTS.depositSubmitted,
              transactionId: saved.transactionId,
            },
          };
        }
      });
    } catch (error) {
      if (error instanceof DepositClaimConflict) {
        if (error.reason === 'DEPOSIT_LIMIT') {
          await this.store.transaction((tx) =>
            tx.saveLimitHit({ userId, kind: 'deposit', message: PLAY_SAFELY_MESSAGES.depositLimit }),
          );
          throw new ForbiddenException(PLAY_SAFELY_MESSAGES.depositLimit);
        }
        throw error.reason === 'UTR_USED'
          ? new ConflictException({
              message: PAYMENT_MESSAGES.utrUsed,
              errors: { utrNumber: PAYMENT_MESSAGES.utrUsed },
            })
          : new ConflictException(DEPOSIT_MESSAGES.tooManyPending);
      }
      throw error;
    }
    // The contest is committed; the player is refused with what happens next.
    if ('limited' in outcome) throw outcome.limited;
    if ('contested' in outcome)
      throw new ConflictException({ message: outcome.contested, errors: { utrNumber: outcome.contested } });
    await this.pending.changed();
    return outcome.stored;
  }

  /**
   * Holds the amount for a withdrawal (main → clearing:withdrawals) and records it PENDING (decideWithdrawal). The
   * state is read with the player's wallet locked, so the balance and the IST day's total include every earlier
   * request; the CHECK (main >= 0) refuses an overdraft even if a check were wrong.
   */
  async withdraw(userId: string, body: WithdrawDto): Promise<WithdrawResult> {
    const saved = await this.store.transaction(async (tx) => {
      const [event] = decideWithdrawal(
        {
          userId,
          method: body.method,
          amount: body.amount,
          upiApp: body.upiApp,
          upiId: body.upiId,
          accountNumber: body.accountNumber,
          ifsc: body.ifsc,
          accountHolderName: body.accountHolderName,
        },
        await tx.withdrawalState(userId),
      );
      if (event!.type === 'WithdrawalRefused') throw refusalException(WITHDRAWAL_REFUSALS, event!);
      const stored = await tx.saveWithdrawal(event!.data);
      this.logger.log({
        msg: 'withdrawal requested',
        transactionId: stored.transactionId,
        userId,
        amount: event!.data.amount,
      });
      return { ...stored, isActive: event!.data.walletActive };
    });
    await this.notifier.notify(saved.balances, saved.seqs);
    await this.pending.changed();
    return { transactionId: saved.transactionId, isActive: saved.isActive, message: SUCCESS_TEXTS.withdrawalSubmitted };
  }
}
