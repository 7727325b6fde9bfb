import type { GameKey, GameResult, PeriodInfo, PlaceBetPayload } from '@app/contracts';
import { clockOffsetMs, RESULTS_KEPT, secondsLeft as secondsLeftOf } from '@app/domain';
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PlayerBetMessage, PlayerBetResult } from '../../shared/records';
import { signedOut } from '../../shared/session';
import {
  betMessageReceived,
  betResultReceived,
  currentBetsListed,
  periodAnnounced,
  resultDrawn,
  resultsListed,
  serverException,
} from '../socket/live-events';

/** The current period as the server announced it (next-period-id). */
export type CurrentPeriod = Omit<PeriodInfo, 'serverTime'>;

/** The result popup: the bet-results of one period (SPEC 2, Result popup). */
export interface ResultPopup {
  periodId: string | null;
  /** Amounts in paise. */
  results: PlayerBetResult[];
}

export interface GameState {
  period: CurrentPeriod | null;
  /** True while `period` is placed from the server's clock and the live socket has not announced one yet. */
  periodFromClock: boolean;
  /** Server time minus local time, from the last next-period-id. */
  clockOffsetMs: number;
  /** Whole seconds left in the period, ticking every second; null until a period is known. */
  secondsLeft: number | null;
  /** The game card the player tapped (one at a time). */
  selectedGame: GameKey | null;
  /** The choice picked in the bet panel for the selected game. */
  selectedChoice: string | null;
  /** The selected stake in paise; 0 = none. The balance it is checked against is the wallet's (one balance). */
  stakePaise: number;
  /**
   * The periods whose bets the current-bet list shows: the current period, and the period just ended until its
   * results have been shown (before any period is known: the periods the current-bet answer named). The bets
   * themselves are in the bets slice (features/bets); the list, the choices and the total bet of the current period
   * are derived from both (see selectors).
   */
  listedPeriodIds: string[];
  /** The latest results, newest first, at most 15. */
  results: GameResult[];
  resultPopup: ResultPopup | null;
  /** A bet that was sent and awaits its bet-message. */
  pendingBet: PlaceBetPayload | null;
}

export const initialGameState: GameState = {
  period: null,
  periodFromClock: false,
  clockOffsetMs: 0,
  secondsLeft: null,
  selectedGame: null,
  selectedChoice: null,
  stakePaise: 0,
  listedPeriodIds: [],
  results: [],
  resultPopup: null,
  pendingBet: null,
};

/** Confirm Bet was tapped: the game saga checks the bet (SPEC 5) and sends it. */
export const betConfirmed = createAction('game/betConfirmed');

/** True when a bet-message is the answer to the bet that was sent (same period and game, where it says). */
export function answersBet(message: PlayerBetMessage, sent: PlaceBetPayload): boolean {
  // Both name the command: that decides.
  if (message.commandId && sent.commandId) return message.commandId === sent.commandId;
  const periodId = message.periodId ?? message.bet?.periodId;
  const betType = message.betType ?? message.bet?.betType;
  return (!periodId || periodId === sent.periodId) && (!betType || betType === sent.betType);
}

export const gameSlice = createSlice({
  name: 'game',
  initialState: initialGameState,
  reducers: {
    clockTicked: (state, action: PayloadAction<number>) => {
      state.secondsLeft = action.payload;
    },
    /** Tapping a game card selects it; tapping the selected one again deselects it. */
    gameSelected: (state, action: PayloadAction<GameKey>) => {
      state.selectedGame = state.selectedGame === action.payload ? null : action.payload;
      state.selectedChoice = null;
    },
    /** Picking a choice in the bet panel; picking it again clears it. */
    choiceSelected: (state, action: PayloadAction<string>) => {
      state.selectedChoice = state.selectedChoice === action.payload ? null : action.payload;
    },
    /** A stake button, in paise. */
    stakeSelected: (state, action: PayloadAction<number>) => {
      state.stakePaise = action.payload;
    },
    /** The bet panel's hide control. */
    betPanelHidden: (state) => {
      state.selectedGame = null;
      state.selectedChoice = null;
    },
    /** The bet passed the checks and went out. */
    betSent: (state, action: PayloadAction<PlaceBetPayload>) => {
      state.pendingBet = action.payload;
    },
    /** No bet-message came back in time. */
    betAnswerMissing: (state) => {
      state.pendingBet = null;
    },
    resultPopupClosed: (state) => {
      state.resultPopup = null;
    },
    /**
     * The current period placed from the server's clock (GET /app-config's serverTime) before the live socket has
     * announced one: the countdown and the cards show at once, and the next period follows while the socket is
     * still connecting. Ignored once the socket has announced a period; its announcement (which adds the
     * commitment) replaces the estimate.
     */
    periodEstimated: (
      state,
      action: PayloadAction<{ period: CurrentPeriod; clockOffsetMs: number; secondsLeft: number }>,
    ) => {
      if (state.period && !state.periodFromClock) return;
      const { period, clockOffsetMs: offset, secondsLeft } = action.payload;
      if (state.period?.periodId !== period.periodId) {
        state.selectedGame = null;
        state.selectedChoice = null;
        state.stakePaise = 0;
        state.listedPeriodIds = [
          period.periodId,
          ...state.listedPeriodIds.filter((id) => id !== state.period?.periodId),
        ];
      }
      state.period = period;
      state.periodFromClock = true;
      state.clockOffsetMs = offset;
      state.secondsLeft = secondsLeft;
    },
    /** 5 s after a period's results: its bets leave the current-bet list. */
    settledBetsCleared: (state, action: PayloadAction<string | null>) => {
      const periodId = action.payload;
      const current = state.period?.periodId;
      state.listedPeriodIds = state.listedPeriodIds.filter((listed) =>
        periodId === null ? listed === current : listed !== periodId,
      );
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(periodAnnounced, (state, { payload }) => {
        const { receivedAt, serverTime, ...period } = payload;
        const previous = state.period;
        state.periodFromClock = false;
        state.clockOffsetMs = clockOffsetMs(serverTime, receivedAt);
        state.secondsLeft = secondsLeftOf(period, receivedAt, state.clockOffsetMs);
        if (previous?.periodId === period.periodId) {
          // The same period again (a reconnection): only the timing and the commitment may be new.
          state.period = { ...previous, ...period };
          return;
        }
        state.period = period;
        // A new period resets the selection, the choices, the total bet and the stake (SPEC 4, Round).
        state.selectedGame = null;
        state.selectedChoice = null;
        state.stakePaise = 0;
        state.pendingBet = null;
        // Bets of the period that just ended stay listed until their results have been shown; older ones go.
        const justEnded = previous && previous.startTime + previous.duration * 1000 >= period.startTime - 1000;
        const keepPrevious = justEnded && state.listedPeriodIds.includes(previous.periodId);
        state.listedPeriodIds = keepPrevious ? [period.periodId, previous.periodId] : [period.periodId];
      })
      .addCase(resultsListed, (state, { payload }) => {
        state.results = payload.slice(0, RESULTS_KEPT);
      })
      .addCase(resultDrawn, (state, { payload }) => {
        if (state.results[0]?.periodId === payload.periodId) return;
        state.results = [payload, ...state.results].slice(0, RESULTS_KEPT);
      })
      .addCase(currentBetsListed, (state, { payload }) => {
        // The bets go to the bets slice; the game saga drops those of the answered period the answer lacks.
        const current = state.period?.periodId ?? null;
        const ofCurrent = payload.filter((bet) => current === null || bet.periodId === current);
        // Before the period is known, the answer is about its own periods: they are listed.
        if (current === null) {
          for (const bet of ofCurrent) {
            if (!state.listedPeriodIds.includes(bet.periodId)) state.listedPeriodIds.push(bet.periodId);
          }
        }
        // On load the stake is restored: the largest stake among the period's bets.
        if (state.stakePaise === 0 && ofCurrent.length > 0) {
          state.stakePaise = Math.max(...ofCurrent.map((bet) => bet.amountPaise));
        }
      })
      .addCase(betMessageReceived, (state, { payload }) => {
        const sent = state.pendingBet;
        // A message about another period or game (e.g. a refund notice) is not the answer to the bet in flight.
        if (sent && answersBet(payload, sent)) state.pendingBet = null;
        if (!payload.success) return;
        // The bet it carries goes to the bets slice (without one, the game saga records what was sent).
        state.selectedGame = null;
        state.selectedChoice = null;
      })
      .addCase(betResultReceived, (state, { payload }) => {
        const periodId = payload.periodId ?? null;
        if (state.resultPopup && state.resultPopup.periodId === periodId) {
          state.resultPopup.results.push(payload);
        } else {
          state.resultPopup = { periodId, results: [payload] };
        }
      })
      .addCase(serverException, (state) => {
        state.pendingBet = null;
      })
      .addCase(signedOut, () => initialGameState);
  },
});

export const {
  clockTicked,
  gameSelected,
  choiceSelected,
  stakeSelected,
  betPanelHidden,
  betSent,
  betAnswerMissing,
  resultPopupClosed,
  settledBetsCleared,
  periodEstimated,
} = gameSlice.actions;
export const gameReducer = gameSlice.reducer;
