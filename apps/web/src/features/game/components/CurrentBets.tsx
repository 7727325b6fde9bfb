import { formatPaise } from '../../../shared/money';
import { i18n } from '../../../shared/i18n/i18n';
import { useAppSelector } from '../../../shared/store-hooks';
import { isProvisional } from '../../bets/bets.slice';
import { selectPayoutOptions } from '../../config/selectors';
import { displayedWin, gameName, selectCurrentBets } from '../selectors';
import { winDeductionText } from '../win-texts';
import { ChoiceLabel } from './ChoiceLabel';
import type { PlayerBet } from '../../../shared/records';
import { useT } from '../../../shared/i18n/i18n';

type BetTone = 'sending' | 'confirmed' | 'win' | 'loss' | 'other';

/** Where a listed bet stands: sent and awaiting the server, confirmed (open), or its outcome. */
function betState(bet: PlayerBet): { text: string; tone: BetTone } {
  const t = i18n.t;
  if (isProvisional(bet)) return { text: t('game.sending'), tone: 'sending' };
  if (bet.isWin === true) return { text: t('game.win'), tone: 'win' };
  if (bet.isWin === false) return { text: t('game.loss'), tone: 'loss' };
  if (bet.status === 'PENDING') return { text: t('game.confirmed'), tone: 'confirmed' };
  return { text: bet.status, tone: 'other' };
}

function CurrentBet({ bet }: { bet: PlayerBet }) {
  const { t } = useT();
  const state = betState(bet);
  const payoutOptions = useAppSelector(selectPayoutOptions);
  const win = displayedWin(bet, payoutOptions);
  const deduction = winDeductionText(win);
  return (
    <li className={`current-bet current-bet--${state.tone}`} data-testid="current-bet">
      <span className="current-bet__game">
        {gameName(bet.betType)}
        <span className={`badge current-bet__state current-bet__state--${state.tone}`}>{state.text}</span>
      </span>
      <span className="current-bet__choice">
        <ChoiceLabel game={bet.betType} choice={bet.betValue} />
      </span>
      <span className="current-bet__figure">
        <span className="label">{t('game.stake')}</span> {formatPaise(bet.amountPaise)}
      </span>
      <span className="current-bet__figure current-bet__figure--win">
        <span className="label">{t('game.potentialWin')}</span> {formatPaise(win.net)}
        {deduction && <span className="current-bet__deduction"> {deduction}</span>}
      </span>
    </li>
  );
}

/** The player's bets of this period (and of the last one until its results have been shown), each with its state. */
export function CurrentBets() {
  const bets = useAppSelector(selectCurrentBets);
  const { t } = useT();
  return (
    <section className="current-bets" aria-labelledby="current-bets-title">
      <h2 id="current-bets-title" className="section-title">
        {t('game.currentBets')}
      </h2>
      {bets.length === 0 ? (
        <p className="muted small current-bets__empty">{t('game.noBetsYet')}</p>
      ) : (
        <ul className="current-bets__list" aria-live="polite">
          {bets.map((bet) => (
            <CurrentBet key={bet._id} bet={bet} />
          ))}
        </ul>
      )}
    </section>
  );
}
