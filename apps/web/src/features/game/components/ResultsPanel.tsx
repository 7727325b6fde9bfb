import type { GameResult } from '@app/contracts';
import { BIG_SMALL, COLORS, RESULTS_SHOWN, resultTrends, type TrendCount } from '@app/domain';
import { useId, useState, type KeyboardEvent } from 'react';
import { useAppSelector } from '../../../shared/store-hooks';
import { selectResults } from '../selectors';
import { choiceText, ColorDot } from './ChoiceLabel';
import { useT } from '../../../shared/i18n/i18n';

type Tab = 'results' | 'trends';

function ResultsTable({ results }: { results: GameResult[] }) {
  const [expanded, setExpanded] = useState(false);
  const { t } = useT();
  if (results.length === 0) return <p className="muted small">{t('game.noResults')}</p>;
  const rows = expanded ? results : results.slice(0, RESULTS_SHOWN);
  return (
    <>
      <table className="results-table">
        <thead>
          <tr>
            <th scope="col">{t('game.period')}</th>
            <th scope="col">{t('game.colour')}</th>
            <th scope="col">{t('game.bigSmall')}</th>
            <th scope="col">{t('game.digit')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((result) => (
            <tr key={result.periodId}>
              <td className="results-table__period">{result.periodId}</td>
              <td>
                <span className="choice-label">
                  <ColorDot color={result.color} size={12} />
                  {choiceText('color', result.color)}
                </span>
              </td>
              <td>{choiceText('bigSmall', result.bigSmall)}</td>
              <td>
                <span className={`digit-ball digit-ball--${result.color}`}>{result.digit}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {results.length > RESULTS_SHOWN && (
        <button
          type="button"
          className="btn btn--ghost btn--block results-toggle"
          onClick={() => setExpanded((e) => !e)}
        >
          {expanded ? t('game.showLess') : t('game.showMore')}
        </button>
      )}
    </>
  );
}

const share = ({ count, percent }: TrendCount) => `${count} (${percent}%)`;

function Trends({ results }: { results: GameResult[] }) {
  const trends = resultTrends(results);
  const { t } = useT();
  return (
    <div className="trends">
      <h3 className="trends__title">{t('game.quickStats')}</h3>
      <dl className="trends__summary">
        <div>
          <dt>{t('game.totalGames')}</dt>
          <dd>{trends.totalGames}</dd>
        </div>
        <div>
          <dt>{t('game.lastPeriod')}</dt>
          <dd>{trends.latestPeriodId ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('game.lastColour')}</dt>
          <dd>
            {trends.lastColor ? (
              <span className="choice-label">
                <ColorDot color={trends.lastColor} size={12} />
                {choiceText('color', trends.lastColor)}
              </span>
            ) : (
              '—'
            )}
          </dd>
        </div>
      </dl>
      <h4 className="trends__group">{t('game.colourTrend')}</h4>
      <ul className="trends__list" aria-label={t('game.colourCounts')}>
        {COLORS.map((color) => (
          <li key={color}>
            <span className="choice-label">
              <ColorDot color={color} size={12} />
              {choiceText('color', color)}
            </span>
            <span>{share(trends.colors[color])}</span>
          </li>
        ))}
      </ul>
      <h4 className="trends__group">{t('game.bigSmall')}</h4>
      <ul className="trends__list" aria-label={t('game.bigSmallCounts')}>
        {BIG_SMALL.map((value) => (
          <li key={value}>
            <span>{choiceText('bigSmall', value)}</span>
            <span>{share(trends.bigSmall[value])}</span>
          </li>
        ))}
      </ul>
      <h4 className="trends__group">{t('game.digits')}</h4>
      <ul className="trends__digits" aria-label={t('game.digitCounts')}>
        {trends.digits.map((count, digit) => (
          <li key={digit}>
            <span className="trends__digit">{digit}</span>
            <span>{share(count)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Results and Trends tabs over the latest 15 results. */
export function ResultsPanel() {
  const results = useAppSelector(selectResults);
  const [tab, setTab] = useState<Tab>('results');
  const baseId = useId();
  const { t } = useT();
  const tabs: { key: Tab; label: string }[] = [
    { key: 'results', label: t('game.results') },
    { key: 'trends', label: t('game.trends') },
  ];
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      const next: Tab = tab === 'results' ? 'trends' : 'results';
      setTab(next);
      document.getElementById(`${baseId}-tab-${next}`)?.focus();
    }
  };
  return (
    <section className="card results-panel" aria-label={t('game.resultsAndTrends')}>
      <div className="results-panel__tabs" role="tablist" aria-label={t('game.resultsAndTrends')}>
        {tabs.map(({ key, label }) => (
          <button
            key={key}
            id={`${baseId}-tab-${key}`}
            type="button"
            role="tab"
            aria-selected={tab === key}
            aria-controls={`${baseId}-panel-${key}`}
            tabIndex={tab === key ? 0 : -1}
            className="results-panel__tab"
            onClick={() => setTab(key)}
            onKeyDown={onKeyDown}
          >
            {label}
          </button>
        ))}
      </div>
      <div
        id={`${baseId}-panel-${tab}`}
        role="tabpanel"
        aria-labelledby={`${baseId}-tab-${tab}`}
        className="results-panel__body"
      >
        {tab === 'results' ? <ResultsTable results={results} /> : <Trends results={results} />}
      </div>
    </section>
  );
}
