import type { AccountNoticeKind, PlayerLanguage } from '@app/contracts';
import { formatPaise } from '@app/domain';
import type { MailMessage } from './otp-mail.js';

/** The account notices that are e-mailed too: a payout, and a rejection (with the reviewer's reason). */
export const MAILED_NOTICES = [
  'withdrawal-paid',
  'deposit-rejected',
  'withdrawal-rejected',
] as const satisfies readonly AccountNoticeKind[];
export type MailedNotice = (typeof MAILED_NOTICES)[number];

export const isMailedNotice = (kind: AccountNoticeKind): kind is MailedNotice =>
  (MAILED_NOTICES as readonly string[]).includes(kind);

/** A job on the mail queue: tell a player a withdrawal was paid, or a deposit or withdrawal rejected (transactional). */
export interface PaymentNoticeMailJob {
  kind: 'payment-notice';
  notice: MailedNotice;
  to: string;
  username: string;
  /** The public id the wallet's list shows (DEP…, WDR…). */
  transactionId: string;
  amountPaise: number;
  /** The reviewer's reason, on a rejection. */
  reason: string | null;
  /** The bank or UPI reference of the transfer, on a payout when the reviewer gave one. */
  reference: string | null;
  /** The player's language (users.language); absent on jobs queued before it existed: English. */
  language?: PlayerLanguage;
}

/**
 * The job id of a payment mail: one per transaction and notice, so a notice published twice (the writer and the
 * outbox relay) queues one e-mail. BullMQ ids may not hold ':'.
 */
export const paymentNoticeJobId = (job: Pick<PaymentNoticeMailJob, 'notice' | 'transactionId'>) =>
  `payment-${job.notice}-${job.transactionId}`;

const WHERE = 'You can see it in the app under Wallet → Transactions.';

/** The plain-text e-mail of a payout or a rejection, in the player's language. */
export function renderPaymentNoticeMail(job: PaymentNoticeMailJob): MailMessage {
  return job.language === 'hi-IN' ? renderHindi(job) : renderEnglish(job);
}

const WHERE_HI = 'आप इसे ऐप में वॉलेट → लेन-देन में देख सकते हैं।';

/** The Hindi e-mail: the same facts as the English one, written for the player. */
function renderHindi(job: PaymentNoticeMailJob): MailMessage {
  const amount = formatPaise(job.amountPaise);
  const reason = job.reason?.trim() ? [`कारण: ${job.reason.trim()}`, ''] : [];
  let subject: string;
  let body: string[];
  switch (job.notice) {
    case 'withdrawal-paid':
      subject = `आपकी ${amount} की निकासी का भुगतान हो गया है`;
      body = [
        `आपकी निकासी ${job.transactionId} (${amount}) आपके दिए UPI ID या बैंक खाते में भेज दी गई है।`,
        ...(job.reference?.trim() ? [`भुगतान संदर्भ: ${job.reference.trim()}`] : []),
        '',
        WHERE_HI,
        `अगर 24 घंटे में पैसे आपके खाते में नहीं पहुंचे, तो ऐप से सपोर्ट से संपर्क करें और ${job.transactionId} बताएं।`,
      ];
      break;
    case 'deposit-rejected':
      subject = `आपका ${amount} का जमा मंज़ूर नहीं हुआ`;
      body = [
        `हम आपका जमा ${job.transactionId} (${amount}) मंज़ूर नहीं कर सके।`,
        '',
        ...reason,
        `अगर आपने भुगतान किया है, तो भुगतान करने वाले की जानकारी के साथ UTR फिर से भेजें, या ऐप से सपोर्ट से संपर्क करें और ${job.transactionId} बताएं।`,
        WHERE_HI,
      ];
      break;
    case 'withdrawal-rejected':
      subject = `आपकी ${amount} की निकासी का भुगतान नहीं हुआ`;
      body = [
        `हम आपकी निकासी ${job.transactionId} (${amount}) का भुगतान नहीं कर सके। रकम आपके मुख्य बैलेंस में वापस आ गई है।`,
        '',
        ...reason,
        `अपनी भुगतान जानकारी जांचकर फिर से अनुरोध करें, या ऐप से सपोर्ट से संपर्क करें और ${job.transactionId} बताएं।`,
        WHERE_HI,
      ];
      break;
  }
  const text = [`नमस्ते ${job.username},`, '', ...body, '', '— WinRound टीम'].join('\n');
  return { to: job.to, subject, text };
}

function renderEnglish(job: PaymentNoticeMailJob): MailMessage {
  const amount = formatPaise(job.amountPaise);
  const reason = job.reason?.trim() ? [`Reason: ${job.reason.trim()}`, ''] : [];
  let subject: string;
  let body: string[];
  switch (job.notice) {
    case 'withdrawal-paid':
      subject = `Your withdrawal of ${amount} has been paid`;
      body = [
        `Your withdrawal ${job.transactionId} of ${amount} has been paid out to the UPI ID or bank account you gave.`,
        ...(job.reference?.trim() ? [`Payout reference: ${job.reference.trim()}`] : []),
        '',
        WHERE,
        `If the money has not reached your account within 24 hours, contact support through the app and quote ${job.transactionId}.`,
      ];
      break;
    case 'deposit-rejected':
      subject = `Your deposit of ${amount} was not approved`;
      body = [
        `We could not approve your deposit ${job.transactionId} of ${amount}.`,
        '',
        ...reason,
        "If you paid, submit the UTR again with the payer's details, or contact support through the app and quote " +
          `${job.transactionId}.`,
        WHERE,
      ];
      break;
    case 'withdrawal-rejected':
      subject = `Your withdrawal of ${amount} was not paid`;
      body = [
        `We could not pay your withdrawal ${job.transactionId} of ${amount}. The amount is back in your main balance.`,
        '',
        ...reason,
        `Check your payout details and request again, or contact support through the app and quote ${job.transactionId}.`,
        WHERE,
      ];
      break;
  }
  const text = [`Hi ${job.username},`, '', ...body, '', '— The WinRound team'].join('\n');
  return { to: job.to, subject, text };
}
