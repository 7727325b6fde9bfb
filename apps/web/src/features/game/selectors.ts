import type { GameKey } from '@app/contracts';
import {
  betBlockReason,
  gameCardState,
  GAMES_BY_KEY,
  isLockedAt,
  winBreakdown,
  showNextRoundOverlay,
  type GameCardState,
  type PayoutOptions,
  type WinBreakdown,
} from '@app/domain';
import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../shared/store-types';
import type { PlayerBet } from '../../shared/records';
import { selectAllBets } from '../bets/selectors';
import { selectConfigRoundSeconds, selectLockSeconds, selectPayoutOptions } from '../config/selectors';
import { selectStakeableBalancePaise } from '../wallet/selectors';
import { i18n } from '../../shared/i18n/i18n';

export const selectGame = (state: RootState) => state.game;
export const selectPeriod = (state: RootState) => state.game.period;
export const selectSecondsLeft = (state: RootState) => state.game.secondsLeft;
export const selectResults = (state: RootState) => state.game.results;
export const selectResultPopup = (state: RootState) => state.game.resultPopup;
const selectListedPeriodIds = (state: RootState) => state.game.listedPeriodIds;
export const selectSelectedGame = (state: RootState) => state.game.selectedGame;
export const selectSelectedChoice = (state: RootState) => state.game.selectedChoice;
export const selectStakePaise = (state: RootState) => state.game.stakePaise;
/** The balance the game and the bet panel show: what can be staked (main + bonus), from the wallet, in paise. */
export const selectBalancePaise = selectStakeableBalancePaise;
export const selectIsPlacingBet = (state: RootState) => state.game.pendingBet !== null;

/** Seconds left as the lock rules read them: no known period counts as no time left. */
const lockClock = (state: RootState) => state.game.secondsLeft ?? 0;

/**
 * The current-bet list: the player's bets of the current period, and of the period just ended until its results
 * have been shown, in the order they were placed; a refunded bet leaves it. Read from the one bets slice, so each bet
 * is in the state the history shows too. Amounts in paise.
 */
export const selectCurrentBets = createSelector([selectAllBets, selectListedPeriodIds], (bets, periods): PlayerBet[] =>
  bets.filter((bet) => periods.includes(bet.periodId) && bet.status !== 'REFUNDED').reverse(),
);

/** The ids of the bets of a current-bet answer's period that the answer does not name: the server has no such bet. */
export const selectBetsMissingFrom = (state: RootState, answer: readonly PlayerBet[]): string[] => {
  const current = state.game.period?.periodId;
  // The answer is the whole truth about the current period (before the period is known: about its own).
  const answered = new Set(current ? [current] : answer.map((bet) => bet.periodId));
  const named = new Set(answer.map((bet) => bet._id));
  return selectAllBets(state)
    .filter((bet) => answered.has(bet.periodId) && !named.has(bet._id))
    .map((bet) => bet._id);
};

/** The player's bets in the current period. */
export const selectPeriodBets = createSelector([selectCurrentBets, selectPeriod], (bets, period): PlayerBet[] =>
  period ? bets.filter((bet) => bet.periodId === period.periodId) : [],
);

/** The choice recorded per game in the current period. */
export const selectChoices = createSelector([selectPeriodBets], (bets) => {
  const choices: Partial<Record<GameKey, string>> = {};
  for (const bet of bets) choices[bet.betType] = bet.betValue;
  return choices;
});

/** Total staked in the current period, in paise. */
export const selectTotalBetPaise = createSelector([selectPeriodBets], (bets) =>
  bets.reduce((sum, bet) => sum + bet.amountPaise, 0),
);

export const selectHasAnyBet = (state: RootState) => selectPeriodBets(state).length > 0;

/** Betting lock (SPEC 4): 5 s (the server's LOCK_SECONDS) or less remain. */
export const selectIsLocked = (state: RootState) => isLockedAt(lockClock(state), selectLockSeconds(state));

/** A game card: 'betPlaced' (dimmed) with a bet on it, else 'locked' at ≤ 5 s, else 'open'. */
export const selectCardState = (state: RootState, game: GameKey): GameCardState =>
  gameCardState(lockClock(state), selectChoices(state)[game] !== undefined, selectLockSeconds(state));

/** The bet panel shows when a card is selected, more than 5 s remain and there is no bet on that game. */
export const selectBetPanelGame = (state: RootState): GameKey | null => {
  const game = state.game.selectedGame;
  if (!game) return null;
  if (state.game.secondsLeft === null || isLockedAt(state.game.secondsLeft, selectLockSeconds(state))) return null;
  return selectChoices(state)[game] === undefined ? game : null;
};

/** Why the bet in the panel cannot be placed (SPEC 5), or null. */
export const selectBetBlockReason = (state: RootState): string | null => {
  const { period, selectedGame, selectedChoice, stakePaise } = state.game;
  return betBlockReason({
    periodId: period?.periodId ?? null,
    secondsLeft: lockClock(state),
    hasBetOnGame: selectedGame !== null && selectChoices(state)[selectedGame] !== undefined,
    betType: selectedGame,
    betValue: selectedChoice,
    stakePaise: Math.max(0, stakePaise),
    balancePaise: selectBalancePaise(state),
    lockSeconds: selectLockSeconds(state),
  });
};

/** The full-screen 'Next round starts soon!' overlay: ≤ 5 s left and the player has a bet. */
export const selectShowNextRoundOverlay = (state: RootState) =>
  state.game.secondsLeft !== null &&
  showNextRoundOverlay(state.game.secondsLeft, selectHasAnyBet(state), selectLockSeconds(state));

/**
 * What a bet would pay if it wins, on the server's payout of its choice and GST: the gross (stake × payout), the GST on the
 * winnings above the stake, and the net credited to the balance. The net is the figure shown first; the gross and GST
 * say how it is reached.
 */
export function displayedWin(
  bet: Pick<PlayerBet, 'amountPaise' | 'betType' | 'betValue'>,
  options: PayoutOptions,
): WinBreakdown {
  return winBreakdown(bet.amountPaise, bet.betType, bet.betValue, options);
}

/** The potential win of a stake in paise on a choice, on the server's payouts and GST (see `displayedWin`). */
export const selectPotentialWin = (state: RootState, stakePaise: number, game: GameKey, choice: string): WinBreakdown =>
  winBreakdown(stakePaise, game, choice, selectPayoutOptions(state));

/** The round length the bet panel's title names ('Round · 30 s'). */
export const selectRoundSeconds = (state: RootState) => state.game.period?.duration ?? selectConfigRoundSeconds(state);

/** A game's name in the player's language (the English is the domain's, GAMES_BY_KEY). */
export const gameName = (key: GameKey) => (key in GAMES_BY_KEY ? i18n.t(`game.names.${key}`) : String(key));
