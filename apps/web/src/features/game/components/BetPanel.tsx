import type { GameKey } from '@app/contracts';
import {
  BET_AMOUNT_FIELD_MAX,
  BET_AMOUNT_FIELD_MIN,
  BET_MESSAGES,
  formatPaise,
  paiseToRupees,
  GAME_TEXTS,
  GAMES_BY_KEY,
} from '@app/domain';
import { useId } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { AmountPicker } from '../../../shared/ui/AmountPicker';
import { selectStakesPaise } from '../../config/selectors';
import { betConfirmed, betPanelHidden, choiceSelected, stakeSelected } from '../game.slice';
import {
  selectBalancePaise,
  selectBetBlockReason,
  selectBetPanelGame,
  selectIsPlacingBet,
  selectRoundSeconds,
  selectPotentialWinPaise,
  selectSelectedChoice,
  selectStakePaise,
} from '../selectors';
import { choiceColor, choiceText } from './ChoiceLabel';
import { Icon } from '../../../shared/ui/Icon';

/** Shown but disabled, as the spec has them: the amount comes from the stake buttons only. */
export const MULTIPLIERS = [1, 5, 10, 20, 50, 100] as const;

function ChoiceButtons({ game }: { game: GameKey }) {
  const dispatch = useAppDispatch();
  const selected = useAppSelector(selectSelectedChoice);
  return (
    <div className={`bet-sheet__choices bet-sheet__choices--${game}`} role="group" aria-label="Choices">
      {GAMES_BY_KEY[game].choices.map((choice) => {
        const color = choiceColor(game, choice);
        return (
          <button
            key={choice}
            type="button"
            className={`choice-btn choice-btn--${game}${color ? ` choice-btn--${color}` : ''}${
              game === 'bigSmall' ? ` choice-btn--${choice}` : ''
            }`}
            aria-pressed={selected === choice}
            onClick={() => dispatch(choiceSelected(choice))}
          >
            {choiceText(game, choice)}
          </button>
        );
      })}
    </div>
  );
}

/** The bottom sheet where a bet is made (SPEC 2, Bet panel). */
export function BetPanel() {
  const dispatch = useAppDispatch();
  const game = useAppSelector(selectBetPanelGame);
  const roundSeconds = useAppSelector(selectRoundSeconds);
  const balance = useAppSelector(selectBalancePaise);
  const stake = useAppSelector(selectStakePaise);
  const choice = useAppSelector(selectSelectedChoice);
  const placing = useAppSelector(selectIsPlacingBet);
  const blockReason = useAppSelector(selectBetBlockReason);
  const stakes = useAppSelector(selectStakesPaise);
  const potentialWin = useAppSelector((state) => (game ? selectPotentialWinPaise(state, stake, game) : 0));
  const titleId = useId();
  const amountId = useId();
  if (!game) return null;

  // Until a choice is picked there is nothing to refuse yet.
  const shownReason = choice && blockReason !== BET_MESSAGES.invalidChoice ? blockReason : null;

  return (
    <section className="bet-sheet" role="region" aria-labelledby={titleId} data-testid="bet-panel">
      <div className="bet-sheet__head">
        <div>
          <h2 id={titleId} className="bet-sheet__title">
            Win Go {roundSeconds}s
          </h2>
          <p className="bet-sheet__game">{GAMES_BY_KEY[game].name}</p>
        </div>
        <button type="button" className="bet-sheet__hide" onClick={() => dispatch(betPanelHidden())}>
          <span>Hide</span>
          <Icon name="chevronDown" size={20} strokeWidth={2.5} />
        </button>
      </div>

      <ChoiceButtons game={game} />

      <div className="bet-sheet__balance">
        <span className="label">Balance</span>
        <strong>{balance === null ? '—' : formatPaise(balance)}</strong>
      </div>

      <AmountPicker
        variant="stakes"
        groupLabel="Stake"
        presetsPaise={stakes}
        chosenPaise={stake}
        onPick={(paise) => dispatch(stakeSelected(paise))}
        labelOf={(paise) => `₹${paiseToRupees(paise)}`}
        ariaLabelOf={(paise) => `Stake ${formatPaise(paise)}`}
      />

      <div className="bet-sheet__amount">
        <label htmlFor={amountId} className="label">
          Amount
        </label>
        <input
          id={amountId}
          type="text"
          inputMode="numeric"
          className="bet-sheet__amount-input"
          placeholder={`min ${BET_AMOUNT_FIELD_MIN}, max ${BET_AMOUNT_FIELD_MAX}`}
          disabled
        />
      </div>

      <div className="bet-sheet__multipliers" role="group" aria-label="Multiplier">
        {MULTIPLIERS.map((m) => (
          <button key={m} type="button" className="multiplier-btn" disabled>
            x{m}
          </button>
        ))}
      </div>

      <p className="bet-sheet__summary small">
        {choice && stake > 0 ? (
          <>
            <span className="muted">Potential win </span>
            <strong>{formatPaise(potentialWin)}</strong>
          </>
        ) : (
          <span className="muted">Pick a choice and a stake.</span>
        )}
      </p>
      <p className={`bet-sheet__reason small${placing ? ' bet-sheet__reason--placing' : ''}`} role="status">
        {placing ? 'Placing your bet…' : (shownReason ?? '')}
      </p>

      <button
        type="button"
        className="btn btn--primary btn--block bet-sheet__confirm"
        disabled={!choice || placing}
        onClick={() => dispatch(betConfirmed())}
      >
        {GAME_TEXTS.confirmBet}
      </button>
    </section>
  );
}
