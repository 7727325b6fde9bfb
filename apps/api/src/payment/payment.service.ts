import { ConflictException, Inject, Injectable, Logger } from '@nestjs/common';
import type { DepositResult, WithdrawResult } from '@app/contracts';
import {
  decideDepositClaim,
  decideWithdrawal,
  DEPOSIT_MESSAGES,
  PAYMENT_MESSAGES,
  SUCCESS_TEXTS,
  type DepositClaimRefusalCode,
  type WithdrawalRefusalCode,
} from '@app/domain';
import { BalanceNotifier } from '../wallet/balance-notifier.js';
import { refusalException } from '../wallet/refusal.js';
import type { DepositDto } from './dto/deposit.dto.js';
import type { WithdrawDto } from './dto/withdraw.dto.js';
import { DepositClaimConflict, PaymentStore } from './payment.store.js';

const DEPOSIT_REFUSALS: Record<DepositClaimRefusalCode, number> = { PLAYERS_ONLY: 403, INVALID_REQUEST: 400, DEPOSIT_METHOD: 400, NO_WALLET: 404 };
const WITHDRAWAL_REFUSALS: Record<WithdrawalRefusalCode, number> = { PLAYERS_ONLY: 403, NO_WALLET: 404, NOT_ACTIVE: 403, INVALID_REQUEST: 400 };

/** Deposit claims and withdrawal requests: load the state, let the domain decide, store the events, publish. */
@Injectable()
export class PaymentService {
  private readonly logger = new Logger('PaymentService');

  constructor(
    @Inject(PaymentStore) private readonly store: PaymentStore,
    @Inject(BalanceNotifier) private readonly notifier: BalanceNotifier,
  ) {}

  /**
   * Records a PENDING deposit claimed by its UTR (decideDepositClaim). No money moves until an admin approves it.
   * The UTR's UNIQUE constraint decides between parallel claims: exactly one insert commits, the others get 409.
   * The database also keeps a player to 3 PENDING claims at once (insert trigger, serialised on the wallet): 409.
   */
  async deposit(userId: string, body: DepositDto): Promise<DepositResult> {
    try {
      return await this.store.transaction(async (tx) => {
        const [event] = decideDepositClaim({ userId, method: body.method, amount: body.amount, utrNumber: body.utrNumber, upiApp: body.upiApp }, await tx.depositClaimState(userId));
        if (event!.type === 'DepositClaimRefused') throw refusalException(DEPOSIT_REFUSALS, event!);
        const claim = event!.data;
        const { transactionId } = await tx.saveDepositClaim(claim);
        this.logger.log({ msg: 'deposit requested', transactionId, userId, amount: claim.amount });
        return {
          utrNumber: claim.utrNumber,
          isActive: claim.walletActive,
          isFirstDeposit: claim.isFirstDeposit,
          message: SUCCESS_TEXTS.depositSubmitted,
          transactionId,
        };
      });
    } catch (error) {
      if (error instanceof DepositClaimConflict) {
        throw error.reason === 'UTR_USED'
          ? new ConflictException({ message: PAYMENT_MESSAGES.utrUsed, errors: { utrNumber: PAYMENT_MESSAGES.utrUsed } })
          : new ConflictException(DEPOSIT_MESSAGES.tooManyPending);
      }
      throw error;
    }
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
      this.logger.log({ msg: 'withdrawal requested', transactionId: stored.transactionId, userId, amount: event!.data.amount });
      return { ...stored, isActive: event!.data.walletActive };
    });
    await this.notifier.notify(saved.balances, saved.seqs);
    return { transactionId: saved.transactionId, isActive: saved.isActive, message: SUCCESS_TEXTS.withdrawalSubmitted };
  }
}
