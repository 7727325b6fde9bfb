import { DISPUTE_TEXT_MAX, disputeDaysLeft } from '@app/domain';
import { i18n } from '../../shared/i18n/i18n';

/**
 * The dispute screens' words in the player's language, shaped as DISPUTES_TEXTS (whose English is the catalogue's
 * source). A component reading them calls useT() so that it follows a switch of language.
 */
export const disputeWords = {
  get title() {
    return i18n.t('disputes.title');
  },
  get open() {
    return i18n.t('disputes.open');
  },
  get formTitle() {
    return i18n.t('disputes.formTitle');
  },
  aboutBet: (periodId: string) => i18n.t('disputes.aboutBet', { id: periodId }),
  aboutTransaction: (transactionId: string) => i18n.t('disputes.aboutTransaction', { id: transactionId }),
  get label() {
    return i18n.t('disputes.label');
  },
  counter: (length: number) => i18n.t('disputes.counter', { length, max: DISPUTE_TEXT_MAX }),
  get submit() {
    return i18n.t('disputes.submit');
  },
  get cancel() {
    return i18n.t('disputes.cancel');
  },
  get sla() {
    return i18n.t('disputes.sla');
  },
  get empty() {
    return i18n.t('disputes.empty');
  },
  get close() {
    return i18n.t('disputes.close');
  },
  get yourText() {
    return i18n.t('disputes.yourText');
  },
  get answer() {
    return i18n.t('disputes.answer');
  },
  get waiting() {
    return i18n.t('disputes.waiting');
  },
  get loading() {
    return i18n.t('disputes.loading');
  },
  bet: (periodId: string) => i18n.t('disputes.bet', { id: periodId }),
  transaction: (transactionId: string) => i18n.t('disputes.transaction', { id: transactionId }),
  /** The domain's disputeDueLabel in the player's language: '3 days left', 'Due today', 'Overdue by 2 days'. */
  dueLabel: (dueAtMs: number, nowMs: number) => {
    const days = disputeDaysLeft(dueAtMs, nowMs);
    if (days > 0) return i18n.t('disputes.daysLeft', { count: days });
    if (days === 0 && dueAtMs >= nowMs) return i18n.t('disputes.dueToday');
    return i18n.t('disputes.overdue', { count: Math.max(1, -days) });
  },
  status: (status: string) => i18n.t(`disputes.status.${status}`, { defaultValue: status }),
};
