import type { StatementBalances, StatementLine } from '@app/contracts';
import { formatRupees, istDateKey, STATEMENT_KIND_LABELS, validateStatementQuery } from '@app/domain';
import { useId, useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../../shared/store-hooks';
import { indiaTimeFormat } from '../../../shared/india-time';
import { Screen } from '../../../shared/ui/Screen';
import { Spinner } from '../../../shared/ui/Spinner';
import { statementCsvRequested, statementMoreRequested, statementRequested } from '../statement.slice';
import { STATEMENT_TEXTS as T } from '../statement-texts';
import '../statement.css';

const timeFormat = indiaTimeFormat({
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});
const signed = (rupees: number) => (rupees === 0 ? '' : rupees > 0 ? `+${formatRupees(rupees)}` : formatRupees(rupees));

/** The first day of the current IST month, and today (IST). */
function defaultRange(now = Date.now()): { from: string; to: string } {
  const to = istDateKey(now);
  return { from: `${to.slice(0, 8)}01`, to };
}

/**
 * /wallet/statement: choose IST dates, then download the CSV or show the printable statement (the ledger's lines with
 * the running main and bonus balances, amounts in en-IN rupees), which prints on its own (print CSS, Print button).
 */
export function StatementScreen() {
  const dispatch = useAppDispatch();
  const state = useAppSelector((s) => s.statement);
  const [range, setRange] = useState(defaultRange);
  const [tried, setTried] = useState(false);
  const fromId = useId();
  const toId = useId();
  const checked = validateStatementQuery({ from: range.from, to: range.to, format: 'json' });
  const fieldError = tried && !checked.ok ? (checked.errors.from ?? checked.errors.to ?? checked.error) : null;
  const serverError = state.errors.from ?? state.errors.to ?? null;

  const act = (event: FormEvent | null, what: 'show' | 'csv') => {
    event?.preventDefault();
    setTried(true);
    if (!checked.ok) return;
    dispatch(what === 'show' ? statementRequested(range) : statementCsvRequested(range));
  };

  return (
    <Screen title={T.title} className="statement-screen">
      <h1 className="statement-screen__title">{T.title}</h1>
      <p className="muted statement-screen__intro">{T.intro}</p>
      <form className="statement-range card" onSubmit={(e) => act(e, 'show')} noValidate aria-label="Statement dates">
        <div className="statement-range__fields">
          <label htmlFor={fromId} className="field__label">
            {T.from}
            <input
              id={fromId}
              type="date"
              value={range.from}
              max={range.to}
              onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
            />
          </label>
          <label htmlFor={toId} className="field__label">
            {T.to}
            <input
              id={toId}
              type="date"
              value={range.to}
              onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
            />
          </label>
        </div>
        {(fieldError ?? serverError) && (
          <p className="field__error" role="alert">
            {fieldError ?? serverError}
          </p>
        )}
        <div className="statement-range__actions">
          <button
            type="button"
            className="btn btn--ghost"
            disabled={state.downloading}
            onClick={() => act(null, 'csv')}
          >
            {state.downloading ? T.downloading : T.download}
          </button>
          <button type="submit" className="btn btn--primary">
            {T.show}
          </button>
        </div>
        {state.downloadError && (
          <p className="pay-error" role="alert">
            {state.downloadError}
          </p>
        )}
      </form>

      {state.error && !serverError && (
        <p className="pay-error" role="alert">
          {state.error}
        </p>
      )}
      {state.loading && !state.statement && <Spinner label="Loading the statement" />}
      {state.statement && state.range && <PrintableStatement />}
    </Screen>
  );
}

function Balances({ label, value }: { label: string; value: StatementBalances }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        {T.main} {formatRupees(value.main)} · {T.bonus} {formatRupees(value.bonus)}
      </dd>
    </div>
  );
}

function Line({ line }: { line: StatementLine }) {
  return (
    <tr>
      <td>
        <time dateTime={line.at}>{timeFormat.format(Date.parse(line.at))}</time>
      </td>
      <td>{line.entry}</td>
      <td>{STATEMENT_KIND_LABELS[line.kind]}</td>
      <td>{line.periodId ?? line.reference ?? ''}</td>
      <td className="statement-table__amount">{signed(line.main)}</td>
      <td className="statement-table__amount">{signed(line.bonus)}</td>
      <td className="statement-table__amount">
        {formatRupees(line.balance.main)} / {formatRupees(line.balance.bonus)}
      </td>
    </tr>
  );
}

function PrintableStatement() {
  const dispatch = useAppDispatch();
  const { statement, lines, loading, range } = useAppSelector((s) => s.statement);
  const titleId = useId();
  if (!statement || !range) return null;
  return (
    <section className="statement-print card" aria-labelledby={titleId}>
      <div className="statement-print__head">
        <h2 id={titleId}>{T.heading(statement.from, statement.to)}</h2>
        <button type="button" className="btn btn--ghost statement-print__button" onClick={() => window.print()}>
          {T.print}
        </button>
      </div>
      <dl className="statement-summary">
        <Balances label={T.opening} value={statement.opening} />
        <Balances label={T.moneyIn} value={statement.totals.in} />
        <Balances label={T.moneyOut} value={statement.totals.out} />
        <Balances label={T.closing} value={statement.closing} />
      </dl>
      {lines.length === 0 ? (
        <p className="muted">{T.empty}</p>
      ) : (
        <div className="statement-table__wrap">
          <table className="statement-table">
            <thead>
              <tr>
                <th scope="col">{T.columns.date}</th>
                <th scope="col">{T.columns.entry}</th>
                <th scope="col">{T.columns.type}</th>
                <th scope="col">
                  {T.columns.period} / {T.columns.reference}
                </th>
                <th scope="col">{T.columns.main}</th>
                <th scope="col">{T.columns.bonus}</th>
                <th scope="col">{T.columns.balance}</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <Line key={line.entry} line={line} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {statement.nextAfter != null && (
        <button
          type="button"
          className="btn btn--ghost statement-print__more"
          disabled={loading}
          onClick={() => dispatch(statementMoreRequested())}
        >
          {T.loadMore}
        </button>
      )}
      <p className="muted statement-print__note">{T.note}</p>
    </section>
  );
}
