import type { PendingPaymentsNotifier } from '../pending-payments.notifier.js';

/** A PendingPaymentsNotifier that counts the changes it was told of (unit tests of services). */
export class RecordingPendingNotifier {
  changes = 0;

  async changed(): Promise<void> {
    this.changes += 1;
  }

  async counts(): Promise<{ deposits: number; withdrawals: number }> {
    return { deposits: 0, withdrawals: 0 };
  }

  asNotifier(): PendingPaymentsNotifier {
    return this as unknown as PendingPaymentsNotifier;
  }
}
