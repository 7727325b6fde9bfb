import { BadRequestException, ConflictException, ForbiddenException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import type { DepositResult, WithdrawResult } from '@app/contracts';
import { DEPOSIT_MESSAGES, requestAmount, SUCCESS_TEXTS, validateDeposit, validateWithdraw, WALLET_MESSAGES, type FormResult } from '@app/domain';
import { Accounts, lockWallets, recordEntries, type RecordResult } from '@app/ledger';
import { BalanceNotifier } from '../wallet/balance-notifier.js';
import { isCheckViolation, isUniqueViolation } from '../wallet/pg-error.js';
import { maskAccountNumber } from '../wallet/transaction-view.js';
import { newTransactionId } from '../wallet/transaction-id.js';
import { WALLET_NOT_FOUND } from '../wallet/wallet.service.js';
import type { DepositDto } from './dto/deposit.dto.js';
import type { WithdrawDto } from './dto/withdraw.dto.js';
import { PAYMENT_MESSAGES } from './payment-messages.js';
import { PaymentRepository } from './payment.repository.js';

function refuse<F extends string>(result: FormResult<F, unknown> & { ok: false }): never {
  throw new BadRequestException({ message: result.error, errors: result.errors });
}

@Injectable()
export class PaymentService {
  private readonly logger = new Logger('PaymentService');

  constructor(
    @Inject(PaymentRepository) private readonly payments: PaymentRepository,
    @Inject(BalanceNotifier) private readonly notifier: BalanceNotifier,
  ) {}

  /**
   * Records a PENDING deposit claimed by its UTR. No money moves until an admin approves it. The UTR's UNIQUE
   * constraint decides between parallel claims: exactly one insert commits, the others get 409. The database also
   * keeps a player to 3 PENDING claims at once (insert trigger, serialised on the player's wallet row): 409.
   */
  async deposit(userId: string, body: DepositDto): Promise<DepositResult> {
    await this.assertPlayer(userId);
    const checked = validateDeposit({ amount: requestAmount(body.amount), utrNumber: body.utrNumber, upiApp: body.upiApp });
    if (!checked.ok) refuse(checked);
    if (body.method !== 'UPI') throw new BadRequestException({ message: PAYMENT_MESSAGES.depositMethod, errors: { method: PAYMENT_MESSAGES.depositMethod } });
    const deposit = checked.value;

    try {
      return await this.payments.db.transaction().execute(async (trx) => {
        const wallet = await trx.selectFrom('wallets').select(['id', 'is_active']).where('user_id', '=', userId).executeTakeFirst();
        if (!wallet) throw new NotFoundException(WALLET_NOT_FOUND);
        const approvedBefore = await this.payments.hasApprovedDeposit(trx, userId);
        const row = await this.payments.insertTransaction(trx, {
          transaction_id: newTransactionId('DEP'),
          user_id: userId,
          wallet_id: wallet.id,
          type: 'DEPOSIT',
          method: 'UPI',
          status: 'PENDING',
          amount: deposit.amountPaise,
          description: 'UPI deposit',
          utr_number: deposit.utrNumber,
          upi_app: deposit.upiApp ?? null,
          ist_day: await this.payments.istToday(trx),
        });
        // A pending deposit posts nothing: the event records the claim only.
        await recordEntries(trx, [
          {
            type: 'DepositRequested',
            stream: `transaction:${row.id}`,
            userId,
            payload: { transactionId: row.transaction_id, amount: row.amount, utrNumber: row.utr_number },
            postings: [],
            outbox: false,
          },
        ]);
        this.logger.log({ msg: 'deposit requested', transactionId: row.transaction_id, userId, amount: row.amount });
        return {
          utrNumber: deposit.utrNumber,
          isActive: wallet.is_active,
          isFirstDeposit: !approvedBefore,
          message: SUCCESS_TEXTS.depositSubmitted,
          transactionId: row.transaction_id,
        };
      });
    } catch (error) {
      if (isUniqueViolation(error, 'transactions_utr_number_key')) {
        throw new ConflictException({ message: PAYMENT_MESSAGES.utrUsed, errors: { utrNumber: PAYMENT_MESSAGES.utrUsed } });
      }
      // The database's count of the player's PENDING claims, taken under a lock on their wallet (migration 0006).
      if (isCheckViolation(error, 'transactions_pending_deposits_limit')) throw new ConflictException(DEPOSIT_MESSAGES.tooManyPending);
      throw error;
    }
  }

  /**
   * Holds the amount for a withdrawal (main → clearing:withdrawals) and records it PENDING. The player's wallet
   * row is locked first, so the balance and the IST day's total are checked against every earlier request; the
   * CHECK (main >= 0) refuses an overdraft even if a check were wrong.
   */
  async withdraw(userId: string, body: WithdrawDto): Promise<WithdrawResult> {
    await this.assertPlayer(userId);
    let recorded: RecordResult | undefined;
    const result = await this.payments.db.transaction().execute(async (trx) => {
      const wallet = (await lockWallets(trx, [userId])).get(userId);
      if (!wallet) throw new NotFoundException(WALLET_NOT_FOUND);
      if (!wallet.isActive) throw new ForbiddenException(PAYMENT_MESSAGES.walletNotActive);
      const istDay = await this.payments.istToday(trx);
      const withdrawnToday = await this.payments.withdrawnOn(trx, userId, istDay);
      const checked = validateWithdraw(
        {
          method: body.method,
          amount: requestAmount(body.amount),
          upiApp: body.upiApp,
          upiId: body.upiId,
          accountNumber: body.accountNumber,
          ifsc: body.ifsc,
          accountHolderName: body.accountHolderName,
        },
        { balancePaise: wallet.main, withdrawnTodayPaise: withdrawnToday },
      );
      if (!checked.ok) refuse(checked);
      const request = checked.value;
      const row = await this.payments.insertTransaction(trx, {
        transaction_id: newTransactionId('WDR'),
        user_id: userId,
        wallet_id: wallet.walletId,
        type: 'WITHDRAWAL',
        method: request.method,
        status: 'PENDING',
        amount: request.amountPaise,
        ist_day: istDay,
        ...(request.method === 'UPI'
          ? { description: `Withdrawal to UPI ${request.upiId}`, upi_app: request.upiApp, upi_id: request.upiId }
          : {
              description: `Withdrawal to bank account ${maskAccountNumber(request.accountNumber)}`,
              bank_account_number: request.accountNumber,
              bank_ifsc: request.ifsc,
              bank_holder_name: request.accountHolderName,
            }),
      });
      recorded = await recordEntries(trx, [
        {
          type: 'WithdrawalRequested',
          stream: `transaction:${row.id}`,
          userId,
          payload: { transactionId: row.transaction_id, amount: row.amount, method: row.method },
          // The hold: the amount leaves the withdrawable balance at once, so it can never be withdrawn twice.
          postings: [
            { account: Accounts.userMain(userId), amount: -row.amount },
            { account: Accounts.clearingWithdrawals, amount: row.amount },
          ],
        },
      ]);
      this.logger.log({ msg: 'withdrawal requested', transactionId: row.transaction_id, userId, amount: row.amount });
      return { transactionId: row.transaction_id, isActive: wallet.isActive, message: SUCCESS_TEXTS.withdrawalSubmitted };
    });
    if (recorded) await this.notifier.notify(recorded.balances, recorded.seqs);
    return result;
  }

  /**
   * Money is a player's business: an administrator holds no wallet and may not deposit or withdraw (whatever the
   * body says). The role is read from the database, so a token issued before a role change does not matter.
   */
  private async assertPlayer(userId: string): Promise<void> {
    if ((await this.payments.role(this.payments.db, userId)) !== 'user') throw new ForbiddenException(WALLET_MESSAGES.playersOnly);
  }
}
