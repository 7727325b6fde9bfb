import type { Bet, GameKey } from '@app/contracts';
import {
  betBlockReason,
  gameCardState,
  GAMES_BY_KEY,
  isLockedAt,
  potentialWin,
  showNextRoundOverlay,
  type GameCardState,
  type PayoutTable,
} from '@app/domain';
import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/root-reducer';
import { selectConfigRoundSeconds, selectLockSeconds, selectPayouts } from '../config/selectors';

const toPaise = (rupees: number) => Math.round(rupees * 100);
const toRupees = (paise: number) => paise / 100;

export const selectGame = (state: RootState) => state.game;
export const selectPeriod = (state: RootState) => state.game.period;
export const selectSecondsLeft = (state: RootState) => state.game.secondsLeft;
export const selectResults = (state: RootState) => state.game.results;
export const selectResultPopup = (state: RootState) => state.game.resultPopup;
export const selectCurrentBets = (state: RootState) => state.game.currentBets;
export const selectSelectedGame = (state: RootState) => state.game.selectedGame;
export const selectSelectedChoice = (state: RootState) => state.game.selectedChoice;
export const selectStake = (state: RootState) => state.game.stake;
export const selectBalance = (state: RootState) => state.game.balance;
export const selectIsPlacingBet = (state: RootState) => state.game.pendingBet !== null;

/** Seconds left as the lock rules read them: no known period counts as no time left. */
const lockClock = (state: RootState) => state.game.secondsLeft ?? 0;

/** The player's bets in the current period. */
export const selectPeriodBets = createSelector([selectCurrentBets, selectPeriod], (bets, period): Bet[] =>
  period ? bets.filter((bet) => bet.periodId === period.periodId) : [],
);

/** The choice recorded per game in the current period. */
export const selectChoices = createSelector([selectPeriodBets], (bets) => {
  const choices: Partial<Record<GameKey, string>> = {};
  for (const bet of bets) choices[bet.betType] = bet.betValue;
  return choices;
});

/** Total staked in the current period, in rupees. */
export const selectTotalBet = createSelector([selectPeriodBets], (bets) =>
  toRupees(bets.reduce((sum, bet) => sum + toPaise(bet.amount), 0)),
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
  const { period, selectedGame, selectedChoice, stake, balance } = state.game;
  return betBlockReason({
    periodId: period?.periodId ?? null,
    secondsLeft: lockClock(state),
    hasBetOnGame: selectedGame !== null && selectChoices(state)[selectedGame] !== undefined,
    betType: selectedGame,
    betValue: selectedChoice,
    stakePaise: stake > 0 ? toPaise(stake) : 0,
    balancePaise: balance === null ? null : toPaise(balance),
    lockSeconds: selectLockSeconds(state),
  });
};

/** The full-screen 'Next round starts soon!' overlay: ≤ 5 s left and the player has a bet. */
export const selectShowNextRoundOverlay = (state: RootState) =>
  state.game.secondsLeft !== null &&
  showNextRoundOverlay(state.game.secondsLeft, selectHasAnyBet(state), selectLockSeconds(state));

/** The displayed win of a bet: stake × payout (SPEC 9) on the server's payout table, in rupees. */
export function displayedWin(bet: Pick<Bet, 'amount' | 'betType'>, payouts: PayoutTable): number {
  return toRupees(potentialWin(toPaise(bet.amount), bet.betType, payouts));
}

/** The potential win of a stake in rupees on a game, on the server's payouts. */
export const selectPotentialWin = (state: RootState, stake: number, game: GameKey): number =>
  displayedWin({ amount: stake, betType: game }, selectPayouts(state));

/** The round length the bet panel's title names ('Win Go 30s'). */
export const selectRoundSeconds = (state: RootState) => state.game.period?.duration ?? selectConfigRoundSeconds(state);

export const gameName = (key: GameKey) => GAMES_BY_KEY[key].name;
