import { formatRupees } from '@app/domain';
import { useAppSelector } from '../../../app/hooks';
import { displayedWin, gameName, selectCurrentBets } from '../selectors';
import { ChoiceLabel } from './ChoiceLabel';

/** The player's bets of this period (and of the last one until its results have been shown). */
export function CurrentBets() {
  const bets = useAppSelector(selectCurrentBets);
  return (
    <section className="current-bets" aria-labelledby="current-bets-title">
      <h2 id="current-bets-title" className="section-title">
        Current bets
      </h2>
      {bets.length === 0 ? (
        <p className="muted small current-bets__empty">No bets in this period yet.</p>
      ) : (
        <ul className="current-bets__list">
          {bets.map((bet) => (
            <li key={bet._id} className="current-bet">
              <span className="current-bet__game">{gameName(bet.betType)}</span>
              <span className="current-bet__choice">
                <ChoiceLabel game={bet.betType} choice={bet.betValue} />
              </span>
              <span className="current-bet__figure">
                <span className="label">Stake</span> {formatRupees(bet.amount)}
              </span>
              <span className="current-bet__figure current-bet__figure--win">
                <span className="label">Potential win</span> {formatRupees(displayedWin(bet))}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
