import { Module } from '@nestjs/common';
import { MailQueueModule } from '@app/mail';
import { PushModule } from '../push/push.module.js';
import { BalanceNotifier } from './balance-notifier.js';
import { WalletController } from './wallet.controller.js';
import { WalletRepository } from './wallet.repository.js';
import { WalletService } from './wallet.service.js';

/** The wallet screen's calls, and the live balance and notice notifier the payment flows share. */
@Module({
  imports: [MailQueueModule, PushModule],
  controllers: [WalletController],
  providers: [WalletRepository, WalletService, BalanceNotifier],
  exports: [WalletRepository, BalanceNotifier],
})
export class WalletModule {}
