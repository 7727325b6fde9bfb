import type { BetProof, FairnessPeriod } from '@app/contracts';
import { cheapestDigits } from '@app/domain';
import { count, isoTime, rupees } from '../format';
import { useT } from '../../../shared/i18n/i18n';
import { choiceWithGame, refundReasonText, resultWords } from '../texts';
import type { PeriodVerification } from '../verify-period';
import { VerificationReport } from './VerificationReport';

/** What the house would have paid for each digit; the drawn (or would-be) digit and the cheapest ones marked. */
function HousePays({ period }: { period: FairnessPeriod }) {
  const { t } = useT();
  const pays = period.housePays!;
  const cheapest = new Set(cheapestDigits(pays));
  const drawn = typeof period.digit === 'number' ? period.digit : period.voidResult?.digit;
  const drawnWord = typeof period.digit === 'number' ? t('fairness.period.drawn') : t('fairness.period.wouldHave');
  return (
    <div className="table-scroll">
      <table className="fair-table fair-pays">
        <caption>{t('fairness.period.housePaysCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('fairness.period.digit')}</th>
            <th scope="col">{t('fairness.period.pays')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('fairness.period.notes')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {pays.map((amount, digit) => (
            <tr key={digit} className={digit === drawn ? 'fair-pays__drawn' : undefined}>
              <th scope="row">{digit}</th>
              <td>{rupees(amount)}</td>
              <td className="small">
                {[digit === drawn ? drawnWord : '', cheapest.has(digit) ? t('fairness.period.cheapest') : '']
                  .filter(Boolean)
                  .join(', ')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface PeriodDetailsProps {
  period: FairnessPeriod;
  verification: PeriodVerification | null;
  /** The proof of the player's bet, when the page was opened from one. */
  proof?: BetProof | null;
}

/** One period's published facts, what the house would have paid per digit, and the checks made in this browser. */
export function PeriodDetails({ period, verification, proof }: PeriodDetailsProps) {
  const { t } = useT();
  const reason = period.refundReason ? refundReasonText(period.refundReason) : null;
  return (
    <div className="fair-period-details">
      <dl className="fair-facts fair-facts--compact">
        <div>
          <dt>{t('fairness.period.status')}</dt>
          <dd>{t(`fairness.status.${period.status}`, { defaultValue: period.status })}</dd>
        </div>
        {reason && (
          <div>
            <dt>{t('fairness.period.refundReason')}</dt>
            <dd>{reason}</dd>
          </div>
        )}
        {period.voidResult && (
          <div>
            <dt>{t('fairness.period.wouldHaveLabel')}</dt>
            <dd>{resultWords(period.voidResult)}</dd>
          </div>
        )}
        <div>
          <dt>{t('fairness.period.chainPlace')}</dt>
          <dd>
            {period.chainId !== null && period.chainIndex !== null
              ? t('fairness.period.chainPlaceValue', { chainId: period.chainId, k: count(period.chainIndex) })
              : t('fairness.period.noPlace')}
          </dd>
        </div>
        <div>
          <dt>{t('fairness.period.lock')}</dt>
          <dd>{isoTime(period.lockTime)}</dd>
        </div>
        {period.seedHash && (
          <div>
            <dt>{t('fairness.period.seedHash')}</dt>
            <dd>
              <code>{period.seedHash}</code>
            </dd>
          </div>
        )}
        {period.seed && (
          <div>
            <dt>{t('fairness.period.seed')}</dt>
            <dd>
              <code>{period.seed}</code>
            </dd>
          </div>
        )}
        {period.beacon && (
          <div>
            <dt>{t('fairness.period.beaconRound')}</dt>
            <dd>
              {period.beacon.round} · <code>{period.beacon.randomness}</code>
            </dd>
          </div>
        )}
        {period.bets && (
          <div>
            <dt>{t('fairness.bets.root')}</dt>
            <dd>
              <code>{period.bets.root}</code>
              <span className="small muted">
                {' '}
                · {count(period.bets.count)} {t('fairness.bets.betCount').toLowerCase()} ·{' '}
                {isoTime(period.bets.committedAt)}
              </span>
            </dd>
          </div>
        )}
        {typeof period.stakes === 'number' && (
          <div>
            <dt>{t('fairness.period.stakes')}</dt>
            <dd>{rupees(period.stakes)}</dd>
          </div>
        )}
      </dl>
      {period.housePays?.length === 10 && <HousePays period={period} />}
      {proof && (
        <dl className="fair-facts fair-facts--compact fair-my-bet">
          <div>
            <dt>{t('fairness.period.yourBet')}</dt>
            <dd>{choiceWithGame(proof.leaf.game, proof.leaf.choice)}</dd>
          </div>
          <div>
            <dt>{t('fairness.period.pseudonym')}</dt>
            <dd>
              <code>{proof.leaf.pseudonym}</code>
            </dd>
          </div>
          <div>
            <dt>{t('fairness.period.leaf')}</dt>
            <dd>
              {count(proof.index + 1)} / {count(proof.size)}
            </dd>
          </div>
        </dl>
      )}
      {verification ? (
        <>
          <VerificationReport verification={verification} />
          {verification.computed && (
            <p className="verify-report__hmac small muted">
              {period.beacon ? t('fairness.period.hmac') : t('fairness.period.hmacNoBeacon')} ={' '}
              <code>{verification.computed.hmacHex}</code>
            </p>
          )}
        </>
      ) : (
        <p className="small muted">{t('fairness.check.pending')}</p>
      )}
    </div>
  );
}
