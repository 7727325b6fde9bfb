import { Module } from '@nestjs/common';
import { PendingPaymentsNotifier, PendingPaymentsRepository } from './pending-payments.notifier.js';

/** The pending counts pushed to administrators, shared by the payment requests and the admin's review. */
@Module({
  providers: [PendingPaymentsRepository, PendingPaymentsNotifier],
  exports: [PendingPaymentsNotifier],
})
export class PendingPaymentsModule {}
