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

const TITLES_HI: Record<AccountNoticeKind, string> = {
  'deposit-approved': 'जमा मंज़ूर',
  'deposit-rejected': 'जमा मंज़ूर नहीं हुआ',
  'withdrawal-paid': 'निकासी का भुगतान हुआ',
  'withdrawal-rejected': 'निकासी का भुगतान नहीं हुआ',
  'referral-bonus': 'रेफ़रल बोनस',
};

const BODIES_HI: Record<AccountNoticeKind, (amount: string) => string> = {
  'deposit-approved': (amount) => `${amount} आपके बैलेंस में जुड़ गए।`,
  'deposit-rejected': (amount) => `आपका ${amount} का जमा मंज़ूर नहीं हुआ।`,
  'withdrawal-paid': (amount) => `${amount} का भुगतान आपको कर दिया गया है।`,
  'withdrawal-rejected': (amount) => `${amount} आपके मुख्य बैलेंस में वापस आ गए।`,
  'referral-bonus': (amount) => `आपको ${amount} मिले।`,
};

/** The push of an account notice, in the player's language. */
export function pushOfNotice({ notice, amountPaise, language }: PlayerNotice): PushMessage {
  const hindi = language === 'hi-IN';
  const amount = formatPaise(amountPaise);
  const reason = notice.reason?.trim() ? ` ${hindi ? 'कारण' : 'Reason'}: ${notice.reason.trim()}` : '';
  return {
    title: (hindi ? TITLES_HI : TITLES)[notice.kind],
    body: `${(hindi ? BODIES_HI : BODIES)[notice.kind](amount)}${reason}`,
    tag: `${notice.kind}-${notice.transactionId}`,
    url: '/wallet',
  };
}
