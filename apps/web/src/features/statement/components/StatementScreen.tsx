import type { StatementBalances, StatementLine } from '@app/contracts';
import { istDateKey, validateStatementQuery } from '@app/domain';
import { useId, useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../../shared/store-hooks';
import { playerTimeFormat } from '../../../shared/india-time';
import { Screen } from '../../../shared/ui/Screen';
import { Spinner } from '../../../shared/ui/Spinner';
import { statementCsvRequested, statementMoreRequested, statementRequested } from '../statement.slice';
import { i18n, useT } from '../../../shared/i18n/i18n';
import { translateServerMessage } from '../../../shared/i18n/server-messages';
import { formatRupees } from '../../../shared/money';

const timeFormat = playerTimeFormat({
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
  // A switch of language draws this screen and its parts again.
  useT();
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
    <Screen title={i18n.t('statement.title')} className="statement-screen">
      <h1 className="statement-screen__title">{i18n.t('statement.title')}</h1>
      <p className="muted statement-screen__intro">{i18n.t('statement.intro')}</p>
      <form
        className="statement-range card"
        onSubmit={(e) => act(e, 'show')}
        noValidate
        aria-label={i18n.t('statement.dates')}
      >
        <div className="statement-range__fields">
          <label htmlFor={fromId} className="field__label">
            {i18n.t('statement.from')}
            <input
              id={fromId}
              type="date"
              value={range.from}
              max={range.to}
              onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
            />
          </label>
          <label htmlFor={toId} className="field__label">
            {i18n.t('statement.to')}
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
            {translateServerMessage(fieldError ?? serverError)}
          </p>
        )}
        <div className="statement-range__actions">
          <button
            type="button"
            className="btn btn--ghost"
            disabled={state.downloading}
            onClick={() => act(null, 'csv')}
          >
            {state.downloading ? i18n.t('statement.downloading') : i18n.t('statement.download')}
          </button>
          <button type="submit" className="btn btn--primary">
            {i18n.t('statement.show')}
          </button>
        </div>
        {state.downloadError && (
          <p className="pay-error" role="alert">
            {translateServerMessage(state.downloadError)}
          </p>
        )}
      </form>

      {state.error && !serverError && (
        <p className="pay-error" role="alert">
          {translateServerMessage(state.error)}
        </p>
      )}
      {state.loading && !state.statement && <Spinner label={i18n.t('statement.loading')} />}
      {state.statement && state.range && <PrintableStatement />}
    </Screen>
  );
}

function Balances({ label, value }: { label: string; value: StatementBalances }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        {i18n.t('statement.main')} {formatRupees(value.main)} · {i18n.t('statement.bonus')} {formatRupees(value.bonus)}
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
      <td>{i18n.t(`statement.kinds.${line.kind}`, { defaultValue: line.kind })}</td>
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
  useT();
  const titleId = useId();
  if (!statement || !range) return null;
  return (
    <section className="statement-print card" aria-labelledby={titleId}>
      <div className="statement-print__head">
        <h2 id={titleId}>{i18n.t('statement.heading', { from: statement.from, to: statement.to })}</h2>
        <button type="button" className="btn btn--ghost statement-print__button" onClick={() => window.print()}>
          {i18n.t('statement.print')}
        </button>
      </div>
      <dl className="statement-summary">
        <Balances label={i18n.t('statement.opening')} value={statement.opening} />
        <Balances label={i18n.t('statement.moneyIn')} value={statement.totals.in} />
        <Balances label={i18n.t('statement.moneyOut')} value={statement.totals.out} />
        <Balances label={i18n.t('statement.closing')} value={statement.closing} />
      </dl>
      {lines.length === 0 ? (
        <p className="muted">{i18n.t('statement.empty')}</p>
      ) : (
        <div className="statement-table__wrap">
          <table className="statement-table">
            <thead>
              <tr>
                <th scope="col">{i18n.t('statement.columns.date')}</th>
                <th scope="col">{i18n.t('statement.columns.entry')}</th>
                <th scope="col">{i18n.t('statement.columns.type')}</th>
                <th scope="col">
                  {i18n.t('statement.columns.period')} / {i18n.t('statement.columns.reference')}
                </th>
                <th scope="col">{i18n.t('statement.columns.main')}</th>
                <th scope="col">{i18n.t('statement.columns.bonus')}</th>
                <th scope="col">{i18n.t('statement.columns.balance')}</th>
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
          {i18n.t('statement.loadMore')}
        </button>
      )}
      <p className="muted statement-print__note">{i18n.t('statement.note')}</p>
    </section>
  );
}
