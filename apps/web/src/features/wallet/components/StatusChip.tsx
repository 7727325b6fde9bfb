import type { TransactionStatus } from '@app/contracts';
import { i18n } from '../../../shared/i18n/i18n';

/** PENDING (gold), COMPLETED (green), FAILED (red); an unknown status is shown raw and neutral. */
export function StatusChip({ status }: { status: TransactionStatus | string }) {
  const known = status === 'PENDING' || status === 'COMPLETED' || status === 'FAILED';
  return (
    <span className={`status-chip status-chip--${known ? status.toLowerCase() : 'other'}`}>
      {known ? i18n.t(`wallet.status.${status}`) : status}
    </span>
  );
}
