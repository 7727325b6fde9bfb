import type { PlaceBetPayload } from '@app/contracts';
import { clockOffsetMs, currentPeriod, GAME_TEXTS, paiseToRupees, RESULT_CLEAR_MS, secondsLeft } from '@app/domain';
import type { Action } from '@reduxjs/toolkit';
import type { Task } from 'redux-saga';
import { all, call, cancel, delay, fork, put, race, select, take } from 'redux-saga/effects';
import type { RootState } from '../../shared/store-types';
import { routeChanged, signedOut } from '../../shared/session';
import { PATHS } from '../../shared/paths';
import { betsRemoved, provisionalBetRecorded } from '../bets/bets.slice';
import {
  betMessageReceived,
  betResultReceived,
  currentBetsListed,
  liveRequested,
  periodAnnounced,
  serverException,
} from '../socket/live-events';
import { newCommandId } from '../socket/command-id';
import { configLoaded } from '../config/config.slice';
import { toastShown } from '../toasts/toasts.slice';
import {
  answersBet,
  betAnswerMissing,
  betConfirmed,
  betSent,
  clockTicked,
  periodEstimated,
  resultPopupClosed,
  settledBetsCleared,
  type GameState,
} from './game.slice';
import {
  selectBetBlockReason,
  selectBetPanelGame,
  selectChoices,
  selectBetsMissingFrom,
  selectGame,
  selectIsPlacingBet,
  selectResultPopup,
} from './selectors';

/** How long a sent bet waits for its bet-message before the player is told. */
export const BET_ANSWER_TIMEOUT_MS = 10_000;
/** When a sent bet still has no answer, its stored answer is asked for (get-bet-outcomes) after this long. */
export const BET_ANSWER_ASK_MS = 4_000;
/** Ticks land just after the second changes, never just before it. */
const TICK_SLACK_MS = 15;

export const BET_NO_ANSWER_MESSAGE = 'No answer from the server. Check your current bets before trying again.';

/** Milliseconds until the countdown's whole second changes (it rounds up), plus a little slack. */
export function msUntilNextTick(remainingMs: number): number {
  if (remainingMs <= 0) return 1_000;
  return ((Math.ceil(remainingMs) - 1) % 1_000) + 1 + TICK_SLACK_MS;
}

/**
 * The countdown (SPEC 4): time left comes from the server time offset, the period's start and its duration, and
 * ticks every second, on the second, so the header, the cards, the panel and the overlay change together.
 */
export function* runRoundClock() {
  while (true) {
    const { period, clockOffsetMs, secondsLeft: shown }: GameState = yield select(selectGame);
    if (!period) {
      yield take([periodAnnounced.type, periodEstimated.type]);
      continue;
    }
    const now = Date.now();
    const left = secondsLeft(period, now, clockOffsetMs);
    if (left !== shown) yield put(clockTicked(left));
    const remainingMs = period.startTime + period.duration * 1_000 - (now + clockOffsetMs);
    yield race({
      tick: delay(msUntilNextTick(remainingMs)),
      period: take([periodAnnounced.type, periodEstimated.type]),
      out: take(signedOut),
    });
  }
}

/**
 * The current period from the server's clock, as soon as GET /app-config answers (its serverTime, dated by when the
 * answer arrived), before the live socket announces one: on a phone the socket's handshake comes a second or more
 * after the app starts, and the countdown and the cards need not wait for it. Each period that ends before the
 * socket has announced one is followed by the next. Betting still waits for the socket: the bet panel is off while
 * it is not connected, and the server checks every bet against its own clock.
 */
export function* watchPeriodFromClock() {
  const { payload }: ReturnType<typeof configLoaded> = yield take(configLoaded);
  const { serverTime, receivedAt } = payload;
  if (typeof serverTime !== 'number' || typeof receivedAt !== 'number') return;
  const offset = clockOffsetMs(serverTime, receivedAt);
  while (true) {
    const state: RootState = yield select();
    if (state.game.period && !state.game.periodFromClock) return;
    const now = Date.now();
    const { roundSeconds, lockSeconds } = state.config.rules;
    const { periodId, startTime, duration, lockTime, endTime } = currentPeriod(now + offset, {
      roundSeconds,
      lockSeconds,
    });
    const period = { periodId, startTime, duration, lockTime };
    yield put(periodEstimated({ period, clockOffsetMs: offset, secondsLeft: secondsLeft(period, now, offset) }));
    const { announced } = yield race({
      announced: take(periodAnnounced),
      ended: delay(Math.max(0, endTime - (now + offset)) + TICK_SLACK_MS),
    });
    if (announced) return;
  }
}

/**
 * The lock closes an open bet sheet (its bet can no longer be placed): when the player had picked a choice and not
 * confirmed it, a toast says nothing was placed, so the sheet never vanishes without a word. A bet in flight is left
 * to its answer.
 */
function* watchSheetClosedByLock() {
  let open: ReturnType<typeof selectBetPanelGame> = null;
  while (true) {
    yield take([clockTicked.type, periodAnnounced.type]);
    const state: RootState = yield select();
    const now = selectBetPanelGame(state);
    // Closed by the lock (not by a bet on this game being placed), with a choice picked and nothing in flight.
    const closedByLock = open && !now && state.game.selectedGame === open && selectChoices(state)[open] === undefined;
    if (closedByLock && state.game.selectedChoice && !selectIsPlacingBet(state)) {
      yield put(toastShown({ kind: 'info', message: GAME_TEXTS.sheetClosedAtLock }));
    }
    open = now;
  }
}

/** Confirm Bet: the checks of SPEC 5, then place-bet; one bet in flight at a time. */
export function* confirmBet() {
  const state: RootState = yield select();
  if (selectIsPlacingBet(state)) return;
  const reason = selectBetBlockReason(state);
  if (reason) {
    yield put(toastShown({ kind: 'error', message: reason }));
    return;
  }
  const { period, selectedGame, selectedChoice, stakePaise } = state.game;
  const payload: PlaceBetPayload = {
    periodId: period!.periodId,
    betType: selectedGame!,
    betValue: selectedChoice!,
    // The wire's rupees, made from the stake's paise here, once.
    amount: paiseToRupees(stakePaise),
    // Applied at most once and answered once under this id, and its answer can be asked for again.
    commandId: newCommandId(),
    // In server time: the server refuses a bet that reaches it too late (PLACE_BET_MAX_AGE_MS), e.g. one held in a
    // buffer while offline, so a bet the player is told had no answer is never placed afterwards.
    sentAt: Date.now() + state.game.clockOffsetMs,
  };
  yield put(betSent(payload));
  yield put(liveRequested({ event: 'place-bet', payload }));
  // Offline, the bet was answered as not sent already.
  const stillPlacing: boolean = yield select(selectIsPlacingBet);
  if (!stillPlacing) return;
  const answered = (action: Action) =>
    serverException.match(action) || (betMessageReceived.match(action) && answersBet(action.payload, payload));
  const first: { answer?: Action; timeout?: true } = yield race({
    answer: take(answered),
    timeout: delay(BET_ANSWER_ASK_MS),
    out: take(signedOut),
  });
  if (first.answer) yield call(recordConfirmation, first.answer, payload);
  if (!first.timeout) return;
  // No answer yet (a slow or lost reply): ask for the stored one, which the server answers from the database.
  yield put(liveRequested({ event: 'get-bet-outcomes', payload: { commandIds: [payload.commandId!] } }));
  const { answer, timeout }: { answer?: Action; timeout?: true } = yield race({
    answer: take(answered),
    timeout: delay(BET_ANSWER_TIMEOUT_MS - BET_ANSWER_ASK_MS),
    out: take(signedOut),
  });
  if (answer) yield call(recordConfirmation, answer, payload);
  if (timeout) {
    yield put(betAnswerMissing());
    yield put(toastShown({ kind: 'error', message: BET_NO_ANSWER_MESSAGE }));
  }
}

/**
 * The answer to a sent bet confirmed it without carrying the bet: the bet is listed from what was sent until the
 * server's copy arrives (bets slice). A confirmation with the bet needs nothing here: the bet goes to the bets slice.
 */
function* recordConfirmation(answer: Action, sent: PlaceBetPayload) {
  if (!betMessageReceived.match(answer)) return;
  const { success, bet, periodId } = answer.payload;
  if (success && !bet && (!periodId || periodId === sent.periodId)) yield put(provisionalBetRecorded(sent));
}

/**
 * The current-bet answer is the whole truth about its period: bets of that period the bets slice holds and the answer
 * does not name (a provisional entry, a bet the server never stored) are dropped.
 */
function* watchCurrentBetAnswers() {
  while (true) {
    const { payload }: ReturnType<typeof currentBetsListed> = yield take(currentBetsListed);
    const missing: string[] = yield select(selectBetsMissingFrom, payload);
    if (missing.length > 0) yield put(betsRemoved(missing));
  }
}

function* watchBetConfirmations() {
  while (true) {
    yield take(betConfirmed);
    yield call(confirmBet);
  }
}

/** Every bet-message is shown as a toast. */
function* watchBetMessages() {
  while (true) {
    const { payload }: ReturnType<typeof betMessageReceived> = yield take(betMessageReceived);
    if (payload.message)
      yield put(toastShown({ kind: payload.success ? 'success' : 'error', message: payload.message }));
  }
}

/** 5 s after a period's (last) bet-result, its popup closes and its bets leave the current-bet list (SPEC 4). */
function* clearPeriodResultsLater(periodId: string | null) {
  yield delay(RESULT_CLEAR_MS);
  const popup: RootState['game']['resultPopup'] = yield select(selectResultPopup);
  if (popup && popup.periodId === periodId) yield put(resultPopupClosed());
  yield put(settledBetsCleared(periodId));
}

/** Keeps `where.pathname` at the path the router last reported. */
function* followRoute(where: { pathname: string }) {
  while (true) {
    const { payload }: ReturnType<typeof routeChanged> = yield take(routeChanged);
    where.pathname = payload.pathname;
  }
}

/**
 * A period's results: its popup closes 5 s after its last result. The popup shows only on Games, so a result that
 * arrives while the player is elsewhere in the app (the router's last report) is told in a toast: no result goes
 * unannounced.
 */
function* watchBetResults() {
  const timers = new Map<string | null, Task>();
  const where = { pathname: PATHS.game as string };
  yield fork(followRoute, where);
  while (true) {
    const { payload }: ReturnType<typeof betResultReceived> = yield take(betResultReceived);
    if (where.pathname !== PATHS.game && payload.message) {
      yield put(toastShown({ kind: payload.win ? 'success' : 'info', message: payload.message }));
    }
    const periodId = payload.periodId ?? null;
    const running = timers.get(periodId);
    if (running?.isRunning()) yield cancel(running);
    for (const [key, task] of timers) if (!task.isRunning()) timers.delete(key);
    timers.set(periodId, yield fork(clearPeriodResultsLater, periodId));
  }
}

export function* gameSaga() {
  yield all([
    fork(runRoundClock),
    fork(watchPeriodFromClock),
    fork(watchBetConfirmations),
    fork(watchBetMessages),
    fork(watchBetResults),
    fork(watchSheetClosedByLock),
    fork(watchCurrentBetAnswers),
  ]);
}
