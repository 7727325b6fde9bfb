import type { PlayerBetMessage } from '../../shared/records';
import { BET_MESSAGES, DEFAULT_PAYOUTS, parsePayouts, RESULTS_KEPT } from '@app/domain';
import { configureStore } from '@reduxjs/toolkit';
import { rootReducer } from '../../app/root-reducer';
import type { RootState } from '../../shared/store-types';
import { signedOut } from '../../shared/session';
import {
  betMessageReceived,
  betResultReceived,
  betUpdated,
  currentBetsListed,
  periodAnnounced,
  resultDrawn,
  resultsListed,
  serverException,
} from '../socket/live-events';
import {
  gameResult,
  periodInfo,
  playerBet,
  playerBetResult,
  resultsNewestFirst,
} from '../socket/testing/live-fixtures';
import { balanceUpdated } from '../wallet/wallet.slice';
import {
  betPanelHidden,
  betSent,
  choiceSelected,
  clockTicked,
  gameSelected,
  resultPopupClosed,
  settledBetsCleared,
  stakeSelected,
} from './game.slice';
import {
  displayedWin,
  selectBetBlockReason,
  selectBetPanelGame,
  selectCardState,
  selectChoices,
  selectCurrentBets,
  selectShowNextRoundOverlay,
  selectBalancePaise,
  selectTotalBetPaise,
} from './selectors';

const P1 = periodInfo({ periodId: '202611210541' });
const P2 = periodInfo({
  periodId: '202611210542',
  startTime: P1.startTime + 30_000,
  serverTime: P1.startTime + 30_000,
});

function newStore() {
  return configureStore({ reducer: rootReducer });
}

/** A store in period P1 with `secondsLeft` on the clock. */
function inPeriod(secondsLeft = 20) {
  const store = newStore();
  store.dispatch(periodAnnounced({ ...P1, receivedAt: P1.serverTime }));
  store.dispatch(clockTicked(secondsLeft));
  return store;
}

const game = (state: RootState) => state.game;

describe('a period', () => {
  test('the countdown comes from the server time, not the local clock', () => {
    const store = newStore();
    // The local clock is 7 s behind the server: 4 s into the period by the server's clock.
    const receivedAt = P1.startTime + 4_000 - 7_000;
    store.dispatch(periodAnnounced({ ...P1, serverTime: P1.startTime + 4_000, receivedAt }));
    expect(game(store.getState())).toMatchObject({ clockOffsetMs: 7_000, secondsLeft: 26 });
    expect(game(store.getState()).period).toEqual({
      periodId: P1.periodId,
      startTime: P1.startTime,
      duration: 30,
      lockTime: P1.lockTime,
      seedHash: P1.seedHash,
    });
  });

  test('a new period resets the selection, the choices, the total bet and the stake', () => {
    const store = inPeriod();
    store.dispatch(currentBetsListed([playerBet({ betType: 'color', betValue: 'green', amountPaise: 10000 })]));
    store.dispatch(gameSelected('number'));
    store.dispatch(choiceSelected('7'));
    expect(selectTotalBetPaise(store.getState())).toBe(10000);
    expect(game(store.getState()).stakePaise).toBe(10000);

    store.dispatch(periodAnnounced({ ...P2, receivedAt: P2.serverTime }));

    const state = store.getState();
    expect(game(state)).toMatchObject({ selectedGame: null, selectedChoice: null, stakePaise: 0, secondsLeft: 30 });
    expect(selectChoices(state)).toEqual({});
    expect(selectTotalBetPaise(state)).toBe(0);
    expect(selectCardState(state, 'color')).toBe('open');
    // The bets of the period just ended stay listed until their results have been shown.
    expect(selectCurrentBets(state).map((b) => b.periodId)).toEqual([P1.periodId]);
  });

  test('bets of older periods do not survive a new period', () => {
    const store = inPeriod();
    store.dispatch(currentBetsListed([playerBet({ periodId: P1.periodId })]));
    const later = periodInfo({
      periodId: '202611210550',
      startTime: P1.startTime + 300_000,
      serverTime: P1.startTime + 300_000,
    });
    store.dispatch(periodAnnounced({ ...later, receivedAt: later.serverTime }));
    expect(selectCurrentBets(store.getState())).toEqual([]);
  });

  test('the same period announced again (a reconnection) keeps the selection and the bets', () => {
    const store = inPeriod();
    store.dispatch(currentBetsListed([playerBet({ amountPaise: 5000 })]));
    store.dispatch(gameSelected('bigSmall'));
    store.dispatch(periodAnnounced({ ...P1, serverTime: P1.startTime + 12_000, receivedAt: P1.startTime + 12_000 }));
    expect(game(store.getState())).toMatchObject({ selectedGame: 'bigSmall', stakePaise: 5000, secondsLeft: 18 });
    expect(selectTotalBetPaise(store.getState())).toBe(5000);
  });
});

describe('restore on load', () => {
  test("the period's bets restore the choices, the total and the largest stake", () => {
    const store = inPeriod();
    store.dispatch(
      currentBetsListed([
        playerBet({ betType: 'color', betValue: 'violet', amountPaise: 5000 }),
        playerBet({ betType: 'number', betValue: '7', amountPaise: 20000 }),
        playerBet({ betType: 'bigSmall', betValue: 'small', amountPaise: 1000 }),
      ]),
    );
    const state = store.getState();
    expect(selectChoices(state)).toEqual({ color: 'violet', number: '7', bigSmall: 'small' });
    expect(selectTotalBetPaise(state)).toBe(26000);
    expect(game(state).stakePaise).toBe(20000);
    expect(selectCardState(state, 'number')).toBe('betPlaced');
  });

  test('a stake the player already picked is kept', () => {
    const store = inPeriod();
    store.dispatch(stakeSelected(1000));
    store.dispatch(currentBetsListed([playerBet({ amountPaise: 50000 })]));
    expect(game(store.getState()).stakePaise).toBe(1000);
  });

  test("bets of another period in the answer are not this period's choices", () => {
    const store = inPeriod();
    store.dispatch(currentBetsListed([playerBet({ periodId: '202611210540', amountPaise: 100000 })]));
    expect(selectChoices(store.getState())).toEqual({});
    expect(selectTotalBetPaise(store.getState())).toBe(0);
    expect(game(store.getState()).stakePaise).toBe(0);
  });

  // An empty answer clearing what was listed for the period: game.saga.test.ts (the game saga drops those bets).
});

describe('results list', () => {
  test('the full list replaces the kept one with its first 15', () => {
    const store = newStore();
    store.dispatch(resultDrawn(gameResult('202611210001', 3)));
    const twenty = resultsNewestFirst(20);
    store.dispatch(resultsListed(twenty));
    expect(game(store.getState()).results).toEqual(twenty.slice(0, RESULTS_KEPT));
  });

  test('a new result is added at the top, unless it is the same period as the latest', () => {
    const store = newStore();
    store.dispatch(resultsListed(resultsNewestFirst(3)));
    const next = gameResult('20261121' + '0104', 5);
    store.dispatch(resultDrawn(next));
    store.dispatch(resultDrawn({ ...next, digit: 9 }));
    const results = game(store.getState()).results;
    expect(results).toHaveLength(4);
    expect(results[0]).toEqual(next);
  });

  test('no more than 15 are kept', () => {
    const store = newStore();
    store.dispatch(resultsListed(resultsNewestFirst(15)));
    store.dispatch(resultDrawn(gameResult('202611210999', 1)));
    const results = game(store.getState()).results;
    expect(results).toHaveLength(15);
    expect(results[0]!.periodId).toBe('202611210999');
    expect(results[14]!.periodId).toBe('202611210102');
  });
});

describe('betting lock', () => {
  test('cards lock at 5 s or less and with a bet on them; bet cards show as placed', () => {
    const store = inPeriod(6);
    store.dispatch(currentBetsListed([playerBet({ betType: 'number', betValue: '3' })]));
    expect(selectCardState(store.getState(), 'color')).toBe('open');
    expect(selectCardState(store.getState(), 'number')).toBe('betPlaced');

    store.dispatch(clockTicked(5));
    expect(selectCardState(store.getState(), 'color')).toBe('locked');
    expect(selectCardState(store.getState(), 'bigSmall')).toBe('locked');
    expect(selectCardState(store.getState(), 'number')).toBe('betPlaced');
  });

  test('the bet panel shows only for a selected card with more than 5 s left and no bet on it', () => {
    const store = inPeriod(6);
    expect(selectBetPanelGame(store.getState())).toBeNull();
    store.dispatch(gameSelected('color'));
    expect(selectBetPanelGame(store.getState())).toBe('color');
    store.dispatch(clockTicked(5));
    expect(selectBetPanelGame(store.getState())).toBeNull();

    const other = inPeriod(20);
    other.dispatch(currentBetsListed([playerBet({ betType: 'color' })]));
    other.dispatch(gameSelected('color'));
    expect(selectBetPanelGame(other.getState())).toBeNull();
  });

  test('the overlay shows at 5 s or less only for a player with a bet', () => {
    const store = inPeriod(6);
    store.dispatch(currentBetsListed([playerBet()]));
    expect(selectShowNextRoundOverlay(store.getState())).toBe(false);
    store.dispatch(clockTicked(5));
    expect(selectShowNextRoundOverlay(store.getState())).toBe(true);

    const noBet = inPeriod(3);
    expect(selectShowNextRoundOverlay(noBet.getState())).toBe(false);
  });
});

describe('bet block reasons (SPEC 5)', () => {
  function ready(secondsLeft = 20) {
    const store = inPeriod(secondsLeft);
    store.dispatch(balanceUpdated({ balance: 150, mainBalance: 100, bonusBalance: 50 }));
    store.dispatch(gameSelected('color'));
    store.dispatch(choiceSelected('red'));
    store.dispatch(stakeSelected(10000));
    return store;
  }

  test('a complete bet with enough balance may go', () => {
    expect(selectBetBlockReason(ready().getState())).toBeNull();
  });

  test.each([
    [
      'no current period',
      () => {
        const s = newStore();
        s.dispatch(balanceUpdated({ balance: 150, mainBalance: 150, bonusBalance: 0 }));
        s.dispatch(gameSelected('color'));
        s.dispatch(choiceSelected('red'));
        s.dispatch(stakeSelected(1000));
        return s;
      },
      BET_MESSAGES.noPeriod,
    ],
    ['5 s or less left', () => ready(5), BET_MESSAGES.bettingClosed],
    [
      'a bet on the game already',
      () => {
        const s = ready();
        s.dispatch(currentBetsListed([playerBet({ betType: 'color' })]));
        return s;
      },
      BET_MESSAGES.alreadyBet,
    ],
    [
      'no stake',
      () => {
        const s = ready();
        s.dispatch(stakeSelected(0));
        return s;
      },
      BET_MESSAGES.stakeRequired,
    ],
    [
      'balance unknown',
      () => {
        const s = inPeriod();
        s.dispatch(gameSelected('color'));
        s.dispatch(choiceSelected('red'));
        s.dispatch(stakeSelected(1000));
        return s;
      },
      BET_MESSAGES.balanceUnknown,
    ],
    [
      'balance below the stake',
      () => {
        const s = ready();
        s.dispatch(stakeSelected(20000));
        return s;
      },
      BET_MESSAGES.insufficientBalance,
    ],
  ])('blocked with %s', (_name, make, message) => {
    expect(selectBetBlockReason(make().getState())).toBe(message);
  });
});

describe('selection', () => {
  test('one game at a time; selecting again deselects', () => {
    const store = inPeriod();
    store.dispatch(gameSelected('color'));
    expect(game(store.getState()).selectedGame).toBe('color');
    store.dispatch(choiceSelected('green'));
    store.dispatch(gameSelected('number'));
    expect(game(store.getState())).toMatchObject({ selectedGame: 'number', selectedChoice: null });
    store.dispatch(gameSelected('number'));
    expect(game(store.getState()).selectedGame).toBeNull();
  });

  test('a choice picked again is cleared; hide clears the selection', () => {
    const store = inPeriod();
    store.dispatch(gameSelected('bigSmall'));
    store.dispatch(choiceSelected('big'));
    store.dispatch(choiceSelected('big'));
    expect(game(store.getState()).selectedChoice).toBeNull();
    store.dispatch(choiceSelected('small'));
    store.dispatch(betPanelHidden());
    expect(game(store.getState())).toMatchObject({ selectedGame: null, selectedChoice: null });
  });
});

describe('after a bet is placed', () => {
  const sent = { periodId: P1.periodId, betType: 'number' as const, betValue: '7', amount: 50 };

  test('the selection clears, the choice is recorded and the total increases by the stake', () => {
    const store = inPeriod();
    store.dispatch(currentBetsListed([playerBet({ betType: 'color', amountPaise: 1000 })]));
    store.dispatch(gameSelected('number'));
    store.dispatch(choiceSelected('7'));
    store.dispatch(stakeSelected(5000));
    store.dispatch(betSent(sent));
    expect(game(store.getState()).pendingBet).toEqual(sent);

    const placed = playerBet({ betType: 'number', betValue: '7', amountPaise: 5000 });
    store.dispatch(
      betMessageReceived({
        success: true,
        message: 'Bet placed',
        bet: placed,
        periodId: P1.periodId,
        betType: 'number',
      }),
    );

    const state = store.getState();
    expect(game(state)).toMatchObject({ selectedGame: null, selectedChoice: null, pendingBet: null, stakePaise: 5000 });
    expect(selectChoices(state)).toEqual({ color: 'red', number: '7' });
    expect(selectTotalBetPaise(state)).toBe(6000);
    expect(selectCardState(state, 'number')).toBe('betPlaced');

    // The current-bet-response that follows does not count it twice.
    store.dispatch(currentBetsListed([selectCurrentBets(state)[0]!, placed]));
    expect(selectTotalBetPaise(store.getState())).toBe(6000);
  });

  // A confirmation without the bet recording what was sent: game.saga.test.ts (the game saga records it).

  test('a refusal keeps the selection and records nothing', () => {
    const store = inPeriod();
    store.dispatch(gameSelected('number'));
    store.dispatch(choiceSelected('7'));
    store.dispatch(betSent(sent));
    const refusal: PlayerBetMessage = {
      success: false,
      message: 'Insufficient balance.',
      periodId: P1.periodId,
      betType: 'number',
    };
    store.dispatch(betMessageReceived(refusal));
    expect(game(store.getState())).toMatchObject({ selectedGame: 'number', selectedChoice: '7', pendingBet: null });
    expect(selectTotalBetPaise(store.getState())).toBe(0);
  });

  test('a message about another period (a refund notice) is not the answer to the bet in flight', () => {
    const store = inPeriod();
    store.dispatch(betSent(sent));
    store.dispatch(
      betMessageReceived({
        success: false,
        message: 'Period 202611210540 could not be drawn in time, so your bets were refunded.',
        periodId: '202611210540',
      }),
    );
    expect(game(store.getState()).pendingBet).toEqual(sent);
    store.dispatch(
      betMessageReceived({
        success: false,
        message: 'Insufficient balance.',
        periodId: P1.periodId,
        betType: 'number',
      }),
    );
    expect(game(store.getState()).pendingBet).toBeNull();
  });

  test('a socket exception ends the wait for an answer', () => {
    const store = inPeriod();
    store.dispatch(betSent(sent));
    store.dispatch(serverException('Too many requests'));
    expect(game(store.getState()).pendingBet).toBeNull();
  });

  test('the displayed win is stake × payout', () => {
    const options = { payouts: DEFAULT_PAYOUTS, gstBps: 1800 };
    // ₹100 on a digit: ₹900 gross, 18 % GST on the ₹800 won above the stake (₹144), ₹756 credited.
    expect(displayedWin({ amountPaise: 10000, betType: 'number', betValue: '7' }, options)).toEqual({
      gross: 90000,
      gst: 14400,
      net: 75600,
    });
    // ₹10 on a colour: ₹20 gross, ₹1.80 GST, ₹18.20 credited.
    expect(displayedWin({ amountPaise: 1000, betType: 'color', betValue: 'red' }, options)).toEqual({
      gross: 2000,
      gst: 180,
      net: 1820,
    });
    expect(displayedWin({ amountPaise: 10000, betType: 'bigSmall', betValue: 'big' }, options)).toEqual({
      gross: 20000,
      gst: 1800,
      net: 18200,
    });
    expect(
      displayedWin(
        { amountPaise: 1000, betType: 'number', betValue: '3' },
        { payouts: parsePayouts('number=8.35'), gstBps: 0 },
      ),
    ).toEqual({ gross: 8350, gst: 0, net: 8350 });
    // Each choice at its own payout: violet ×4.5 while red stays ×2.
    const violet = { payouts: parsePayouts('violet=4.5'), gstBps: 1800 };
    expect(displayedWin({ amountPaise: 10000, betType: 'color', betValue: 'violet' }, violet)).toEqual({
      gross: 45000,
      gst: 6300,
      net: 38700,
    });
    expect(displayedWin({ amountPaise: 10000, betType: 'color', betValue: 'red' }, violet).gross).toBe(20000);
  });
});

describe('live bet updates and results', () => {
  test('a settled bet updates its entry; a refunded one leaves the list', () => {
    const store = inPeriod();
    const a = playerBet({ _id: 'a' });
    const b = playerBet({ _id: 'b', betType: 'number', betValue: '1' });
    store.dispatch(currentBetsListed([a, b]));
    store.dispatch(betUpdated({ ...a, status: 'COMPLETED', isWin: true, winAmountPaise: 1820 }));
    store.dispatch(betUpdated({ ...b, status: 'REFUNDED' }));
    expect(selectCurrentBets(store.getState())).toEqual([
      { ...a, status: 'COMPLETED', isWin: true, winAmountPaise: 1820 },
    ]);
  });

  test("a bet placed from another tab in this period counts; another period's unknown bet does not", () => {
    const store = inPeriod();
    store.dispatch(betUpdated(playerBet({ _id: 'tab2', betType: 'bigSmall', betValue: 'big', amountPaise: 20000 })));
    store.dispatch(betUpdated(playerBet({ _id: 'old', periodId: '202611210001', amountPaise: 1000 })));
    expect(selectCurrentBets(store.getState()).map((b) => b._id)).toEqual(['tab2']);
    expect(selectTotalBetPaise(store.getState())).toBe(20000);
  });

  test("the bet-results of one period are grouped into one popup; another period's start a new one", () => {
    const store = inPeriod();
    store.dispatch(betResultReceived(playerBetResult({ betId: '1' })));
    store.dispatch(
      betResultReceived(playerBetResult({ betId: '2', gameType: 'number', win: true, winAmountPaise: 7560 })),
    );
    expect(game(store.getState()).resultPopup).toMatchObject({
      periodId: P1.periodId,
      results: [{ betId: '1' }, { betId: '2' }],
    });
    store.dispatch(betResultReceived(playerBetResult({ betId: '3', periodId: '202611210542' })));
    expect(game(store.getState()).resultPopup).toMatchObject({ periodId: '202611210542', results: [{ betId: '3' }] });
    store.dispatch(resultPopupClosed());
    expect(game(store.getState()).resultPopup).toBeNull();
  });

  test("clearing a period's settled bets keeps the current period's", () => {
    const store = inPeriod();
    store.dispatch(currentBetsListed([playerBet({ _id: 'old' })]));
    store.dispatch(periodAnnounced({ ...P2, receivedAt: P2.serverTime }));
    store.dispatch(currentBetsListed([playerBet({ _id: 'new', periodId: P2.periodId })]));
    store.dispatch(settledBetsCleared(P1.periodId));
    expect(selectCurrentBets(store.getState()).map((b) => b._id)).toEqual(['new']);
  });

  test('the game shows the one wallet balance, stakeable (main + bonus); sign-out forgets everything', () => {
    const store = inPeriod();
    store.dispatch(balanceUpdated({ balance: 250.5, mainBalance: 200, bonusBalance: 50.5 }));
    expect(selectBalancePaise(store.getState())).toBe(25_050);
    expect(store.getState().game).not.toHaveProperty('balance');
    store.dispatch(signedOut());
    expect(game(store.getState())).toMatchObject({ period: null, listedPeriodIds: [], results: [] });
    expect(selectCurrentBets(store.getState())).toEqual([]);
    expect(store.getState().bets.ids).toEqual([]);
    expect(selectBalancePaise(store.getState())).toBeNull();
  });
});
