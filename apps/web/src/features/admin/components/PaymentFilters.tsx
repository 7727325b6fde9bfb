import { PAYMENT_SEARCH_MAX_LENGTH } from '@app/domain';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { PaymentsFilter, StatusFilter } from '../admin.slice';
import { SEARCH_TEXTS } from '../review-texts';

const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'PENDING', label: 'Pending' },
  { value: 'COMPLETED', label: 'Completed' },
  { value: 'FAILED', label: 'Failed' },
  { value: 'ALL', label: 'All' },
];

interface PaymentFiltersProps {
  /** The list's title ('Deposits'), naming its search box. */
  title: string;
  filter: PaymentsFilter;
  onChange: (patch: Partial<PaymentsFilter>) => void;
  onRefresh: () => void;
  loading: boolean;
}

/**
 * Date range (from inclusive, to inclusive to the end of the day, IST) and status, above each table, and the search
 * box: a UTR, a player's username, e-mail or id, a transaction id or an exact amount in rupees, searched by the
 * server when submitted (Enter or Search); Clear drops it.
 */
export function PaymentFilters({ title, filter, onChange, onRefresh, loading }: PaymentFiltersProps) {
  const id = useId();
  const [text, setText] = useState(filter.q);
  useEffect(() => setText(filter.q), [filter.q]);
  const search = (event: FormEvent) => {
    event.preventDefault();
    onChange({ q: text.trim() });
  };
  return (
    <>
      <form className="admin-search" role="search" aria-label={SEARCH_TEXTS.label(title)} onSubmit={search}>
        <input
          type="search"
          className="admin-input"
          aria-label={SEARCH_TEXTS.label(title)}
          placeholder={SEARCH_TEXTS.placeholder}
          maxLength={PAYMENT_SEARCH_MAX_LENGTH}
          autoComplete="off"
          spellCheck={false}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="btn btn--primary">
          {SEARCH_TEXTS.search}
        </button>
        {filter.q && (
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => {
              setText('');
              onChange({ q: '' });
            }}
          >
            {SEARCH_TEXTS.clear}
          </button>
        )}
      </form>
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
    </>
  );
}
