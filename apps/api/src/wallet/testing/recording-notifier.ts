import type { WalletBalance } from '@app/ledger';
import type { BalanceNotifier } from '../balance-notifier.js';

/** A BalanceNotifier that records what it was asked to publish (unit tests of services). */
export class RecordingNotifier {
  readonly published: { balances: Map<string, WalletBalance>; seqs: number[]; others: string[] }[] = [];

  async notify(balances: Map<string, WalletBalance>, seqs: number[], others: string[] = []): Promise<void> {
    this.published.push({ balances: new Map(balances), seqs: [...seqs], others: [...others] });
  }

  asNotifier(): BalanceNotifier {
    return this as unknown as BalanceNotifier;
  }
}
