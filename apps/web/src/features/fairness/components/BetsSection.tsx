import type { FairnessPeriod } from '@app/contracts';
import { Link } from 'react-router-dom';
import { PATHS } from '../../../shared/paths';
import { count, isoTime } from '../format';
import { PAGE_TEXT } from '../texts';
import { Proves } from './Proves';

const T = PAGE_TEXT.bets;

/** 3. Were bets added or changed after the result? The bets' root published at each lock, and how to check one's own. */
export function BetsSection({ recent }: { recent: readonly FairnessPeriod[] }) {
  const latest = recent.find((p) => p.bets);
  return (
    <section className="fair-section" aria-labelledby="fair-bets">
      <h2 id="fair-bets">{T.heading}</h2>
      {T.how.map((text) => (
        <p key={text}>{text}</p>
      ))}
      <Proves proves={T.proves} doesNotProve={T.doesNotProve} />
      {latest?.bets && (
        <>
          <h3>{T.latest(latest.periodId)}</h3>
          <dl className="fair-facts fair-facts--compact">
            <div>
              <dt>{T.root}</dt>
              <dd>
                <code>{latest.bets.root}</code>
              </dd>
            </div>
            <div>
              <dt>{T.betCount}</dt>
              <dd>{count(latest.bets.count)}</dd>
            </div>
            <div>
              <dt>{T.committedAt}</dt>
              <dd>{isoTime(latest.bets.committedAt)}</dd>
            </div>
          </dl>
        </>
      )}
      <p>{T.howToCheck}</p>
      <Link to={PATHS.history} className="btn btn--ghost btn--block">
        {T.historyLink}
      </Link>
    </section>
  );
}
