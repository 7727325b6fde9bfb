import type { AccountNotice } from '@app/contracts';
import { formatPaise } from '@app/domain';
import { wirePaise } from '../../shared/money';
import { PATHS } from '../../shared/paths';
import type { ToastKind, ToastLink } from './toasts.slice';
import { i18n } from '../../shared/i18n/i18n';

export { NOTICE_LINKS, NOTICE_REASON, NOTICE_TEXTS } from './notice-words';

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
  const message = i18n.t(`notices.${notice.kind}`, { amount });
  if (notice.kind !== 'deposit-rejected' && notice.kind !== 'withdrawal-rejected') return { kind: 'success', message };
  const reason = notice.reason?.trim();
  return {
    kind: 'error',
    message: reason ? `${message} ${i18n.t('notices.reason', { reason })}` : message,
    links: [
      { to: PATHS.wallet, label: i18n.t('notices.transaction') },
      { to: PATHS.help, label: i18n.t('notices.help') },
    ],
  };
}
