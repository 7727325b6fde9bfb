import type { AccountNoticeKind } from '@app/contracts';
import { formatPaise } from '@app/domain';
import type { PlayerNotice } from '@app/realtime';
import type { PushMessage } from './push-sender.js';

/** The push of an account notice: a short title, the amount and, for a rejection, the reviewer's reason. */
const TITLES: Record<AccountNoticeKind, string> = {
  'deposit-approved': 'Deposit approved',
  'deposit-rejected': 'Deposit not approved',
  'withdrawal-paid': 'Withdrawal paid',
  'withdrawal-rejected': 'Withdrawal not paid',
  'referral-bonus': 'Referral bonus',
};

const BODIES: Record<AccountNoticeKind, (amount: string) => string> = {
  'deposit-approved': (amount) => `${amount} was added to your balance.`,
  'deposit-rejected': (amount) => `Your deposit of ${amount} was not approved.`,
  'withdrawal-paid': (amount) => `${amount} has been paid to you.`,
  'withdrawal-rejected': (amount) => `${amount} is back in your main balance.`,
  'referral-bonus': (amount) => `You earned ${amount}.`,
};

export function pushOfNotice({ notice, amountPaise }: PlayerNotice): PushMessage {
  const amount = formatPaise(amountPaise);
  const reason = notice.reason?.trim() ? ` Reason: ${notice.reason.trim()}` : '';
  return {
    title: TITLES[notice.kind],
    body: `${BODIES[notice.kind](amount)}${reason}`,
    tag: `${notice.kind}-${notice.transactionId}`,
    url: '/wallet',
  };
}
