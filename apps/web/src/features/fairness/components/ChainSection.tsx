import type { FairnessChain, FairnessInfo } from '@app/contracts';
import { announcedInTime } from '@app/domain';
import { CHAIN_NOTICE_MS } from '@app/domain';
import { useT } from '../../../shared/i18n/i18n';
import { count, duration, isoTime } from '../format';
import { chainSteps } from '../verify-period';
import { Proves } from './Proves';

const NOTICE_HOURS = CHAIN_NOTICE_MS / 3_600_000;

/** How far ahead a chain was announced, recomputed here (the server's own flag is not taken on trust). */
function Notice({ chain }: { chain: FairnessChain }) {
  const { t } = useT();
  const announced = Date.parse(chain.announcedAt);
  const start = chain.firstPeriodStart ? Date.parse(chain.firstPeriodStart) : NaN;
  if (!Number.isFinite(announced) || !Number.isFinite(start))
    return <span className="fair-flag">{t('fairness.chain.noticeUnknown')}</span>;
  return announcedInTime(announced, start) ? (
    <span className="fair-ok">{t('fairness.chain.inTime', { duration: duration(start - announced) })}</span>
  ) : (
    <span className="fair-flag">
      {t('fairness.chain.late', { duration: duration(start - announced), hours: NOTICE_HOURS })}
    </span>
  );
}

function ChainCard({ chain, running }: { chain: FairnessChain; running: boolean }) {
  const { t } = useT();
  return (
    <li className="fair-chain card" data-testid={`chain-${chain.id}`}>
      <h4 className="fair-chain__name">
        {t('fairness.chain.chainName', { id: chain.id })}
        {running && <span className="badge badge--muted fair-chain__running">{t('fairness.chain.drawingNow')}</span>}
      </h4>
      <dl className="fair-facts fair-facts--compact">
        <div>
          <dt>{t('fairness.chain.commitment')}</dt>
          <dd>
            <code data-testid={running ? 'commitment' : undefined}>{chain.commitment}</code>
          </dd>
        </div>
        <div>
          <dt>{t('fairness.chain.announced')}</dt>
          <dd>{isoTime(chain.announcedAt)}</dd>
        </div>
        <div>
          <dt>{t('fairness.chain.firstPeriod')}</dt>
          <dd>
            {chain.firstPeriodId
              ? `${chain.firstPeriodId} · ${isoTime(chain.firstPeriodStart)}`
              : t('fairness.chain.noFirstPeriod')}
          </dd>
        </div>
        <div>
          <dt>{t('fairness.chain.notice')}</dt>
          <dd>
            <Notice chain={chain} />
          </dd>
        </div>
        <div>
          <dt>{t('fairness.chain.covered')}</dt>
          <dd>
            {chain.coveredFrom
              ? (chain.coveredTo ?? chain.coveredFrom) === chain.coveredFrom
                ? chain.coveredFrom
                : t('fairness.chain.coveredRange', { from: chain.coveredFrom, to: chain.coveredTo })
              : t('fairness.chain.notStarted')}
          </dd>
        </div>
        <div>
          <dt>{t('fairness.chain.lengthLabel')}</dt>
          <dd>{t('fairness.chain.length', { n: count(chain.length) })}</dd>
        </div>
      </dl>
    </li>
  );
}

/** 1. Were the results fixed before I bet? The hash chains and every commitment, with when it was published. */
export function ChainSection({ info }: { info: FairnessInfo | null }) {
  // The running period's hash (once public) is the latest revealed seed, or a few hashes above it.
  // The first period of a chain hangs from the chain's commitment instead.
  const { t } = useT();
  const latestSeed = info?.recent.find((p) => p.seed)?.seed;
  const next = info?.nextSeedHash?.toLowerCase() ?? '';
  const firstOf = next ? info?.chains.find((c) => c.commitment.toLowerCase() === next) : undefined;
  const linked = firstOf ? true : next && latestSeed ? chainSteps(next, latestSeed) !== null : null;
  return (
    <section className="fair-section" aria-labelledby="fair-chain">
      <h2 id="fair-chain">{t('fairness.chain.heading')}</h2>
      <p>{t('fairness.chain.how1')}</p>
      <p>{t('fairness.chain.how2')}</p>
      <Proves proves={t('fairness.chain.proves')} doesNotProve={t('fairness.chain.doesNotProve')} />
      {info && (
        <>
          <h3>{t('fairness.chain.listHeading')}</h3>
          {info.chains.length === 0 ? (
            <p className="muted small">{t('fairness.chain.empty')}</p>
          ) : (
            <ul className="fair-chains" aria-label={t('fairness.chain.listLabel')}>
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
              <dt>{t('fairness.chain.running')}</dt>
              <dd>
                {info.nextSeedHash ? (
                  <code data-testid="running-hash">{info.nextSeedHash}</code>
                ) : (
                  <span className="muted small">{t('fairness.chain.runningPending')}</span>
                )}
                {linked !== null && (
                  <span className={linked ? 'fair-ok' : 'fair-bad'}>
                    {' '}
                    {firstOf
                      ? t('fairness.chain.runningFirst', { id: firstOf.id })
                      : linked
                        ? t('fairness.chain.runningLinked')
                        : t('fairness.chain.runningUnlinked')}
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
