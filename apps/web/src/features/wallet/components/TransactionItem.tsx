import { upiAppName } from '@app/domain';
import { formatPaise } from '../../../shared/money';
import type { PlayerTransaction } from '../../../shared/records';
import { formatDateTime, formatSignedPaise, transactionMethodLabel, transactionTypeLabel } from '../format';
import { StatusChip } from './StatusChip';
import { DisputeButton } from '../../disputes/components/DisputeForm';
import { useT } from '../../../shared/i18n/i18n';
import { translateServerMessage } from '../../../shared/i18n/server-messages';

/** One transaction: type and method, signed amount, status, date and its payment details. */
export function TransactionItem({ transaction: t }: { transaction: PlayerTransaction }) {
  const { t: tr } = useT();
  const meta = t.metadata ?? {};
  const bank = meta.bankDetails;
  // A credit counts (green, '+') only once it is COMPLETED: a pending or failed deposit has not been credited.
  const paise = t.amountPaise;
  const credited = paise > 0 && t.status === 'COMPLETED';
  const direction = credited ? 'in' : paise < 0 ? 'out' : paise > 0 ? 'uncredited' : 'zero';
  const amountText = credited || paise <= 0 ? formatSignedPaise(paise) : formatPaise(paise);
  const typeLabel = transactionTypeLabel(t.type);
  const method = transactionMethodLabel(t.method);
  // 'Bonus' · 'Bonus' says one thing twice: the method shows only when it adds something.
  const showMethod = method.toLowerCase() !== typeLabel.toLowerCase();
  // A reviewed deposit or withdrawal: the reviewer's reason of a rejection, or the reference of a payout.
  const reviewed = t.type === 'DEPOSIT' || t.type === 'WITHDRAWAL';
  const rejected = reviewed && t.status === 'FAILED';
  const notesLabel = rejected
    ? tr('wallet.review.reason')
    : t.type === 'WITHDRAWAL' && t.status === 'COMPLETED'
      ? tr('wallet.review.payoutReference')
      : tr('wallet.review.note');
  const help = rejected
    ? t.type === 'DEPOSIT'
      ? tr('wallet.review.failedDepositHelp')
      : tr('wallet.review.failedWithdrawalHelp')
    : null;
  return (
    <li
      className="txn"
      aria-label={`${typeLabel} ${amountText} ${tr(`wallet.status.${t.status}`, { defaultValue: t.status })}`}
    >
      <div className="txn__row">
        <div className="txn__title">
          <span className="txn__type">{typeLabel}</span>
          {showMethod && <span className="txn__method">{method}</span>}
        </div>
        <span className={`txn__amount txn__amount--${direction}`}>{amountText}</span>
      </div>
      <div className="txn__row">
        <time className="txn__date" dateTime={t.createdAt}>
          {formatDateTime(t.createdAt)}
        </time>
        <StatusChip status={t.status} />
      </div>
      {t.description && <p className="txn__description">{translateServerMessage(t.description)}</p>}
      {help && <p className="txn__help">{help}</p>}
      {t._id && <DisputeButton subject={{ type: 'transaction', id: t._id, label: t.transactionId }} />}
      <dl className="txn__details">
        {meta.utrNumber && (
          <div>
            <dt>{tr('wallet.utr')}</dt>
            <dd className="pay-mono">{meta.utrNumber}</dd>
          </div>
        )}
        {meta.upiApp && (
          <div>
            <dt>{tr('wallet.upiApp')}</dt>
            <dd>{upiAppName(meta.upiApp)}</dd>
          </div>
        )}
        {meta.upiId && (
          <div>
            <dt>{tr('wallet.upiId')}</dt>
            <dd className="pay-mono">{meta.upiId}</dd>
          </div>
        )}
        {bank && (
          <div>
            <dt>{tr('wallet.bank')}</dt>
            <dd>
              <span className="pay-mono">{bank.accountNumber}</span> · <span className="pay-mono">{bank.ifscCode}</span>{' '}
              · {bank.accountHolderName}
            </dd>
          </div>
        )}
        {meta.adminNotes && (
          <div>
            <dt>{notesLabel}</dt>
            <dd className={notesLabel === tr('wallet.review.payoutReference') ? 'pay-mono' : undefined}>
              {meta.adminNotes}
            </dd>
          </div>
        )}
        <div>
          <dt>{tr('wallet.txnId')}</dt>
          <dd className="pay-mono">{t.transactionId}</dd>
        </div>
      </dl>
    </li>
  );
}
