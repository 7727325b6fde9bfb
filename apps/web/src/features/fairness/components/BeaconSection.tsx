import type { FairnessBeacon } from '@app/contracts';
import { isQuicknet, REJECT_THRESHOLD } from '@app/domain';
import { useT } from '../../../shared/i18n/i18n';
import { useAppSelector } from '../../../shared/store-hooks';
import { selectLockSeconds } from '../../config/selectors';
import { istTime } from '../format';
import { beaconChainOf, beaconName } from '../verify-period';
import { Proves } from './Proves';

/** The threshold as the recipe writes it, with Western grouping (it is a 32-bit figure, not an amount). */
const THRESHOLD = REJECT_THRESHOLD.toLocaleString('en-US');

/**
 * 2. Could anyone, even WinRound, know a result before betting closed? The beacon whose first round after each lock
 * is mixed into the draw; without one, the plain statement that the operator could know results in advance.
 */
export function BeaconSection({ beacon, loaded }: { beacon: FairnessBeacon | null; loaded: boolean }) {
  const { t } = useT();
  const lockSeconds = useAppSelector(selectLockSeconds);
  const quicknet = beacon ? isQuicknet(beaconChainOf(beacon)) : false;
  return (
    <section className="fair-section" aria-labelledby="fair-beacon">
      <h2 id="fair-beacon">{t('fairness.beacon.heading')}</h2>
      <p>{t('fairness.beacon.lockRule', { seconds: lockSeconds })}</p>
      {loaded && !beacon && (
        <div className="fair-callout fair-callout--warning" data-testid="no-beacon">
          <p>{t('fairness.beacon.none1')}</p>
          <p>{t('fairness.beacon.none2')}</p>
        </div>
      )}
      {loaded && !beacon && (
        <>
          <p>{t('fairness.beacon.recipePlain', { threshold: THRESHOLD })}</p>
          <p>{t('fairness.beacon.mapping')}</p>
        </>
      )}
      {beacon && (
        <>
          <p>{t('fairness.beacon.how1', { name: beaconName(beacon), period: beacon.period })}</p>
          <p>{t('fairness.beacon.how2')}</p>
          <p>{t('fairness.beacon.recipeBeacon', { threshold: THRESHOLD })}</p>
          <p>{t('fairness.beacon.mapping')}</p>
          <Proves
            proves={quicknet ? t('fairness.beacon.proves') : t('fairness.beacon.provesLocal')}
            doesNotProve={quicknet ? t('fairness.beacon.doesNotProveQuicknet') : t('fairness.beacon.doesNotProveLocal')}
          />
          <dl className="fair-facts fair-facts--compact">
            <div>
              <dt>{t('fairness.beacon.chain')}</dt>
              <dd className={quicknet ? undefined : 'fair-flag'} data-testid="beacon-name">
                {beaconName(beacon)}
              </dd>
            </div>
            <div>
              <dt>{t('fairness.beacon.chainHash')}</dt>
              <dd>
                <code>{beacon.chainHash}</code>
              </dd>
            </div>
            <div>
              <dt>{t('fairness.beacon.publicKey')}</dt>
              <dd>
                <code>{beacon.publicKey}</code>
              </dd>
            </div>
            <div>
              <dt>{t('fairness.beacon.genesis')}</dt>
              <dd>{istTime(beacon.genesisTime * 1000)}</dd>
            </div>
            <div>
              <dt>{t('fairness.beacon.periodLabel')}</dt>
              <dd>{t('fairness.beacon.seconds', { seconds: beacon.period })}</dd>
            </div>
          </dl>
        </>
      )}
    </section>
  );
}
