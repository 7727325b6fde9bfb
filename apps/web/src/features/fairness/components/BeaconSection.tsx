import type { FairnessBeacon } from '@app/contracts';
import { isQuicknet } from '@app/domain';
import { useAppSelector } from '../../../shared/store-hooks';
import { selectLockSeconds } from '../../config/selectors';
import { istTime } from '../format';
import { PAGE_TEXT } from '../texts';
import { beaconChainOf, beaconName } from '../verify-period';
import { Proves } from './Proves';

const T = PAGE_TEXT.beacon;

/**
 * 2. Could anyone, even WinRound, know a result before betting closed? The beacon whose first round after each lock
 * is mixed into the draw; without one, the plain statement that the operator could know results in advance.
 */
export function BeaconSection({ beacon, loaded }: { beacon: FairnessBeacon | null; loaded: boolean }) {
  const lockSeconds = useAppSelector(selectLockSeconds);
  const quicknet = beacon ? isQuicknet(beaconChainOf(beacon)) : false;
  return (
    <section className="fair-section" aria-labelledby="fair-beacon">
      <h2 id="fair-beacon">{T.heading}</h2>
      <p>{T.lockRule(lockSeconds)}</p>
      {loaded && !beacon && (
        <div className="fair-callout fair-callout--warning" data-testid="no-beacon">
          {T.none.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
      )}
      {loaded && !beacon && (
        <>
          <p>{T.recipe(false)}</p>
          <p>{T.mapping}</p>
        </>
      )}
      {beacon && (
        <>
          {T.how(beaconName(beacon), beacon.period).map((text) => (
            <p key={text}>{text}</p>
          ))}
          <p>{T.recipe(true)}</p>
          <p>{T.mapping}</p>
          <Proves
            proves={quicknet ? T.proves : T.provesLocal}
            doesNotProve={quicknet ? T.doesNotProveQuicknet : T.doesNotProveLocal}
          />
          <dl className="fair-facts fair-facts--compact">
            <div>
              <dt>{T.chain}</dt>
              <dd className={quicknet ? undefined : 'fair-flag'} data-testid="beacon-name">
                {beaconName(beacon)}
              </dd>
            </div>
            <div>
              <dt>{T.chainHash}</dt>
              <dd>
                <code>{beacon.chainHash}</code>
              </dd>
            </div>
            <div>
              <dt>{T.publicKey}</dt>
              <dd>
                <code>{beacon.publicKey}</code>
              </dd>
            </div>
            <div>
              <dt>{T.genesis}</dt>
              <dd>{istTime(beacon.genesisTime * 1000)}</dd>
            </div>
            <div>
              <dt>{T.periodLabel}</dt>
              <dd>{T.seconds(beacon.period)}</dd>
            </div>
          </dl>
        </>
      )}
    </section>
  );
}
