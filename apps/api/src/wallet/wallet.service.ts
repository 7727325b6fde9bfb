import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Transaction, WalletSummary } from '@app/contracts';
import { AppConfig } from '@app/config';
import { isEligibleForWithdrawal, paiseToRupees, PAYMENT_MESSAGES, playThrough, wageringLeft } from '@app/domain';
import { toTransaction } from './transaction-view.js';
import { WalletRepository } from './wallet.repository.js';

export const WALLET_NOT_FOUND = PAYMENT_MESSAGES.walletNotFound;

@Injectable()
export class WalletService {
  constructor(
    @Inject(WalletRepository) private readonly wallets: WalletRepository,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  /**
   * `balance` is the main (withdrawable) balance; eligible = active, main ≥ ₹100, the deposits since the last
   * withdrawal played through and the identity verified. With what is left to play, and the bonus's wagering progress.
   */
  async summary(userId: string): Promise<WalletSummary> {
    const wallet = await this.wallets.findWallet(userId);
    if (!wallet) throw new NotFoundException(WALLET_NOT_FOUND);
    const [play, wagering, identityStatus] = await Promise.all([
      this.wallets.playSincePreviousWithdrawal(userId),
      this.wallets.bonusWagering(userId),
      this.wallets.identityStatus(userId),
    ]);
    const left = playThrough({ ...play, percent: this.config.WITHDRAWAL_TURNOVER_PERCENT }).leftPaise;
    return {
      balance: paiseToRupees(wallet.main),
      bonusBalance: paiseToRupees(wallet.bonus),
      isActive: wallet.is_active,
      isEligibleForWithdrawal: isEligibleForWithdrawal({
        isActive: wallet.is_active,
        mainPaise: wallet.main,
        playThroughLeftPaise: left,
        identityStatus,
      }),
      playThroughLeft: paiseToRupees(left),
      bonusWagering:
        wagering && wagering.requiredPaise > 0 && wagering.expiresAtMs !== null
          ? {
              left: paiseToRupees(wageringLeft(wagering)),
              required: paiseToRupees(wagering.requiredPaise),
              expiresAt: new Date(wagering.expiresAtMs).toISOString(),
            }
          : null,
      identityStatus,
    };
  }

  /** Every kind of transaction of the player (deposits, withdrawals, bonuses, refunds), newest first. */
  async transactions(userId: string): Promise<Transaction[]> {
    return (await this.wallets.listTransactions(userId)).map(toTransaction);
  }
}
