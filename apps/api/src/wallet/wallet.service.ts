import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Transaction, WalletSummary } from '@app/contracts';
import { isEligibleForWithdrawal, paiseToRupees, PAYMENT_MESSAGES } from '@app/domain';
import { toTransaction } from './transaction-view.js';
import { WalletRepository } from './wallet.repository.js';

export const WALLET_NOT_FOUND = PAYMENT_MESSAGES.walletNotFound;

@Injectable()
export class WalletService {
  constructor(@Inject(WalletRepository) private readonly wallets: WalletRepository) {}

  /** `balance` is the main (withdrawable) balance; eligible = active and main ≥ ₹100. */
  async summary(userId: string): Promise<WalletSummary> {
    const wallet = await this.wallets.findWallet(userId);
    if (!wallet) throw new NotFoundException(WALLET_NOT_FOUND);
    return {
      balance: paiseToRupees(wallet.main),
      bonusBalance: paiseToRupees(wallet.bonus),
      isActive: wallet.is_active,
      isEligibleForWithdrawal: isEligibleForWithdrawal({ isActive: wallet.is_active, mainPaise: wallet.main }),
    };
  }

  /** Every kind of transaction of the player (deposits, withdrawals, bonuses, refunds), newest first. */
  async transactions(userId: string): Promise<Transaction[]> {
    return (await this.wallets.listTransactions(userId)).map(toTransaction);
  }
}
