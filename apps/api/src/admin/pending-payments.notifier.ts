import { Inject, Injectable, Logger } from '@nestjs/common';
import type { PendingPaymentCounts } from '@app/contracts';
import { Database } from '@app/db';
import { ADMIN_ROOM, EventsPublisher } from '@app/realtime';

/** The socket event that carries the pending counts to the signed-in administrators. */
export const PENDING_PAYMENTS_EVENT = 'pending-payments';

/** SQL of the pending counts. */
@Injectable()
export class PendingPaymentsRepository {
  constructor(@Inject(Database) private readonly db: Database) {}

  /** How many deposits and withdrawals wait for a review (transactions_review_idx (type, status, created_at)). */
  async counts(): Promise<PendingPaymentCounts> {
    const rows = await this.db
      .selectFrom('transactions')
      .select(['type', (eb) => eb.fn.countAll<string>().as('n')])
      .where('status', '=', 'PENDING')
      .where('type', 'in', ['DEPOSIT', 'WITHDRAWAL'])
      .groupBy('type')
      .execute();
    const of = (type: string) => Number(rows.find((r) => r.type === type)?.n ?? 0);
    return { deposits: of('DEPOSIT'), withdrawals: of('WITHDRAWAL') };
  }
}

/**
 * Tells the signed-in administrators (the `admins` room, on every api node through the events stream) how many
 * deposits and withdrawals wait for a review, after a claim was stored or reviewed: the console's Payment tab badge.
 * The counts are read after the change committed, so the last push of several is the latest state. A failure never
 * fails the request (the money is committed); the console also asks for the counts every 30 s while its socket is down.
 */
@Injectable()
export class PendingPaymentsNotifier {
  private readonly logger = new Logger('PendingPayments');

  constructor(
    @Inject(PendingPaymentsRepository) private readonly repo: PendingPaymentsRepository,
    @Inject(EventsPublisher) private readonly publisher: EventsPublisher,
  ) {}

  counts(): Promise<PendingPaymentCounts> {
    return this.repo.counts();
  }

  async changed(): Promise<void> {
    try {
      const counts = await this.repo.counts();
      await this.publisher.publish([{ room: ADMIN_ROOM, event: PENDING_PAYMENTS_EVENT, data: counts }]);
    } catch (error) {
      this.logger.warn({ msg: 'pending counts not pushed', error: (error as Error).message });
    }
  }
}
