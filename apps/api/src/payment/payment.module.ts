import { Module } from '@nestjs/common';
import { PendingPaymentsModule } from '../admin/pending-payments.module.js';
import { WalletModule } from '../wallet/wallet.module.js';
import { PaymentController } from './payment.controller.js';
import { PaymentRepository } from './payment.repository.js';
import { PaymentService } from './payment.service.js';
import { PaymentStore } from './payment.store.js';

/** Deposit and withdrawal requests. */
@Module({
  imports: [WalletModule, PendingPaymentsModule],
  controllers: [PaymentController],
  providers: [PaymentRepository, { provide: PaymentStore, useExisting: PaymentRepository }, PaymentService],
  exports: [PaymentService],
})
export class PaymentModule {}
