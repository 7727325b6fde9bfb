import { useId } from 'react';
import type { PaymentsFilter, StatusFilter } from '../admin.slice';

const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'PENDING', label: 'Pending' },
  { value: 'COMPLETED', label: 'Completed' },
  { value: 'FAILED', label: 'Failed' },
  { value: 'ALL', label: 'All' },
];

interface PaymentFiltersProps {
  filter: PaymentsFilter;
  onChange: (patch: Partial<PaymentsFilter>) => void;
  onRefresh: () => void;
  loading: boolean;
}

/** Date range (from inclusive, to inclusive to the end of the day, IST) and status, above each table. */
export function PaymentFilters({ filter, onChange, onRefresh, loading }: PaymentFiltersProps) {
  const id = useId();
  return (
    <div className="admin-filters">
      <label className="admin-filter" htmlFor={`${id}-from`}>
        <span>From</span>
        <input
          id={`${id}-from`}
          className="admin-input"
          type="date"
          value={filter.from}
          max={filter.to || undefined}
          onChange={(e) => onChange({ from: e.target.value })}
        />
      </label>
      <label className="admin-filter" htmlFor={`${id}-to`}>
        <span>To</span>
        <input
          id={`${id}-to`}
          className="admin-input"
          type="date"
          value={filter.to}
          min={filter.from || undefined}
          onChange={(e) => onChange({ to: e.target.value })}
        />
      </label>
      <label className="admin-filter" htmlFor={`${id}-status`}>
        <span>Status</span>
        <select
          id={`${id}-status`}
          className="admin-input"
          value={filter.status}
          onChange={(e) => onChange({ status: e.target.value as StatusFilter })}
        >
          {STATUS_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="btn btn--ghost admin-filters__refresh" onClick={onRefresh} disabled={loading}>
        Refresh
      </button>
    </div>
  );
}
