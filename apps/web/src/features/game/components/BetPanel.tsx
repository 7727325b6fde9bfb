import type { GameKey } from '@app/contracts';
import { BET_MESSAGES, choiceOdds, paiseToRupees, GAMES_BY_KEY, type PayoutOptions } from '@app/domain';
import { useId } from 'react';
import { useAppDispatch, useAppSelector } from '../../../shared/store-hooks';
import { AmountPicker } from '../../../shared/ui/AmountPicker';
import { selectPayoutOptions, selectStakesPaise } from '../../config/selectors';
import { betConfirmed, betPanelHidden, choiceSelected, stakeSelected } from '../game.slice';
import {
  selectBalancePaise,
  selectBetBlockReason,
  selectBetPanelGame,
  selectIsPlacingBet,
  selectRoundSeconds,
  displayedWin,
  selectSelectedChoice,
  selectStakePaise,
  gameName,
} from '../selectors';
import { betSheetTitle, chanceText, choiceOddsText, winDeductionText } from '../win-texts';
import { choiceColor, choiceText } from './ChoiceLabel';
import { Icon } from '../../../shared/ui/Icon';
import { shieldTaps } from '../../../shared/ui/tap-shield';
import { selectRealityCheckDue } from '../../play-safely/selectors';
import { selectSocket } from '../../socket/selectors';
import { useT } from '../../../shared/i18n/i18n';
import { translateServerMessage } from '../../../shared/i18n/server-messages';
import { formatPaise } from '../../../shared/money';

/**
 * The choices, each colour and big/small with its chance under its name ('1 in 5'; the digits share one, said once
 * below). The spec's disabled Amount field and x1–x100
 * multipliers are gone: they could never be used, and a multiplier only invites bigger bets.
 */
function ChoiceButtons({ game, payoutOptions }: { game: GameKey; payoutOptions: PayoutOptions }) {
  const dispatch = useAppDispatch();
  const selected = useAppSelector(selectSelectedChoice);
  const { t } = useT();
  const chanceId = useId();
  // Ten digits share one chance: the line under the grid says it once instead of ten times.
  const showChance = game !== 'number';
  return (
    <div className={`bet-sheet__choices bet-sheet__choices--${game}`} role="group" aria-label={t('game.choices')}>
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
            aria-describedby={showChance ? `${chanceId}-${choice}` : undefined}
            onClick={() => dispatch(choiceSelected(choice))}
          >
            {choiceText(game, choice)}
            {showChance && (
              <span id={`${chanceId}-${choice}`} className="choice-btn__chance" aria-hidden="true">
                {chanceText(choiceOdds(game, choice, payoutOptions).probability)}
              </span>
            )}
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
  // A reality check pauses betting until the player answers it.
  const paused = useAppSelector(selectRealityCheckDue);
  // Offline nothing is sent (a bet must never go out late): the panel says so instead of taking a bet.
  const { connected, everConnected } = useAppSelector(selectSocket);
  const offline = !connected;
  const payoutOptions = useAppSelector(selectPayoutOptions);
  const potentialWin =
    game && choice && stake > 0
      ? displayedWin({ amountPaise: stake, betType: game, betValue: choice }, payoutOptions)
      : null;
  const titleId = useId();
  const { t } = useT();
  if (!game) return null;

  // Until a choice is picked there is nothing to refuse yet.
  const shownReason = choice && blockReason !== BET_MESSAGES.invalidChoice ? blockReason : null;

  return (
    <section className="bet-sheet" role="region" aria-labelledby={titleId} data-testid="bet-panel">
      <div className="bet-sheet__head">
        <div>
          <h2 id={titleId} className="bet-sheet__title">
            {betSheetTitle(roundSeconds)}
          </h2>
          <p className="bet-sheet__game">{gameName(game)}</p>
        </div>
        <button type="button" className="bet-sheet__hide" onClick={() => dispatch(betPanelHidden())}>
          <span>{t('game.hide')}</span>
          <Icon name="chevronDown" size={20} strokeWidth={2.5} />
        </button>
      </div>

      <ChoiceButtons game={game} payoutOptions={payoutOptions} />
      {choice && (
        <p className="bet-sheet__odds small muted" data-testid="choice-odds">
          {choiceOddsText(choiceText(game, choice), choiceOdds(game, choice, payoutOptions))}
        </p>
      )}

      <div className="bet-sheet__balance">
        <span className="label">{t('game.balance')}</span>
        <strong>{balance === null ? '—' : formatPaise(balance)}</strong>
      </div>

      <AmountPicker
        variant="stakes"
        groupLabel={t('game.stake')}
        presetsPaise={stakes}
        chosenPaise={stake}
        onPick={(paise) => dispatch(stakeSelected(paise))}
        labelOf={(paise) => `₹${paiseToRupees(paise)}`}
        ariaLabelOf={(paise) => t('game.stakeOf', { amount: formatPaise(paise) })}
      />

      <p className="bet-sheet__summary small">
        {choice && stake > 0 && potentialWin ? (
          <>
            <span className="muted">{t('game.youWin')} </span>
            <strong>{formatPaise(potentialWin.net)}</strong>
            {winDeductionText(potentialWin) && <span className="muted"> {winDeductionText(potentialWin)}</span>}
          </>
        ) : (
          <span className="muted">{t('game.pickChoiceAndStake')}</span>
        )}
      </p>
      <p className={`bet-sheet__reason small${placing ? ' bet-sheet__reason--placing' : ''}`} role="status">
        {placing
          ? t('game.placing')
          : offline
            ? t(everConnected ? 'game.offlinePanel' : 'game.connecting')
            : paused
              ? t('playSafely.betPaused')
              : translateServerMessage(shownReason ?? '')}
      </p>

      <button
        type="button"
        className="btn btn--primary btn--block bet-sheet__confirm"
        disabled={!choice || placing || paused || offline}
        onClick={() => {
          shieldTaps();
          dispatch(betConfirmed());
        }}
      >
        {t('game.texts.confirmBet')}
      </button>
    </section>
  );
}
