import type { PayloadAction } from '@reduxjs/toolkit';
import type { Statement } from '@app/contracts';
import { all, call, getContext, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import { ApiError, errorMessage, type ApiClient } from '../../shared/api';
import { downloadStatementCsv, fetchStatementPage, saveFile, statementFileName, type StatementQuery } from './api';
import {
  statementCsvDone,
  statementCsvFailed,
  statementCsvRequested,
  statementFailed,
  statementMoreRequested,
  statementPageLoaded,
  statementRequested,
  type StatementState,
} from './statement.slice';
import { STATEMENT_TEXTS } from './statement-texts';

const selectStatement = (state: { statement: StatementState }) => state.statement;

function* loadPage(range: StatementQuery, after: number) {
  const api: ApiClient = yield getContext('api');
  try {
    const page: Statement = yield call(fetchStatementPage, api, range, after);
    yield put(statementPageLoaded(page));
  } catch (error) {
    const errors = error instanceof ApiError ? error.errors : undefined;
    yield put(
      statementFailed({
        message: errorMessage(error, STATEMENT_TEXTS.loadFailed),
        ...(errors ? { errors: { ...errors } } : {}),
      }),
    );
  }
}

export function* loadStatement(action: PayloadAction<StatementQuery>) {
  yield* loadPage(action.payload, 0);
}

/** The next page, after the last entry shown. */
export function* loadMoreStatement() {
  const state: StatementState = yield select(selectStatement);
  if (!state.range || state.statement?.nextAfter == null) return;
  yield* loadPage(state.range, state.statement.nextAfter);
}

export function* downloadCsv(action: PayloadAction<StatementQuery>) {
  const api: ApiClient = yield getContext('api');
  try {
    const file: Blob = yield call(downloadStatementCsv, api, action.payload);
    yield call(saveFile, file, statementFileName(action.payload));
    yield put(statementCsvDone());
  } catch (error) {
    yield put(statementCsvFailed(errorMessage(error, STATEMENT_TEXTS.downloadFailed)));
  }
}

export function* watchStatement() {
  yield all([
    takeLatest(statementRequested.type, loadStatement),
    takeLeading(statementMoreRequested.type, loadMoreStatement),
    takeLeading(statementCsvRequested.type, downloadCsv),
  ]);
}
