import type { TransactionStatus } from '@app/contracts';

/** PENDING (gold), COMPLETED (green), FAILED (red); an unknown status is shown raw and neutral. */
export function StatusChip({ status }: { status: TransactionStatus | string }) {
  const known = status === 'PENDING' || status === 'COMPLETED' || status === 'FAILED';
  return <span className={`status-chip status-chip--${known ? status.toLowerCase() : 'other'}`}>{status}</span>;
}
