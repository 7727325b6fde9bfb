import { Inject, Injectable, Logger } from '@nestjs/common';
import type { WalletBalance } from '@app/ledger';
import { EventsPublisher, toBalanceUpdate, userRoom, type SocketMessage } from '@app/realtime';
import { WalletRepository } from './wallet.repository.js';

/**
 * Sends `balance-update` to players after the transaction that changed their wallet committed, and clears the
 * outbox rows of its events. A failure to publish never fails the request (the money is committed): the rows
 * stay in the outbox for the relay, and the client reloads its wallet on the next screen anyway.
 */
@Injectable()
export class BalanceNotifier {
  private readonly logger = new Logger('BalanceNotifier');

  constructor(
    @Inject(EventsPublisher) private readonly publisher: EventsPublisher,
    @Inject(WalletRepository) private readonly wallets: WalletRepository,
  ) {}

  /**
   * @param known balances as the committed transaction left them (from `recordEntries`)
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
      await this.publisher.publish(messages, outboxSeqs);
    } catch (error) {
      this.logger.warn({
        msg: 'balance-update not published; left to the outbox relay',
        error: (error as Error).message,
        outboxSeqs,
      });
    }
  }
}
