import type { AccountNotice, AccountNoticeKind } from '@app/contracts';
import { formatPaise } from '@app/domain';
import { wirePaise } from '../../shared/money';
import { PATHS } from '../../shared/paths';
import type { ToastKind, ToastLink } from './toasts.slice';

/**
 * The player-facing words of account notices (a deposit approved or rejected, a withdrawal paid or rejected, a
 * referral bonus), kept together so they move into the message catalogues in one piece.
 */
export const NOTICE_TEXTS = {
  'deposit-approved': (amount: string) => `Your deposit of ${amount} was approved and added to your balance.`,
  'deposit-rejected': (amount: string) => `Your deposit of ${amount} was not approved.`,
  'withdrawal-paid': (amount: string) => `Your withdrawal of ${amount} has been paid.`,
  'withdrawal-rejected': (amount: string) =>
    `Your withdrawal of ${amount} was not paid. The amount is back in your main balance.`,
  'referral-bonus': (amount: string) => `You earned a referral bonus of ${amount}.`,
} as const satisfies Record<AccountNoticeKind, (amount: string) => string>;

export const NOTICE_REASON = (reason: string) => `Reason: ${reason}`;
export const NOTICE_LINKS = {
  transaction: 'View transaction',
  help: 'Get help',
} as const;

/** What a notice shows: a toast's kind, words and links. */
export interface NoticeToast {
  kind: ToastKind;
  message: string;
  links?: ToastLink[];
}

/**
 * The toast of an account notice: its words with the amount in the app's money format (the wire's rupees read as
 * paise, then `formatPaise`), and, for a rejection, the reviewer's reason and where to look (the wallet's
 * transactions, which show the transaction and what to do next) and where to ask (help).
 */
export function noticeToast(notice: AccountNotice): NoticeToast {
  const amount = formatPaise(wirePaise(notice.amount));
  const message = NOTICE_TEXTS[notice.kind](amount);
  if (notice.kind !== 'deposit-rejected' && notice.kind !== 'withdrawal-rejected') return { kind: 'success', message };
  const reason = notice.reason?.trim();
  return {
    kind: 'error',
    message: reason ? `${message} ${NOTICE_REASON(reason)}` : message,
    links: [
      { to: PATHS.wallet, label: NOTICE_LINKS.transaction },
      { to: PATHS.help, label: NOTICE_LINKS.help },
    ],
  };
}
