import type { FairnessStats, FairnessStatsWindow } from '@app/contracts';
import { useState } from 'react';
import { useT } from '../../../shared/i18n/i18n';
import { translateServerMessage } from '../../../shared/i18n/server-messages';
import { Spinner } from '../../../shared/ui/Spinner';
import { count, percent } from '../format';
import { choiceWithGame } from '../texts';
import { Proves } from './Proves';

/** Marks, the same in every language (no words). */
const marks = { inBand: '✔', outOfBand: '⚠', noStakes: '–' } as const;
const EXPECTED_CHEAPEST = 0.1;

function Cheapest({ window }: { window: FairnessStatsWindow }) {
  const { t } = useT();
  const c = window.cheapest;
  if (!c) return <p className="muted small">{t('fairness.house.cheapestNone')}</p>;
  const outside = EXPECTED_CHEAPEST < c.low || EXPECTED_CHEAPEST > c.high;
  return (
    <p data-testid={`cheapest-${window.window}`}>
      {t('fairness.house.cheapest', {
        value: percent(c.value),
        n: count(c.n),
        low: percent(c.low),
        high: percent(c.high),
      })}
      {outside && <strong className="fair-flag"> {t('fairness.house.cheapestOutside')}</strong>}
    </p>
  );
}

function Returns({ window }: { window: FairnessStatsWindow }) {
  const { t } = useT();
  const outside = window.returns.filter((r) => r.withinBand === false).length;
  return (
    <>
      {outside > 0 && <p className="fair-flag">{t('fairness.house.outsideNote', { count: outside })}</p>}
      <div className="table-scroll">
        <table className="fair-table fair-returns">
          <caption>{t('fairness.house.returnsCaption', { n: count(window.window) })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('fairness.house.choice')}</th>
              <th scope="col">{t('fairness.house.realised')}</th>
              <th scope="col">{t('fairness.house.published')}</th>
              <th scope="col">
                <span aria-hidden="true">±</span>
                <span className="visually-hidden">{t('fairness.house.withinBand')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {window.returns.map((r) => (
              <tr
                key={`${r.game}:${r.choice}`}
                className={r.withinBand === false ? 'fair-returns__outside' : undefined}
              >
                <th scope="row">
                  {choiceWithGame(r.game, r.choice)}
                  <span className="fair-returns__periods small muted"> · {count(r.periods)}</span>
                </th>
                <td>{r.realised === null ? marks.noStakes : percent(r.realised)}</td>
                <td>
                  {percent(r.expected)}
                  <span className="visually-hidden">{t('fairness.house.bandPrefix')}</span>
                  <span className="fair-returns__band small muted">
                    {percent(r.low)}–{percent(r.high)}
                  </span>
                </td>
                <td className={r.withinBand === false ? 'fair-flag' : 'fair-ok'}>
                  {r.withinBand === null ? marks.noStakes : r.withinBand ? marks.inBand : marks.outOfBand}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

interface HouseSectionProps {
  stats: { data: FairnessStats | null; isLoading: boolean; error: string | null };
}

/** 5. Does the house steer results? How often the cheapest digit came up, and the realised return per choice. */
export function HouseSection({ stats }: HouseSectionProps) {
  const { t } = useT();
  const windows = stats.data?.windows ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  const shown = windows.find((w) => w.window === chosen) ?? windows[0];
  return (
    <section className="fair-section" aria-labelledby="fair-house">
      <h2 id="fair-house">{t('fairness.house.heading')}</h2>
      <p>{t('fairness.house.how')}</p>
      <Proves proves={t('fairness.house.proves')} doesNotProve={t('fairness.house.doesNotProve')} />
      {stats.isLoading && !stats.data && <Spinner size="sm" label={t('fairness.house.loading')} />}
      {stats.error && (
        <p className="fair-error small" role="alert">
          {translateServerMessage(stats.error)}
        </p>
      )}
      {windows.length > 1 && (
        <div className="fair-toggle" role="group" aria-label={t('fairness.house.windowsLabel')}>
          {windows.map((w) => (
            <button
              key={w.window}
              type="button"
              className="fair-toggle__option"
              aria-pressed={w === shown}
              onClick={() => setChosen(w.window)}
            >
              {t('fairness.house.window', { n: count(w.window) })}
            </button>
          ))}
        </div>
      )}
      {shown && (
        <div className="fair-window" data-testid={`window-${shown.window}`}>
          <h3>{t('fairness.house.window', { n: count(shown.window) })}</h3>
          <p className="small muted">{t('fairness.house.settled', { n: count(shown.periods) })}</p>
          <Cheapest window={shown} />
          <Returns window={shown} />
        </div>
      )}
    </section>
  );
}
