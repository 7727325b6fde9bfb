import type { BetProof, FairnessPeriod } from '@app/contracts';
import { cheapestDigits } from '@app/domain';
import { count, isoTime, rupees } from '../format';
import { i18n } from '../../../shared/i18n/i18n';
import { choiceWithGame, PAGE_TEXT, PERIOD_STATUS_TEXT, refundReasonText, resultWords } from '../texts';
import type { PeriodVerification } from '../verify-period';
import { VerificationReport } from './VerificationReport';

const T = PAGE_TEXT.period;

/** What the house would have paid for each digit; the drawn (or would-be) digit and the cheapest ones marked. */
function HousePays({ period }: { period: FairnessPeriod }) {
  const pays = period.housePays!;
  const cheapest = new Set(cheapestDigits(pays));
  const drawn = typeof period.digit === 'number' ? period.digit : period.voidResult?.digit;
  const drawnWord = typeof period.digit === 'number' ? T.drawn : T.wouldHave;
  return (
    <div className="table-scroll">
      <table className="fair-table fair-pays">
        <caption>{T.housePaysCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{T.digit}</th>
            <th scope="col">{T.pays}</th>
            <th scope="col">
              <span className="visually-hidden">Notes</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {pays.map((amount, digit) => (
            <tr key={digit} className={digit === drawn ? 'fair-pays__drawn' : undefined}>
              <th scope="row">{digit}</th>
              <td>{rupees(amount)}</td>
              <td className="small">
                {[digit === drawn ? drawnWord : '', cheapest.has(digit) ? T.cheapest : ''].filter(Boolean).join(', ')}
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
  const reason = period.refundReason ? refundReasonText(period.refundReason) : null;
  return (
    <div className="fair-period-details">
      <dl className="fair-facts fair-facts--compact">
        <div>
          <dt>{T.status}</dt>
          <dd>{PERIOD_STATUS_TEXT[period.status] ?? period.status}</dd>
        </div>
        {reason && (
          <div>
            <dt>{T.refundReason}</dt>
            <dd>{reason}</dd>
          </div>
        )}
        {period.voidResult && (
          <div>
            <dt>{T.wouldHaveLabel}</dt>
            <dd>{resultWords(period.voidResult)}</dd>
          </div>
        )}
        <div>
          <dt>{T.chainPlace}</dt>
          <dd>
            {period.chainId !== null && period.chainIndex !== null
              ? T.chainPlaceValue(period.chainId, period.chainIndex)
              : T.noPlace}
          </dd>
        </div>
        <div>
          <dt>{T.lock}</dt>
          <dd>{isoTime(period.lockTime)}</dd>
        </div>
        {period.seedHash && (
          <div>
            <dt>{T.seedHash}</dt>
            <dd>
              <code>{period.seedHash}</code>
            </dd>
          </div>
        )}
        {period.seed && (
          <div>
            <dt>{T.seed}</dt>
            <dd>
              <code>{period.seed}</code>
            </dd>
          </div>
        )}
        {period.beacon && (
          <div>
            <dt>{T.beaconRound}</dt>
            <dd>
              {period.beacon.round} · <code>{period.beacon.randomness}</code>
            </dd>
          </div>
        )}
        {period.bets && (
          <div>
            <dt>{i18n.t('fairness.bets.root')}</dt>
            <dd>
              <code>{period.bets.root}</code>
              <span className="small muted">
                {' '}
                · {count(period.bets.count)} {i18n.t('fairness.bets.betCount').toLowerCase()} ·{' '}
                {isoTime(period.bets.committedAt)}
              </span>
            </dd>
          </div>
        )}
        {typeof period.stakes === 'number' && (
          <div>
            <dt>{T.stakes}</dt>
            <dd>{rupees(period.stakes)}</dd>
          </div>
        )}
      </dl>
      {period.housePays?.length === 10 && <HousePays period={period} />}
      {proof && (
        <dl className="fair-facts fair-facts--compact fair-my-bet">
          <div>
            <dt>{T.yourBet}</dt>
            <dd>{choiceWithGame(proof.leaf.game, proof.leaf.choice)}</dd>
          </div>
          <div>
            <dt>{T.pseudonym}</dt>
            <dd>
              <code>{proof.leaf.pseudonym}</code>
            </dd>
          </div>
          <div>
            <dt>{T.leaf}</dt>
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
              {period.beacon ? T.hmac : T.hmacNoBeacon} = <code>{verification.computed.hmacHex}</code>
            </p>
          )}
        </>
      ) : (
        <p className="small muted">{PAGE_TEXT.check.pending}</p>
      )}
    </div>
  );
}
