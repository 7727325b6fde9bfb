import type { PlaceBetPayload } from '@app/contracts';
import { configureStore } from '@reduxjs/toolkit';
import { rootReducer } from '../../app/root-reducer';
import type { PlayerBet } from '../../shared/records';
import { signedOut } from '../../shared/session';
import { selectCurrentBets, selectTotalBetPaise } from '../game/selectors';
import { historyFailed, historyRequested } from '../history/history.slice';
import { selectHistory, selectHistoryBets } from '../history/selectors';
import {
  betMessageReceived,
  betResultReceived,
  betUpdated,
  currentBetsListed,
  periodAnnounced,
} from '../socket/live-events';
import { periodInfo, playerBet, playerBetResult } from '../socket/testing/live-fixtures';
import { betsFetched, betsRemoved, isAsNewAs, provisionalBetRecorded } from './bets.slice';
import { selectAllBets, selectBetById } from './selectors';

const P1 = periodInfo({ periodId: '202611210541' });

const PLACED_AT = '2026-11-21T04:30:05.000Z';
const SETTLED_AT = '2026-11-21T04:30:31.000Z';

function newStore() {
  return configureStore({ reducer: rootReducer });
}

function inPeriod() {
  const store = newStore();
  store.dispatch(periodAnnounced({ ...P1, receivedAt: P1.serverTime }));
  return store;
}

const pending = (overrides: Partial<PlayerBet> = {}) =>
  playerBet({ _id: 'a', status: 'PENDING', isWin: null, winAmountPaise: 0, updatedAt: PLACED_AT, ...overrides });
const settled = (overrides: Partial<PlayerBet> = {}) =>
  pending({
    status: 'COMPLETED',
    isWin: true,
    winAmountPaise: 1820,
    systemSelectedValue: 'red',
    updatedAt: SETTLED_AT,
    ...overrides,
  });

describe('one bet, one entity: the newest updatedAt wins', () => {
  test('an older copy never overwrites a newer one: newer first, then older', () => {
    const store = newStore();
    store.dispatch(betUpdated(settled()));
    store.dispatch(betUpdated(pending()));
    expect(selectAllBets(store.getState())).toEqual([settled()]);
  });

  test('an older copy never overwrites a newer one: older first, then newer', () => {
    const store = newStore();
    store.dispatch(betUpdated(pending()));
    store.dispatch(betUpdated(settled()));
    expect(selectAllBets(store.getState())).toEqual([settled()]);
  });

  test.each([
    ['the history fetch after the live settlement', () => [betUpdated(settled()), betsFetched([pending()])]],
    ['the live settlement after the history fetch', () => [betsFetched([pending()]), betUpdated(settled())]],
    [
      'a late current-bet answer after the bet-result',
      () => [betResultReceived(playerBetResult({ betId: 'a', bet: settled() })), currentBetsListed([pending()])],
    ],
    [
      'the placed bet-message after the bet-result',
      () => [
        betResultReceived(playerBetResult({ betId: 'a', bet: settled() })),
        betMessageReceived({ success: true, message: 'Bet placed', bet: pending() }),
      ],
    ],
  ])('whichever way each copy comes: %s', (_name, actions) => {
    const store = inPeriod();
    for (const action of actions()) store.dispatch(action);
    expect(selectAllBets(store.getState())).toEqual([settled()]);
  });

  test('a copy as new as the one held replaces it (the same state, received later)', () => {
    const store = newStore();
    store.dispatch(betUpdated(pending({ systemSelectedValue: null })));
    store.dispatch(betUpdated(pending({ systemSelectedValue: 'red' })));
    expect(selectBetById(store.getState(), 'a')?.systemSelectedValue).toBe('red');
  });

  test('fields a newer copy leaves out are kept', () => {
    const store = newStore();
    store.dispatch(betUpdated(pending({ playedFrom: 'system' })));
    const { playedFrom: _left, ...partial } = settled();
    store.dispatch(betUpdated(partial as PlayerBet));
    expect(selectBetById(store.getState(), 'a')).toEqual(settled({ playedFrom: 'system' }));
  });

  test('a copy without a readable updatedAt never overwrites one with it, and gives way to one', () => {
    expect(isAsNewAs({ updatedAt: '' }, { updatedAt: PLACED_AT })).toBe(false);
    expect(isAsNewAs({ updatedAt: PLACED_AT }, { updatedAt: 'not a date' })).toBe(true);
    expect(isAsNewAs({ updatedAt: SETTLED_AT }, { updatedAt: PLACED_AT })).toBe(true);
    expect(isAsNewAs({ updatedAt: PLACED_AT }, { updatedAt: SETTLED_AT })).toBe(false);
  });

  test('a bet appearing on the socket and then in the history fetch is one entity', () => {
    const store = inPeriod();
    store.dispatch(betMessageReceived({ success: true, message: 'Bet placed', bet: pending() }));
    store.dispatch(betUpdated(pending()));
    store.dispatch(historyRequested());
    store.dispatch(
      betsFetched([
        pending(),
        playerBet({ _id: 'older', periodId: '202611210540', createdAt: '2026-11-21T04:29:35.000Z' }),
      ]),
    );
    expect(store.getState().bets.ids).toHaveLength(2);
    expect(selectHistoryBets(store.getState()).map((bet) => bet._id)).toEqual(['a', 'older']);
    expect(selectCurrentBets(store.getState()).map((bet) => bet._id)).toEqual(['a']);
    expect(selectHistory(store.getState())).toEqual({ isLoading: false, error: null });
  });

  test("the game's current bets and the history show the same state of a bet", () => {
    const store = inPeriod();
    store.dispatch(currentBetsListed([pending()]));
    store.dispatch(betsFetched([pending()]));
    store.dispatch(betResultReceived(playerBetResult({ betId: 'a', bet: settled() })));
    const state = store.getState();
    const [current] = selectCurrentBets(state);
    const [listed] = selectHistoryBets(state);
    expect(current).toEqual(settled());
    expect(listed).toBe(current);
    // A later stale copy changes neither.
    store.dispatch(betsFetched([pending()]));
    expect(selectCurrentBets(store.getState())[0]).toBe(current);
    expect(selectHistoryBets(store.getState())[0]).toBe(current);
  });
});

describe('the history list', () => {
  test('newest first; a settled bet keeps its place, a new bet goes to the front', () => {
    const store = newStore();
    const older = playerBet({ _id: 'b', periodId: '202611210540', createdAt: '2026-11-21T04:29:35.000Z' });
    store.dispatch(betsFetched([pending(), older]));
    store.dispatch(betUpdated(settled({ _id: 'b', periodId: '202611210540', createdAt: older.createdAt })));
    expect(selectHistoryBets(store.getState()).map((bet) => [bet._id, bet.status])).toEqual([
      ['a', 'PENDING'],
      ['b', 'COMPLETED'],
    ]);
    store.dispatch(
      betUpdated(playerBet({ _id: 'fresh', periodId: '202611210542', createdAt: '2026-11-21T04:30:36.000Z' })),
    );
    expect(selectHistoryBets(store.getState()).map((bet) => bet._id)).toEqual(['fresh', 'a', 'b']);
  });

  test('live updates received while the history loads stand over its older copies', () => {
    const store = newStore();
    store.dispatch(historyRequested());
    store.dispatch(betUpdated(settled()));
    store.dispatch(
      betUpdated(
        playerBet({ _id: 'new', createdAt: '2026-11-21T04:30:40.000Z', updatedAt: '2026-11-21T04:30:40.000Z' }),
      ),
    );
    store.dispatch(betsFetched([pending(), playerBet({ _id: 'b', createdAt: '2026-11-21T04:29:35.000Z' })]));
    expect(selectHistoryBets(store.getState()).map((bet) => [bet._id, bet.status])).toEqual([
      ['new', 'PENDING'],
      ['a', 'COMPLETED'],
      ['b', 'PENDING'],
    ]);
  });

  test('a failed load keeps the bets known and says why', () => {
    const store = newStore();
    store.dispatch(betUpdated(pending()));
    store.dispatch(historyRequested());
    store.dispatch(historyFailed('Failed to fetch bets'));
    expect(selectHistory(store.getState())).toEqual({ isLoading: false, error: 'Failed to fetch bets' });
    expect(selectHistoryBets(store.getState())).toHaveLength(1);
  });
});

describe('a bet confirmed without the server sending it', () => {
  const sent: PlaceBetPayload = { periodId: P1.periodId, betType: 'number', betValue: '7', amount: 50 };

  test("is listed in the game from what was sent, not in the history, until the server's copy replaces it", () => {
    const store = inPeriod();
    store.dispatch(provisionalBetRecorded(sent, '2026-11-21T04:30:06.000Z'));
    expect(selectCurrentBets(store.getState())).toEqual([
      expect.objectContaining({ _id: 'sent:202611210541:number', betValue: '7', amountPaise: 5000, status: 'PENDING' }),
    ]);
    expect(selectHistoryBets(store.getState())).toEqual([]);
    store.dispatch(betsFetched([playerBet({ _id: 'real', betType: 'number', betValue: '7', amountPaise: 5000 })]));
    expect(store.getState().bets.ids).toEqual(['real']);
    expect(selectTotalBetPaise(store.getState())).toBe(5000);
  });

  test("is not recorded once the server's copy is known", () => {
    const store = inPeriod();
    store.dispatch(betUpdated(playerBet({ _id: 'real', betType: 'number', betValue: '7', amountPaise: 5000 })));
    store.dispatch(provisionalBetRecorded(sent));
    expect(store.getState().bets.ids).toEqual(['real']);
  });
});

test('removed bets leave every list; sign-out forgets every bet', () => {
  const store = inPeriod();
  store.dispatch(currentBetsListed([pending(), playerBet({ _id: 'b', betType: 'number' })]));
  store.dispatch(betsRemoved(['b']));
  expect(selectHistoryBets(store.getState()).map((bet) => bet._id)).toEqual(['a']);
  expect(selectCurrentBets(store.getState()).map((bet) => bet._id)).toEqual(['a']);
  store.dispatch(signedOut());
  expect(selectAllBets(store.getState())).toEqual([]);
});
