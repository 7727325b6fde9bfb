import type { PlaceBetPayload } from '@app/contracts';
import { createEntityAdapter, createSlice, type EntityState, type PayloadAction } from '@reduxjs/toolkit';
import { wirePaise } from '../../shared/money';
import type { PlayerBet } from '../../shared/records';
import { signedOut } from '../../shared/session';
import { betMessageReceived, betResultReceived, betUpdated, currentBetsListed } from '../socket/live-events';

/**
 * The player's bets, each held once, by `_id`, whichever way it arrived: the history fetch (GET /bet), the
 * current-bet answer, a placed bet's bet-message, a bet-result or a bet-update. The game's current bets and the bet
 * history are both read from here (see `game/selectors.ts` and `history/selectors.ts`), so they always show the same
 * state of a bet. Amounts in paise.
 *
 * One merge rule: of two copies of a bet, the one with the newest `updatedAt` wins (the server moves it forward with
 * every change of the bet: placed, settled, refunded); a copy as new as the one held replaces it (the same state,
 * received later). An older copy — a history fetch that left before a settlement, a repeated answer — never
 * overwrites a newer one, whatever the order they arrive in.
 */
export type BetsState = EntityState<PlayerBet, string>;

/** Newest first: by `createdAt`, then period, then id (the order of GET /bet). */
export function newestFirst(a: PlayerBet, b: PlayerBet): number {
  return compareText(b.createdAt, a.createdAt) || compareText(b.periodId, a.periodId) || compareText(b._id, a._id);
}

function compareText(a: string | undefined, b: string | undefined): number {
  const x = a ?? '';
  const y = b ?? '';
  return x < y ? -1 : x > y ? 1 : 0;
}

export const betsAdapter = createEntityAdapter<PlayerBet, string>({
  selectId: (bet) => bet._id,
  sortComparer: newestFirst,
});

export const initialBetsState: BetsState = betsAdapter.getInitialState();

/** The merge rule: true when `incoming` may replace `held` (its `updatedAt` is not older). */
export function isAsNewAs(incoming: Pick<PlayerBet, 'updatedAt'>, held: Pick<PlayerBet, 'updatedAt'>): boolean {
  const next = Date.parse(incoming.updatedAt);
  const current = Date.parse(held.updatedAt);
  if (Number.isNaN(current)) return true;
  if (Number.isNaN(next)) return false;
  return next >= current;
}

/** The id of the entry made from a sent bet the server confirmed without sending the bet itself. */
export function provisionalBetId(periodId: string, betType: PlayerBet['betType']): string {
  return `sent:${periodId}:${betType}`;
}

export function isProvisional(bet: Pick<PlayerBet, '_id'>): boolean {
  return bet._id.startsWith('sent:');
}

/** A bet the server confirmed without sending it: recorded from what was sent until the server's copy arrives. */
export function provisionalBet(sent: PlaceBetPayload, confirmedAt: string): PlayerBet {
  return {
    _id: provisionalBetId(sent.periodId, sent.betType),
    betType: sent.betType,
    betValue: sent.betValue,
    amountPaise: wirePaise(sent.amount),
    isWin: null,
    winAmountPaise: 0,
    status: 'PENDING',
    playedFrom: 'web',
    periodId: sent.periodId,
    createdAt: confirmedAt,
    updatedAt: confirmedAt,
  };
}

/** One copy of a bet into the store, by the merge rule; the server's bet replaces the provisional entry it confirms. */
function receiveBet(state: BetsState, bet: PlayerBet) {
  const held = state.entities[bet._id];
  if (held && !isAsNewAs(bet, held)) return;
  if (!isProvisional(bet)) betsAdapter.removeOne(state, provisionalBetId(bet.periodId, bet.betType));
  // Fields a copy leaves out (an older server's) are kept from the one held.
  betsAdapter.setOne(state, held ? { ...held, ...bet } : bet);
}

function receiveBets(state: BetsState, bets: readonly PlayerBet[]) {
  for (const bet of bets) receiveBet(state, bet);
}

export const betsSlice = createSlice({
  name: 'bets',
  initialState: initialBetsState,
  reducers: {
    /** GET /bet answered (the history): each bet merged by the rule, so live updates received meanwhile stand. */
    betsFetched: (state, action: PayloadAction<PlayerBet[]>) => {
      receiveBets(state, action.payload);
    },
    /** The sent bet was confirmed without the server's copy: listed from what was sent (one bet per game and period). */
    provisionalBetRecorded: {
      reducer: (state, { payload }: PayloadAction<PlayerBet>) => {
        const confirmed = Object.values(state.entities).some(
          (bet) => !isProvisional(bet) && bet.periodId === payload.periodId && bet.betType === payload.betType,
        );
        if (!confirmed) betsAdapter.setOne(state, payload);
      },
      prepare: (sent: PlaceBetPayload, confirmedAt: string = new Date().toISOString()) => ({
        payload: provisionalBet(sent, confirmedAt),
      }),
    },
    /** Bets the server says do not exist (absent from its answer about their period). */
    betsRemoved: (state, action: PayloadAction<string[]>) => {
      betsAdapter.removeMany(state, action.payload);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(currentBetsListed, (state, { payload }) => receiveBets(state, payload))
      .addCase(betMessageReceived, (state, { payload }) => {
        if (payload.success && payload.bet) receiveBet(state, payload.bet);
      })
      .addCase(betResultReceived, (state, { payload }) => {
        if (payload.bet) receiveBet(state, payload.bet);
      })
      .addCase(betUpdated, (state, { payload }) => receiveBet(state, payload))
      .addCase(signedOut, () => initialBetsState);
  },
});

export const { betsFetched, provisionalBetRecorded, betsRemoved } = betsSlice.actions;
export const betsReducer = betsSlice.reducer;
