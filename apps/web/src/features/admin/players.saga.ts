import type { PayloadAction } from '@reduxjs/toolkit';
import type { AdminPlayer, AdminPlayerOverview, PlaySafelyView } from '@app/contracts';
import { PLAYER_ACTION_MESSAGES } from '@app/domain';
import { all, call, getContext, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import { ApiError, errorMessage, type ApiClient } from '../../shared/api';
import { toastShown } from '../toasts/toasts.slice';
import { actOnPlayer, fetchPlayerLimits, fetchPlayerOverview, fetchPlayers, type PlayersQuery } from './players-api';
import {
  playerLimitsFailed,
  playerLimitsLoaded,
  playerLimitsRequested,
  playerActionDone,
  playerActionFailed,
  playerActionRequested,
  playersFailed,
  playersLoaded,
  playersRequested,
  playerOverviewFailed,
  playerOverviewLoaded,
  playerOverviewOpened,
  type AdminPlayersState,
} from './players.slice';
import { PLAYERS_TEXTS } from './players-texts';

const selectPlayers = (state: { adminPlayers?: AdminPlayersState }) => state.adminPlayers;

export function* loadPlayers(action: PayloadAction<PlayersQuery>) {
  const api: ApiClient = yield getContext('api');
  try {
    const players: AdminPlayer[] = yield call(fetchPlayers, api, action.payload);
    yield put(playersLoaded(players));
  } catch (error) {
    yield put(playersFailed(errorMessage(error, PLAYERS_TEXTS.loadFailed)));
  }
}

/** Suspend or reinstate the player of the open dialog: the server's message as a toast, its field messages in the dialog. */
export function* actOnOpenPlayer(action: PayloadAction<{ reason: string }>) {
  const api: ApiClient = yield getContext('api');
  const state: AdminPlayersState | undefined = yield select(selectPlayers);
  const acting = state?.acting;
  if (!acting) return;
  try {
    const { player, message }: { player: AdminPlayer; message?: string } = yield call(
      actOnPlayer,
      api,
      acting.userId,
      acting.action,
      action.payload.reason,
    );
    yield put(playerActionDone(player));
    const fallback = acting.action === 'suspend' ? PLAYER_ACTION_MESSAGES.suspended : PLAYER_ACTION_MESSAGES.reinstated;
    yield put(toastShown({ kind: 'success', message: message ?? fallback }));
  } catch (error) {
    const errors = error instanceof ApiError ? error.errors : undefined;
    yield put(
      playerActionFailed({
        message: errorMessage(error, PLAYERS_TEXTS.actionFailed),
        ...(errors ? { errors: { ...errors } } : {}),
      }),
    );
  }
}

export function* loadPlayerLimits(action: PayloadAction<string>) {
  const api: ApiClient = yield getContext('api');
  try {
    const view: PlaySafelyView = yield call(fetchPlayerLimits, api, action.payload);
    yield put(playerLimitsLoaded({ userId: action.payload, view }));
  } catch (error) {
    yield put(playerLimitsFailed({ userId: action.payload, message: errorMessage(error, PLAYERS_TEXTS.limitsFailed) }));
  }
}

/** The player view of the player just opened; a newer opening replaces one in flight. */
export function* loadPlayerOverview(action: PayloadAction<{ userId: string }>) {
  const api: ApiClient = yield getContext('api');
  const { userId } = action.payload;
  try {
    const overview: AdminPlayerOverview = yield call(fetchPlayerOverview, api, userId);
    yield put(playerOverviewLoaded(overview));
  } catch (error) {
    yield put(playerOverviewFailed({ userId, message: errorMessage(error, PLAYERS_TEXTS.overviewFailed) }));
  }
}

export function* watchAdminPlayers() {
  yield all([
    takeLatest(playersRequested.type, loadPlayers),
    takeLeading(playerActionRequested.type, actOnOpenPlayer),
    takeLeading(playerLimitsRequested.type, loadPlayerLimits),
    takeLatest(playerOverviewOpened.type, loadPlayerOverview),
  ]);
}
