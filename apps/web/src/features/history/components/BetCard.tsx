import { formatPaise, isGameKey } from '@app/domain';
import { ChoiceLabel, choiceText } from '../../game/components/ChoiceLabel';
import { gameName } from '../../game/selectors';
import { indiaTimeFormat } from '../../../shared/india-time';
import type { PlayerBet } from '../../../shared/records';

const dateFormat = indiaTimeFormat({ dateStyle: 'medium', timeStyle: 'short' });

function betDate(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? '' : dateFormat.format(ms);
}

/** A settled bet's outcome: a win shows what was credited, a loss the stake it cost ('LOSS −₹10.00'). */
export function betOutcome(bet: Pick<PlayerBet, 'isWin' | 'winAmountPaise' | 'amountPaise'>): string {
  return bet.isWin ? `WIN +${formatPaise(bet.winAmountPaise)}` : `LOSS −${formatPaise(bet.amountPaise)}`;
}

/** One bet of the history: what was bet, how it ended and where it was played from. */
export function BetCard({ bet }: { bet: PlayerBet }) {
  const game = isGameKey(bet.betType) ? bet.betType : null;
  const settled = bet.isWin === true || bet.isWin === false;
  const system = bet.playedFrom === 'system';
  return (
    <li className="bet-card card" data-testid="bet-card">
      <div className="bet-card__top">
        <span className="bet-card__period">
          <span className="muted">Period </span>
          {bet.periodId}
        </span>
        <span className={`badge bet-card__status bet-card__status--${bet.status.toLowerCase()}`}>{bet.status}</span>
      </div>
      <div className="bet-card__main">
        <span className="bet-card__game">{game ? gameName(game) : bet.betType}</span>
        <span className="bet-card__choice">{game ? <ChoiceLabel game={game} choice={bet.betValue} /> : bet.betValue}</span>
      </div>
      <dl className="bet-card__facts">
        <div>
          <dt>Stake</dt>
          <dd>{formatPaise(bet.amountPaise)}</dd>
        </div>
        {settled && (
          <div>
            <dt>Result</dt>
            <dd className={bet.isWin ? 'bet-card__win' : 'bet-card__loss'}>
              {betOutcome(bet)}
            </dd>
          </div>
        )}
        {bet.systemSelectedValue != null && bet.systemSelectedValue !== '' && (
          <div>
            <dt>Drawn</dt>
            <dd>{game ? choiceText(game, bet.systemSelectedValue) : bet.systemSelectedValue}</dd>
          </div>
        )}
        <div>
          <dt>Played from</dt>
          <dd className={system ? 'bet-card__from--system' : 'bet-card__from--other'}>{bet.playedFrom}</dd>
        </div>
        <div className="bet-card__date">
          <dt>Date</dt>
          <dd>
            <time dateTime={bet.createdAt}>{betDate(bet.createdAt)}</time>
          </dd>
        </div>
      </dl>
    </li>
  );
}
