import { isGameKey } from '@app/domain';
import { formatPaise } from '../../../shared/money';
import { i18n, useT } from '../../../shared/i18n/i18n';
import { enIN } from '../../../locales/en-IN';
import { Link } from 'react-router-dom';
import { PATHS } from '../../../shared/paths';
import { ChoiceLabel, choiceText } from '../../game/components/ChoiceLabel';
import { gameName } from '../../game/selectors';
import { playerTimeFormat } from '../../../shared/india-time';
import type { PlayerBet } from '../../../shared/records';
import { DisputeButton } from '../../disputes/components/DisputeForm';

const dateFormat = playerTimeFormat({ dateStyle: 'medium', timeStyle: 'short' });

function betDate(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? '' : dateFormat.format(ms);
}

/** A settled bet's outcome: a win shows what was credited, a loss the stake it cost ('LOSS −₹10.00'). */
export function betOutcome(bet: Pick<PlayerBet, 'isWin' | 'winAmountPaise' | 'amountPaise'>): string {
  return bet.isWin
    ? i18n.t('history.won', { amount: formatPaise(bet.winAmountPaise) })
    : i18n.t('history.lost', { amount: formatPaise(bet.amountPaise) });
}

/** The fairness page checking this bet's period, and that the bet is in the period's commitment. */
export function verifyPath(bet: Pick<PlayerBet, '_id' | 'periodId'>): string {
  const query = new URLSearchParams({ period: bet.periodId, bet: bet._id });
  return `${PATHS.fairness}?${query.toString()}`;
}

/** The English of the verify link (tests read it); the card says it in the player's language. */
export const VERIFY_TEXT = {
  link: enIN.history.verify,
  hint: (periodId: string) => enIN.history.verifyHint.replace('{{periodId}}', periodId),
};

/** One bet of the history: what was bet, how it ended and where it was played from; a settled or refunded one can be verified. */
export function BetCard({ bet }: { bet: PlayerBet }) {
  const game = isGameKey(bet.betType) ? bet.betType : null;
  const settled = bet.isWin === true || bet.isWin === false;
  const system = bet.playedFrom === 'system';
  const verifiable = bet.status === 'COMPLETED' || bet.status === 'REFUNDED';
  const { t } = useT();
  return (
    <li className="bet-card card" data-testid="bet-card">
      <div className="bet-card__top">
        <span className="bet-card__period">
          <span className="muted">{t('history.period')} </span>
          {bet.periodId}
        </span>
        <span className={`badge bet-card__status bet-card__status--${bet.status.toLowerCase()}`}>
          {t(`history.status.${bet.status}`, { defaultValue: bet.status })}
        </span>
      </div>
      <div className="bet-card__main">
        <span className="bet-card__game">{game ? gameName(game) : bet.betType}</span>
        <span className="bet-card__choice">
          {game ? <ChoiceLabel game={game} choice={bet.betValue} /> : bet.betValue}
        </span>
      </div>
      <dl className="bet-card__facts">
        <div>
          <dt>{t('history.stake')}</dt>
          <dd>{formatPaise(bet.amountPaise)}</dd>
        </div>
        {settled && (
          <div>
            <dt>{t('history.result')}</dt>
            <dd className={bet.isWin ? 'bet-card__win' : 'bet-card__loss'}>{betOutcome(bet)}</dd>
          </div>
        )}
        {bet.systemSelectedValue != null && bet.systemSelectedValue !== '' && (
          <div>
            <dt>{t('history.drawn')}</dt>
            <dd>{game ? choiceText(game, bet.systemSelectedValue) : bet.systemSelectedValue}</dd>
          </div>
        )}
        <div>
          <dt>{t('history.playedFrom')}</dt>
          <dd className={system ? 'bet-card__from--system' : 'bet-card__from--other'}>{bet.playedFrom}</dd>
        </div>
        <div className="bet-card__date">
          <dt>{t('history.date')}</dt>
          <dd>
            <time dateTime={bet.createdAt}>{betDate(bet.createdAt)}</time>
          </dd>
        </div>
      </dl>
      {verifiable && (
        <Link to={verifyPath(bet)} className="btn btn--ghost bet-card__verify">
          {t('history.verify')}
          <span className="visually-hidden">{t('history.verifyHint', { periodId: bet.periodId })}</span>
        </Link>
      )}
      <DisputeButton subject={{ type: 'bet', id: bet._id, label: bet.periodId }} />
    </li>
  );
}
