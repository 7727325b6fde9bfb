import { Module } from '@nestjs/common';
import { WalletModule } from '../wallet/wallet.module.js';
import { AdminPaymentsController } from './admin-payments.controller.js';
import { AdminPaymentsRepository } from './admin-payments.repository.js';
import { AdminPaymentsService } from './admin-payments.service.js';
import { ReviewStore } from './admin-review.store.js';
import { PendingPaymentsModule } from './pending-payments.module.js';

/** Admin review of deposits and withdrawals (the dashboard and the admin profile live beside it). */
@Module({
  imports: [WalletModule, PendingPaymentsModule],
  controllers: [AdminPaymentsController],
  providers: [
    AdminPaymentsRepository,
    { provide: ReviewStore, useExisting: AdminPaymentsRepository },
    AdminPaymentsService,
  ],
})
export class AdminPaymentsModule {}
