import { BET_MESSAGES, GAME_TEXTS, RESULT_CLEAR_MS } from '@app/domain';
import {
  betPanelHidden,
  betConfirmed,
  choiceSelected,
  gameSelected,
  resultPopupClosed,
  stakeSelected,
} from './game.slice';
import { BET_ANSWER_ASK_MS, BET_ANSWER_TIMEOUT_MS, BET_NO_ANSWER_MESSAGE, msUntilNextTick } from './game.saga';
import { selectChoices, selectCurrentBets, selectTotalBetPaise } from './selectors';
import { selectHistoryBets } from '../history/selectors';
import { bet, betResult, periodInfo } from '../socket/testing/live-fixtures';
import { renderLive } from '../../test/render-live';
import { routeChanged } from '../../shared/session';

const START = Date.parse('2026-11-21T04:30:00.000Z');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Signed in, connected, in a period that started `elapsedMs` ago by the server's clock, on fake timers. */
async function liveInPeriod({ elapsedMs = 1_000, skewMs = 0, balance = 1_000 } = {}) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(START + elapsedMs - skewMs);
  const live = renderLive('/', { headless: true });
  await vi.waitFor(() => expect(live.sockets.sockets).toHaveLength(1));
  const socket = live.sockets.socket;
  socket.accept();
  socket.push(
    'next-period-id',
    periodInfo({ periodId: '202611210541', startTime: START, serverTime: START + elapsedMs }),
  );
  socket.push('balance-update', { balance, mainBalance: balance, bonusBalance: 0 });
  socket.clearSent();
  return { ...live, socket };
}

const toasts = (live: { store: { getState(): { toasts: { items: { kind: string; message: string }[] } } } }) =>
  live.store.getState().toasts.items.map((t) => [t.kind, t.message]);

afterEach(() => vi.useRealTimers());

describe('the round clock', () => {
  test('waits exactly until the countdown changes', () => {
    expect(msUntilNextTick(25_300)).toBe(315);
    expect(msUntilNextTick(25_000)).toBe(1_015);
    expect(msUntilNextTick(0)).toBe(1_000);
  });

  test('ticks every second from the server offset, down to the lock and 0', async () => {
    // The phone's clock is 3 s behind the server.
    const live = await liveInPeriod({ elapsedMs: 500, skewMs: 3_000 });
    const seconds = () => live.store.getState().game.secondsLeft;
    expect(seconds()).toBe(30);
    await vi.advanceTimersByTimeAsync(499);
    expect(seconds()).toBe(30);
    await vi.advanceTimersByTimeAsync(20);
    expect(seconds()).toBe(29);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(seconds()).toBe(28);
    await vi.advanceTimersByTimeAsync(23_000);
    expect(seconds()).toBe(5);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(seconds()).toBe(0);
  });

  test('a new period restarts it at once', async () => {
    const live = await liveInPeriod({ elapsedMs: 29_000 });
    expect(live.store.getState().game.secondsLeft).toBe(1);
    live.socket.push(
      'next-period-id',
      periodInfo({ periodId: '202611210542', startTime: START + 30_000, serverTime: START + 30_200 }),
    );
    expect(live.store.getState().game.secondsLeft).toBe(30);
  });
});

describe('the lock and an open bet sheet', () => {
  test('a sheet with a picked but unconfirmed choice closed by the lock says nothing was placed; an empty sheet closes quietly', async () => {
    const live = await liveInPeriod({ elapsedMs: 23_000 });
    live.store.dispatch(gameSelected('color'));
    live.store.dispatch(choiceSelected('red'));
    await vi.advanceTimersByTimeAsync(2_100);
    expect(toasts(live)).toEqual([['info', GAME_TEXTS.sheetClosedAtLock]]);

    const quiet = await liveInPeriod({ elapsedMs: 23_000 });
    quiet.store.dispatch(gameSelected('color'));
    await vi.advanceTimersByTimeAsync(2_100);
    expect(toasts(quiet)).toEqual([]);
  });
});

describe('result popup and bet list timing', () => {
  test('a result that arrives while the player is off Games is told in a toast; on Games the popup alone tells it', async () => {
    const live = await liveInPeriod({ elapsedMs: 20_000 });
    live.store.dispatch(routeChanged({ pathname: '/wallet' }));
    live.socket.push(
      'bet-result',
      betResult({
        periodId: '202611210541',
        betId: 'a',
        win: true,
        winAmount: 18.2,
        message: 'You won ₹18.20 on Red!',
      }),
    );
    expect(toasts(live)).toEqual([['success', 'You won ₹18.20 on Red!']]);

    live.store.dispatch(routeChanged({ pathname: '/game' }));
    live.socket.push(
      'bet-result',
      betResult({ periodId: '202611210541', betId: 'b', win: false, lossAmount: 10, message: 'You lost ₹10.00 on 7.' }),
    );
    expect(toasts(live)).toHaveLength(1);
  });

  test('the popup clears after 5 s and the settled bets leave the list after 5 s', async () => {
    const live = await liveInPeriod({ elapsedMs: 20_000 });
    live.socket.push('current-bet-response', [bet({ _id: 'a', periodId: '202611210541' })]);
    live.socket.push(
      'next-period-id',
      periodInfo({ periodId: '202611210542', startTime: START + 30_000, serverTime: START + 30_000 }),
    );
    live.socket.push('bet-result', betResult({ periodId: '202611210541', betId: 'a' }));
    const game = () => live.store.getState().game;
    expect(game().resultPopup).not.toBeNull();
    expect(selectCurrentBets(live.store.getState())).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(RESULT_CLEAR_MS - 1);
    expect(game().resultPopup).not.toBeNull();
    expect(selectCurrentBets(live.store.getState())).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(game().resultPopup).toBeNull();
    expect(selectCurrentBets(live.store.getState())).toEqual([]);
  });

  test('OK closes the popup at once; the bet list still clears at 5 s', async () => {
    const live = await liveInPeriod();
    live.socket.push('current-bet-response', [bet({ _id: 'a' })]);
    live.socket.push('bet-result', betResult({ betId: 'a' }));
    live.store.dispatch(resultPopupClosed());
    expect(live.store.getState().game.resultPopup).toBeNull();
    expect(selectCurrentBets(live.store.getState())).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(RESULT_CLEAR_MS);
    expect(selectCurrentBets(live.store.getState())).toEqual([]);
  });

  test("a period's later bet-result keeps its popup open 5 s from then", async () => {
    const live = await liveInPeriod();
    live.socket.push('bet-result', betResult({ betId: '1' }));
    await vi.advanceTimersByTimeAsync(3_000);
    live.socket.push('bet-result', betResult({ betId: '2', win: true, winAmount: 18.2 }));
    await vi.advanceTimersByTimeAsync(3_000);
    expect(live.store.getState().game.resultPopup?.results).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(live.store.getState().game.resultPopup).toBeNull();
  });
});

describe('Confirm Bet', () => {
  function pick(
    live: Awaited<ReturnType<typeof liveInPeriod>>,
    { game = 'color' as const, choice = 'red', stakePaise = 10000 } = {},
  ) {
    live.store.dispatch(gameSelected(game));
    live.store.dispatch(choiceSelected(choice));
    live.store.dispatch(stakeSelected(stakePaise));
  }

  test('sends place-bet with the current period, the game, the choice and the stake', async () => {
    const live = await liveInPeriod();
    pick(live);
    live.store.dispatch(betConfirmed());
    expect(live.socket.sent).toEqual([
      {
        event: 'place-bet',
        payload: {
          periodId: '202611210541',
          betType: 'color',
          betValue: 'red',
          amount: 100,
          commandId: expect.stringMatching(UUID),
          sentAt: expect.any(Number),
        },
      },
    ]);
    expect(live.store.getState().game.pendingBet).not.toBeNull();

    live.socket.push('bet-message', {
      success: true,
      message: 'Bet placed successfully',
      bet: bet({ betType: 'color', betValue: 'red', amount: 100 }),
      periodId: '202611210541',
      betType: 'color',
    });
    expect(toasts(live)).toEqual([['success', 'Bet placed successfully']]);
    expect(live.store.getState().game).toMatchObject({ pendingBet: null, selectedGame: null });
  });

  test('a refused bet shows the server message', async () => {
    const live = await liveInPeriod();
    pick(live);
    live.store.dispatch(betConfirmed());
    live.socket.push('bet-message', {
      success: false,
      message: BET_MESSAGES.bettingClosed,
      periodId: '202611210541',
      betType: 'color',
    });
    expect(toasts(live)).toEqual([['error', BET_MESSAGES.bettingClosed]]);
  });

  test.each([
    ['insufficient balance', { balance: 50 }, {}, BET_MESSAGES.insufficientBalance],
    ['locked period', { elapsedMs: 25_000 }, {}, BET_MESSAGES.bettingClosed],
    ['no stake', {}, { stakePaise: 0 }, BET_MESSAGES.stakeRequired],
  ])('a blocked bet (%s) shows why and sends nothing', async (_name, setup, choice, message) => {
    const live = await liveInPeriod(setup);
    pick(live, choice);
    live.store.dispatch(betConfirmed());
    expect(live.socket.sent).toEqual([]);
    expect(toasts(live)).toEqual([['error', message]]);
  });

  test('a bet on a game already bet on is refused locally', async () => {
    const live = await liveInPeriod();
    live.socket.push('current-bet-response', [bet({ betType: 'color' })]);
    pick(live);
    live.store.dispatch(betConfirmed());
    expect(live.socket.sent).toEqual([]);
    expect(toasts(live)).toEqual([['error', BET_MESSAGES.alreadyBet]]);
  });

  test('one bet at a time: a second confirm while waiting sends nothing', async () => {
    const live = await liveInPeriod();
    pick(live);
    live.store.dispatch(betConfirmed());
    live.store.dispatch(betConfirmed());
    expect(live.socket.sentEvents()).toEqual(['place-bet']);
  });

  test('with no answer in time the player is told and may try again', async () => {
    const live = await liveInPeriod({ elapsedMs: 1_000 });
    pick(live);
    live.store.dispatch(betConfirmed());
    await vi.advanceTimersByTimeAsync(BET_ANSWER_TIMEOUT_MS);
    expect(live.store.getState().game.pendingBet).toBeNull();
    expect(toasts(live)).toEqual([['error', BET_NO_ANSWER_MESSAGE]]);
    live.store.dispatch(betConfirmed());
    expect(live.socket.sentEvents()).toEqual(['place-bet', 'get-bet-outcomes', 'place-bet']);
    // Each bet has its own command id.
    const [first, , second] = live.socket.sent.map((m) => (m.payload as { commandId?: string }).commandId);
    expect(first).not.toBe(second);
  });

  test('a late answer is asked for by command id, and the stored answer settles the bet', async () => {
    const live = await liveInPeriod({ elapsedMs: 1_000 });
    pick(live);
    live.store.dispatch(betConfirmed());
    const { commandId } = live.socket.sent[0]!.payload as { commandId: string };
    await vi.advanceTimersByTimeAsync(BET_ANSWER_ASK_MS - 1);
    expect(live.socket.sentEvents()).toEqual(['place-bet']);
    await vi.advanceTimersByTimeAsync(1);
    expect(live.socket.sent[1]).toEqual({ event: 'get-bet-outcomes', payload: { commandIds: [commandId] } });
    // An answer to another command (same period and game) is not this bet's answer.
    live.socket.push('bet-message', {
      success: false,
      message: BET_MESSAGES.bettingClosed,
      periodId: '202611210541',
      betType: 'color',
      commandId: '0192f0c8-8a4e-7a1b-9c3d-000000000000',
    });
    expect(live.store.getState().game.pendingBet).not.toBeNull();
    live.socket.push('bet-message', {
      success: true,
      message: 'Bet placed successfully.',
      bet: bet({ betType: 'color', betValue: 'red', amount: 100 }),
      periodId: '202611210541',
      betType: 'color',
      commandId,
    });
    expect(live.store.getState().game).toMatchObject({ pendingBet: null, selectedGame: null });
    await vi.advanceTimersByTimeAsync(BET_ANSWER_TIMEOUT_MS);
    expect(toasts(live).map(([, message]) => message)).not.toContain(BET_NO_ANSWER_MESSAGE);
  });

  test('hiding the panel drops the selection', async () => {
    const live = await liveInPeriod();
    pick(live);
    live.store.dispatch(betPanelHidden());
    live.store.dispatch(betConfirmed());
    expect(live.socket.sent).toEqual([]);
    expect(toasts(live)).toEqual([['error', BET_MESSAGES.invalidChoice]]);
  });

  test("a confirmation without the bet records what was sent, until the server's bet replaces it", async () => {
    const live = await liveInPeriod();
    live.store.dispatch(gameSelected('number'));
    live.store.dispatch(choiceSelected('7'));
    live.store.dispatch(stakeSelected(5000));
    live.store.dispatch(betConfirmed());
    live.socket.push('bet-message', {
      success: true,
      message: 'Bet placed',
      periodId: '202611210541',
      betType: 'number',
    });
    expect(selectChoices(live.store.getState())).toEqual({ number: '7' });
    expect(selectTotalBetPaise(live.store.getState())).toBe(5000);
    expect(selectCurrentBets(live.store.getState()).map((b) => [b._id, b.amountPaise])).toEqual([
      ['sent:202611210541:number', 5000],
    ]);
    // Not a bet of the history: it has no id the server knows.
    expect(selectHistoryBets(live.store.getState())).toEqual([]);
    // The server's bet replaces the provisional entry.
    live.socket.push('bet-update', bet({ _id: 'real', betType: 'number', betValue: '7', amount: 50 }));
    expect(selectCurrentBets(live.store.getState()).map((b) => b._id)).toEqual(['real']);
    expect(selectTotalBetPaise(live.store.getState())).toBe(5000);
  });

  test('a late confirmation without the bet (after asking again) records what was sent too', async () => {
    const live = await liveInPeriod();
    pick(live);
    live.store.dispatch(betConfirmed());
    const { commandId } = live.socket.sent[0]!.payload as { commandId: string };
    await vi.advanceTimersByTimeAsync(BET_ANSWER_ASK_MS);
    live.socket.push('bet-message', {
      success: true,
      message: 'Bet placed',
      periodId: '202611210541',
      betType: 'color',
      commandId,
    });
    expect(selectChoices(live.store.getState())).toEqual({ color: 'red' });
  });

  test('a refusal records nothing', async () => {
    const live = await liveInPeriod();
    pick(live);
    live.store.dispatch(betConfirmed());
    live.socket.push('bet-message', {
      success: false,
      message: BET_MESSAGES.bettingClosed,
      periodId: '202611210541',
      betType: 'color',
    });
    expect(selectCurrentBets(live.store.getState())).toEqual([]);
    expect(live.store.getState().bets.ids).toEqual([]);
  });
});

describe('the current-bet answer', () => {
  test('an empty answer clears what was listed for the period', async () => {
    const live = await liveInPeriod();
    live.socket.push('current-bet-response', [bet({ _id: 'gone' })]);
    expect(selectTotalBetPaise(live.store.getState())).toBe(1000);
    live.socket.push('current-bet-response', []);
    expect(selectTotalBetPaise(live.store.getState())).toBe(0);
    expect(live.store.getState().bets.ids).toEqual([]);
  });

  test("is the whole truth about the current period only: other periods' bets stay", async () => {
    const live = await liveInPeriod();
    live.socket.push('bet-update', bet({ _id: 'older', periodId: '202611210540', status: 'COMPLETED', isWin: false }));
    live.socket.push('current-bet-response', [bet({ _id: 'a' }), bet({ _id: 'b', betType: 'number', betValue: '3' })]);
    live.socket.push('current-bet-response', [bet({ _id: 'b', betType: 'number', betValue: '3' })]);
    expect(selectCurrentBets(live.store.getState()).map((b) => b._id)).toEqual(['b']);
    expect(selectHistoryBets(live.store.getState()).map((b) => b._id)).toEqual(['b', 'older']);
  });
});
