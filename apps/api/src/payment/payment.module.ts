import { Module } from '@nestjs/common';
import { WalletModule } from '../wallet/wallet.module.js';
import { PaymentController } from './payment.controller.js';
import { PaymentRepository } from './payment.repository.js';
import { PaymentService } from './payment.service.js';
import { PaymentStore } from './payment.store.js';

/** Deposit and withdrawal requests. */
@Module({
  imports: [WalletModule],
  controllers: [PaymentController],
  providers: [PaymentRepository, { provide: PaymentStore, useExisting: PaymentRepository }, PaymentService],
  exports: [PaymentService],
})
export class PaymentModule {}
