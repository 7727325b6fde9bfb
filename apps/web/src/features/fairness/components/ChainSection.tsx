import type { FairnessChain, FairnessInfo } from '@app/contracts';
import { announcedInTime } from '@app/domain';
import { isoTime } from '../format';
import { PAGE_TEXT } from '../texts';
import { chainSteps } from '../verify-period';
import { Proves } from './Proves';

const T = PAGE_TEXT.chain;

/** How far ahead a chain was announced, recomputed here (the server's own flag is not taken on trust). */
function Notice({ chain }: { chain: FairnessChain }) {
  const announced = Date.parse(chain.announcedAt);
  const start = chain.firstPeriodStart ? Date.parse(chain.firstPeriodStart) : NaN;
  if (!Number.isFinite(announced) || !Number.isFinite(start))
    return <span className="fair-flag">{T.noticeUnknown}</span>;
  return announcedInTime(announced, start) ? (
    <span className="fair-ok">{T.inTime(start - announced)}</span>
  ) : (
    <span className="fair-flag">{T.late(start - announced)}</span>
  );
}

function ChainCard({ chain, running }: { chain: FairnessChain; running: boolean }) {
  return (
    <li className="fair-chain card" data-testid={`chain-${chain.id}`}>
      <h4 className="fair-chain__name">
        {T.chainName(chain.id)}
        {running && <span className="badge badge--muted fair-chain__running">{T.drawingNow}</span>}
      </h4>
      <dl className="fair-facts fair-facts--compact">
        <div>
          <dt>{T.commitment}</dt>
          <dd>
            <code data-testid={running ? 'commitment' : undefined}>{chain.commitment}</code>
          </dd>
        </div>
        <div>
          <dt>{T.announced}</dt>
          <dd>{isoTime(chain.announcedAt)}</dd>
        </div>
        <div>
          <dt>{T.firstPeriod}</dt>
          <dd>
            {chain.firstPeriodId ? `${chain.firstPeriodId} · ${isoTime(chain.firstPeriodStart)}` : T.noFirstPeriod}
          </dd>
        </div>
        <div>
          <dt>{T.notice}</dt>
          <dd>
            <Notice chain={chain} />
          </dd>
        </div>
        <div>
          <dt>{T.covered}</dt>
          <dd>
            {chain.coveredFrom ? T.coveredRange(chain.coveredFrom, chain.coveredTo ?? chain.coveredFrom) : T.notStarted}
          </dd>
        </div>
        <div>
          <dt>{T.lengthLabel}</dt>
          <dd>{T.length(chain.length)}</dd>
        </div>
      </dl>
    </li>
  );
}

/** 1. Were the results fixed before I bet? The hash chains and every commitment, with when it was published. */
export function ChainSection({ info }: { info: FairnessInfo | null }) {
  // The running period's hash (once public) is the latest revealed seed, or a few hashes above it.
  // The first period of a chain hangs from the chain's commitment instead.
  const latestSeed = info?.recent.find((p) => p.seed)?.seed;
  const next = info?.nextSeedHash?.toLowerCase() ?? '';
  const firstOf = next ? info?.chains.find((c) => c.commitment.toLowerCase() === next) : undefined;
  const linked = firstOf ? true : next && latestSeed ? chainSteps(next, latestSeed) !== null : null;
  return (
    <section className="fair-section" aria-labelledby="fair-chain">
      <h2 id="fair-chain">{T.heading}</h2>
      {T.how.map((text) => (
        <p key={text}>{text}</p>
      ))}
      <Proves proves={T.proves} doesNotProve={T.doesNotProve} />
      {info && (
        <>
          <h3>{T.listHeading}</h3>
          {info.chains.length === 0 ? (
            <p className="muted small">{T.empty}</p>
          ) : (
            <ul className="fair-chains" aria-label={T.listLabel}>
              {info.chains.map((chain) => (
                <ChainCard
                  key={chain.id}
                  chain={chain}
                  running={!!info.commitment && chain.commitment === info.commitment}
                />
              ))}
            </ul>
          )}
          <dl className="fair-facts">
            <div>
              <dt>{T.running}</dt>
              <dd>
                {info.nextSeedHash ? (
                  <code data-testid="running-hash">{info.nextSeedHash}</code>
                ) : (
                  <span className="muted small">{T.runningPending}</span>
                )}
                {linked !== null && (
                  <span className={linked ? 'fair-ok' : 'fair-bad'}>
                    {' '}
                    {firstOf ? T.runningFirst(firstOf.id) : linked ? T.runningLinked : T.runningUnlinked}
                  </span>
                )}
              </dd>
            </div>
          </dl>
        </>
      )}
    </section>
  );
}
