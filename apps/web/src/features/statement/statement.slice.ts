import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Statement, StatementLine } from '@app/contracts';
import type { StatementQuery } from './api';

export interface StatementState {
  range: StatementQuery | null;
  /** The range's balances and totals (from its first page). */
  statement: Omit<Statement, 'lines'> | null;
  lines: StatementLine[];
  loading: boolean;
  error: string | null;
  errors: Record<string, string>;
  downloading: boolean;
  downloadError: string | null;
}

export const initialStatementState: StatementState = {
  range: null,
  statement: null,
  lines: [],
  loading: false,
  error: null,
  errors: {},
  downloading: false,
  downloadError: null,
};

export const statementSlice = createSlice({
  name: 'statement',
  initialState: initialStatementState,
  reducers: {
    statementRequested(state, action: PayloadAction<StatementQuery>) {
      state.range = action.payload;
      state.statement = null;
      state.lines = [];
      state.loading = true;
      state.error = null;
      state.errors = {};
    },
    statementMoreRequested(state) {
      if (state.statement?.nextAfter != null) state.loading = true;
    },
    statementPageLoaded(state, action: PayloadAction<Statement>) {
      const { lines, ...rest } = action.payload;
      state.statement = state.statement ? { ...state.statement, nextAfter: rest.nextAfter } : rest;
      state.lines.push(...lines);
      state.loading = false;
    },
    statementFailed(state, action: PayloadAction<{ message: string; errors?: Record<string, string> }>) {
      state.loading = false;
      state.error = action.payload.message;
      state.errors = action.payload.errors ?? {};
    },
    statementCsvRequested(state, _action: PayloadAction<StatementQuery>) {
      state.downloading = true;
      state.downloadError = null;
    },
    statementCsvDone(state) {
      state.downloading = false;
    },
    statementCsvFailed(state, action: PayloadAction<string>) {
      state.downloading = false;
      state.downloadError = action.payload;
    },
  },
});

export const {
  statementRequested,
  statementMoreRequested,
  statementPageLoaded,
  statementFailed,
  statementCsvRequested,
  statementCsvDone,
  statementCsvFailed,
} = statementSlice.actions;
export const statementReducer = statementSlice.reducer;
