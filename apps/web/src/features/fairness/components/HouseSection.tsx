import type { FairnessStats, FairnessStatsWindow } from '@app/contracts';
import { useState } from 'react';
import { Spinner } from '../../../shared/ui/Spinner';
import { count, percent } from '../format';
import { choiceWithGame, PAGE_TEXT } from '../texts';
import { Proves } from './Proves';

const T = PAGE_TEXT.house;
const EXPECTED_CHEAPEST = 0.1;

function Cheapest({ window }: { window: FairnessStatsWindow }) {
  const c = window.cheapest;
  if (!c) return <p className="muted small">{T.cheapestNone}</p>;
  const outside = EXPECTED_CHEAPEST < c.low || EXPECTED_CHEAPEST > c.high;
  return (
    <p data-testid={`cheapest-${window.window}`}>
      {T.cheapest(percent(c.value), c.n, percent(c.low), percent(c.high))}
      {outside && <strong className="fair-flag"> {T.cheapestOutside}</strong>}
    </p>
  );
}

function Returns({ window }: { window: FairnessStatsWindow }) {
  const outside = window.returns.filter((r) => r.withinBand === false).length;
  return (
    <>
      {outside > 0 && <p className="fair-flag">{T.outsideNote(outside)}</p>}
      <div className="table-scroll">
        <table className="fair-table fair-returns">
          <caption>{T.returnsCaption(window.window)}</caption>
          <thead>
            <tr>
              <th scope="col">{T.choice}</th>
              <th scope="col">{T.realised}</th>
              <th scope="col">{T.published}</th>
              <th scope="col">
                <span aria-hidden="true">±</span>
                <span className="visually-hidden">{T.withinBand}</span>
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
                <td>{r.realised === null ? T.noStakes : percent(r.realised)}</td>
                <td>
                  {percent(r.expected)}
                  <span className="visually-hidden">{T.bandPrefix}</span>
                  <span className="fair-returns__band small muted">
                    {percent(r.low)}–{percent(r.high)}
                  </span>
                </td>
                <td className={r.withinBand === false ? 'fair-flag' : 'fair-ok'}>
                  {r.withinBand === null ? T.noStakes : r.withinBand ? T.inBand : T.outOfBand}
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
  const windows = stats.data?.windows ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  const shown = windows.find((w) => w.window === chosen) ?? windows[0];
  return (
    <section className="fair-section" aria-labelledby="fair-house">
      <h2 id="fair-house">{T.heading}</h2>
      <p>{T.how}</p>
      <Proves proves={T.proves} doesNotProve={T.doesNotProve} />
      {stats.isLoading && !stats.data && <Spinner size="sm" label={T.loading} />}
      {stats.error && (
        <p className="fair-error small" role="alert">
          {stats.error}
        </p>
      )}
      {windows.length > 1 && (
        <div className="fair-toggle" role="group" aria-label={T.windowsLabel}>
          {windows.map((w) => (
            <button
              key={w.window}
              type="button"
              className="fair-toggle__option"
              aria-pressed={w === shown}
              onClick={() => setChosen(w.window)}
            >
              {T.window(w.window)}
            </button>
          ))}
        </div>
      )}
      {shown && (
        <div className="fair-window" data-testid={`window-${shown.window}`}>
          <h3>{T.window(shown.window)}</h3>
          <p className="small muted">{T.settled(shown.periods)}</p>
          <Cheapest window={shown} />
          <Returns window={shown} />
        </div>
      )}
    </section>
  );
}
