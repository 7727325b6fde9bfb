import { Inject, Injectable, Logger } from '@nestjs/common';
import { Database } from '@app/db';
import type { WalletBalance } from '@app/ledger';
import { MailQueue } from '@app/mail';
import {
  EventsPublisher,
  noticeMessage,
  readPlayerNotices,
  toBalanceUpdate,
  userRoom,
  type SocketMessage,
} from '@app/realtime';
import { pushOfNotice } from '../push/push-notice.js';
import { PushSender } from '../push/push-sender.js';
import { WalletRepository } from './wallet.repository.js';

/**
 * Sends `balance-update` to players after the transaction that changed their wallet committed, and the account
 * `notice` of each committed journal entry a player hears about (a deposit approved or rejected, a withdrawal paid or
 * rejected, a referral bonus: `readPlayerNotices`), with the e-mail of a payout or a rejection; then clears the outbox
 * rows of its events. A failure to publish never fails the request (the money is committed): the rows stay in the
 * outbox, and the relay sends the balance, the notices and the e-mails from them (e-mails are queued once per
 * transaction and notice, notices reach a socket once: a repeat costs nothing).
 */
@Injectable()
export class BalanceNotifier {
  private readonly logger = new Logger('BalanceNotifier');

  constructor(
    @Inject(EventsPublisher) private readonly publisher: EventsPublisher,
    @Inject(WalletRepository) private readonly wallets: WalletRepository,
    @Inject(Database) private readonly db: Database,
    @Inject(MailQueue) private readonly mail: MailQueue,
    @Inject(PushSender) private readonly push: PushSender,
  ) {}

  /**
   * @param known balances as the committed transaction left them (from `recordEntries`)
   * @param outboxSeqs the committed transaction's events (`recordEntries`' seqs)
   * @param others players whose balance did not change in it but whose wallet did (read now)
   */
  async notify(known: Map<string, WalletBalance>, outboxSeqs: number[], others: string[] = []): Promise<void> {
    try {
      const balances = new Map(known);
      const missing = others.filter((id) => !balances.has(id));
      for (const row of await this.wallets.balances(missing))
        balances.set(row.user_id, { main: row.main, bonus: row.bonus });
      const messages: SocketMessage[] = [...balances].map(([userId, balance]) => ({
        room: userRoom(userId),
        event: 'balance-update',
        data: toBalanceUpdate(balance.main, balance.bonus),
      }));
      const notices = await readPlayerNotices(this.db, outboxSeqs);
      // Queued before the outbox rows go: should it fail, the relay queues the e-mails and sends the notices.
      await this.mail.sendAccountNotices(notices);
      messages.push(...notices.map(noticeMessage));
      await this.publisher.publish(messages, outboxSeqs);
      // Web push to the players' browsers that asked for it: after the socket, never waited for.
      for (const notice of notices) void this.push.send(notice.userId, pushOfNotice(notice));
    } catch (error) {
      this.logger.warn({
        msg: 'balance-update not published; left to the outbox relay',
        error: (error as Error).message,
        outboxSeqs,
      });
    }
  }
}
