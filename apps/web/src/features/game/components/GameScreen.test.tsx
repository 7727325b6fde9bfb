import { act, fireEvent, screen, within } from '@testing-library/react';
import { BET_MESSAGES, currentPeriod, GAME_TEXTS, parsePayouts } from '@app/domain';
import { bet, betResult, gameResult, periodInfo, resultsNewestFirst } from '../../socket/testing/live-fixtures';
import { renderLive } from '../../../test/render-live';
import { ok, type FakeRoute } from '../../../test/fake-fetch';
import { sessionOf } from '../../play-safely/components/fixtures';
import { PLAY_SAFELY_TEXTS } from '../../play-safely/play-safely-texts';
import { OFFLINE_PANEL_REASON } from '../../socket/live-events';

const START = Date.parse('2026-11-21T04:30:00.000Z');
const PERIOD = '202611210541';

/** The Games screen, signed in; `connect` accepts the socket and announces a period `elapsedMs` in. */
async function gameScreen({
  elapsedMs = 1_000,
  balance = 1_000,
  routes = {},
}: { elapsedMs?: number; balance?: number | null; routes?: Record<string, FakeRoute> } = {}) {
  const live = renderLive('/game', { routes });
  await vi.waitFor(() => screen.getByRole('heading', { name: 'Games' }));
  await vi.waitFor(() => expect(live.sockets.sockets).toHaveLength(1));
  const socket = live.sockets.socket;
  const connect = () =>
    act(() => {
      socket.accept();
      socket.push('next-period-id', periodInfo({ periodId: PERIOD, startTime: START, serverTime: START + elapsedMs }));
      if (balance !== null) socket.push('balance-update', { balance, mainBalance: balance, bonusBalance: 0 });
      socket.clearSent();
    });
  return { ...live, socket, connect };
}

/** A tap. Under fake timers user-event would wait on timers that never run; fireEvent does not. */
const tap = (element: Element) => fireEvent.click(element);
const card = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });
const panel = () => screen.queryByTestId('bet-panel');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(START + 1_000);
});
afterEach(() => vi.useRealTimers());

describe('Games screen', () => {
  test('shows a spinner until the live connection is up', async () => {
    const { connect } = await gameScreen();
    expect(screen.getByRole('status', { name: 'Connecting to the live game' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Current period' })).not.toBeInTheDocument();
    connect();
    expect(screen.queryByRole('status', { name: 'Connecting to the live game' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Current period' })).toBeInTheDocument();
  });

  test("before the socket's first connection, the period and countdown come from the server's clock; betting waits for the socket", async () => {
    // GET /app-config answers with the server's clock 2 s ahead of this browser's.
    const live = await gameScreen({
      elapsedMs: 3_000,
      routes: { 'GET /app-config': () => ok({ roundSeconds: 30, lockSeconds: 5, serverTime: START + 3_000 }) },
    });
    const period = await vi.waitFor(() => screen.getByRole('region', { name: 'Current period' }));
    // The period the server's clock says (the socket would announce the same one).
    const fromClock = currentPeriod(START + 3_000).periodId;
    expect(within(period).getByTestId('period-id')).toHaveTextContent(fromClock);
    expect(within(period).getByRole('timer', { name: 'Period ends in 27 seconds' })).toHaveTextContent('00:27');
    // No commitment yet: it comes with the socket's announcement.
    expect(within(period).queryByTestId('period-seed-hash')).toBeNull();
    expect(screen.getByText('Connecting to the live game')).toHaveAttribute('role', 'status');
    tap(card('Color Clash'));
    tap(within(panel()! as HTMLElement).getByRole('button', { name: /^Red/ }));
    expect(within(panel()! as HTMLElement).getByRole('button', { name: 'Confirm Bet' })).toBeDisabled();
    expect(within(panel()! as HTMLElement).getByText('Connecting to the live game')).toBeInTheDocument();

    act(() => {
      live.sockets.socket.accept();
      live.sockets.socket.push(
        'next-period-id',
        periodInfo({ periodId: fromClock, startTime: START, serverTime: START + 3_000 }),
      );
    });
    expect(screen.queryByText('Connecting to the live game')).not.toBeInTheDocument();
    expect(within(period).getByTestId('period-seed-hash')).toBeInTheDocument();
    // The same period: the player's pick stays.
    expect(panel()).not.toBeNull();
  });

  test('a period from the clock that ends before the socket connects is followed by the next one', async () => {
    await gameScreen({
      routes: { 'GET /app-config': () => ok({ roundSeconds: 30, lockSeconds: 5, serverTime: START + 29_000 }) },
    });
    const period = await vi.waitFor(() => screen.getByRole('region', { name: 'Current period' }));
    expect(within(period).getByTestId('period-id')).toHaveTextContent(currentPeriod(START).periodId);
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(within(period).getByTestId('period-id')).toHaveTextContent(currentPeriod(START + 30_000).periodId);
  });

  test('period card, header countdown and balance card', async () => {
    const { connect } = await gameScreen({ elapsedMs: 4_000, balance: 1234.5 });
    connect();
    const period = screen.getByRole('region', { name: 'Current period' });
    expect(within(period).getByTestId('period-id')).toHaveTextContent(PERIOD);
    expect(within(period).getByRole('timer', { name: 'Period ends in 26 seconds' })).toHaveTextContent('00:26');
    expect(within(period).getByTestId('period-seed-hash')).toHaveTextContent('f2c096…51bf');
    expect(within(period).getByRole('link', { name: 'Provably fair' })).toHaveAttribute('href', '/fairness');
    expect(screen.getByRole('banner')).toContainElement(screen.getByRole('timer', { name: '26 seconds left' }));
    const balance = screen.getByRole('region', { name: 'Balance' });
    expect(within(balance).getByTestId('game-balance')).toHaveTextContent('₹1,234.50');
    expect(within(balance).getByTestId('total-bet')).toHaveTextContent('₹0.00');
  });

  test('the header shows a spinner at exactly 30 seconds', async () => {
    const { connect } = await gameScreen({ elapsedMs: 200 });
    connect();
    expect(screen.getByRole('status', { name: 'New round starting' })).toBeInTheDocument();
  });

  test('one game at a time: a tap selects and opens the bet panel, another tap deselects', async () => {
    const { connect } = await gameScreen();
    connect();
    expect(screen.getAllByRole('button', { name: /^(Color Clash|Big or Small|Pick a Number)/ })).toHaveLength(3);
    expect(panel()).toBeNull();

    tap(card('Color Clash'));
    expect(card('Color Clash')).toHaveAttribute('aria-pressed', 'true');
    expect(within(panel()!).getByText('Color Clash')).toBeInTheDocument();

    tap(card('Pick a Number'));
    expect(card('Color Clash')).toHaveAttribute('aria-pressed', 'false');
    expect(within(panel()!).getByText('Pick a Number')).toBeInTheDocument();

    tap(card('Pick a Number'));
    expect(panel()).toBeNull();
  });

  test("the bet panel: this product's title, choices, balance, stakes, no dead controls, each choice's chance and return, Confirm Bet, hide", async () => {
    const { connect } = await gameScreen();
    connect();
    tap(card('Pick a Number'));
    const sheet = panel()!;
    expect(within(sheet).getByRole('heading', { name: 'Round · 30 s' })).toBeInTheDocument();
    expect(within(sheet).queryByText(/Win Go/)).not.toBeInTheDocument();
    expect(
      within(within(sheet).getByRole('group', { name: 'Choices' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(within(sheet).getByText('₹1,000.00')).toBeInTheDocument();
    expect(
      within(within(sheet).getByRole('group', { name: 'Stake' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['₹10', '₹50', '₹100', '₹200', '₹500', '₹1000']);
    // The spec's Amount field and x1–x100 multipliers could never be used: they are gone.
    expect(within(sheet).queryByLabelText('Amount')).not.toBeInTheDocument();
    expect(within(sheet).queryByRole('group', { name: 'Multiplier' })).not.toBeInTheDocument();

    const confirm = within(sheet).getByRole('button', { name: GAME_TEXTS.confirmBet });
    expect(confirm).toBeDisabled();
    tap(within(sheet).getByRole('button', { name: '7' }));
    expect(confirm).toBeEnabled();
    expect(within(sheet).getByTestId('choice-odds')).toHaveTextContent(
      '7 wins 1 in 10 rounds and pays ×9: on average ₹75.60 of every ₹100.00 staked on it comes back after GST (75.6%).',
    );

    tap(within(sheet).getByRole('button', { name: /Hide/ }));
    expect(panel()).toBeNull();
    expect(card('Pick a Number')).toHaveAttribute('aria-pressed', 'false');
  });

  test('violet says plainly what it returns: one chance in five at ×2, 36.4 % after GST', async () => {
    const { connect } = await gameScreen();
    connect();
    tap(card('Color Clash'));
    const sheet = panel()!;
    const violet = within(sheet).getByRole('button', { name: 'Violet' });
    expect(violet).toHaveAccessibleDescription('1 in 5');
    expect(within(sheet).getByRole('button', { name: 'Red' })).toHaveAccessibleDescription('2 in 5');
    tap(violet);
    expect(within(sheet).getByTestId('choice-odds')).toHaveTextContent(
      'Violet wins 1 in 5 rounds and pays ×2: on average ₹36.40 of every ₹100.00 staked on it comes back after GST (36.4%).',
    );
  });

  test('a reality check pauses the bet panel: Confirm Bet is disabled and says why, nothing is sent; continuing opens it again', async () => {
    // A session signed in 15 minutes ago, less 3 seconds, with a reality check every 15 minutes.
    const session = sessionOf({
      startedAt: new Date(Date.now() - 15 * 60_000 + 3_000).toISOString(),
      realityCheckMinutes: 15,
      staked: 300,
      won: 182,
      net: -18,
    });
    const { connect, socket, store } = await gameScreen({ routes: { 'GET /player/session': () => ok({ session }) } });
    connect();
    await vi.waitFor(() => expect(screen.getByTestId('session-strip')).toBeInTheDocument());
    tap(card('Pick a Number'));
    const sheet = panel()!;
    tap(within(sheet).getByRole('button', { name: '7' }));
    tap(within(sheet).getByRole('button', { name: 'Stake ₹100.00' }));
    const confirm = within(sheet).getByRole('button', { name: GAME_TEXTS.confirmBet });
    expect(confirm).toBeEnabled();

    await act(() => vi.advanceTimersByTimeAsync(4_000));
    expect(store.getState().playSafely.realityCheckDue).toBe(true);
    const dialog = screen.getByRole('alertdialog', { name: PLAY_SAFELY_TEXTS.realityTitle });
    expect(dialog).toHaveTextContent('You have been playing for 15 minutes.');
    // The panel keeps the choice and the stake, but cannot bet until the player answers.
    expect(panel()).toBe(sheet);
    expect(confirm).toBeDisabled();
    expect(within(sheet).getByRole('status')).toHaveTextContent(PLAY_SAFELY_TEXTS.betPaused);
    tap(confirm);
    expect(socket.sent).toEqual([]);

    tap(within(dialog).getByRole('button', { name: PLAY_SAFELY_TEXTS.realityContinue }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(confirm).toBeEnabled();
    expect(within(sheet).getByRole('status')).not.toHaveTextContent(PLAY_SAFELY_TEXTS.betPaused);
    tap(confirm);
    expect(socket.sent).toEqual([
      {
        event: 'place-bet',
        payload: {
          periodId: PERIOD,
          betType: 'number',
          betValue: '7',
          amount: 100,
          commandId: expect.any(String),
          sentAt: expect.any(Number),
        },
      },
    ]);
  });

  test('offline the bet panel is disabled and says why; a bet sent carries its time in server time', async () => {
    const { connect, socket } = await gameScreen({ elapsedMs: 3_000 });
    connect();
    tap(card('Big or Small'));
    const sheet = panel()!;
    tap(within(sheet).getByRole('button', { name: 'Big' }));
    tap(within(sheet).getByRole('button', { name: 'Stake ₹10.00' }));
    const confirm = within(sheet).getByRole('button', { name: GAME_TEXTS.confirmBet });
    expect(confirm).toBeEnabled();

    act(() => socket.drop());
    expect(confirm).toBeDisabled();
    expect(within(sheet).getByRole('status')).toHaveTextContent(OFFLINE_PANEL_REASON);
    tap(confirm);
    expect(socket.sent).toEqual([]);

    act(() => socket.accept());
    socket.clearSent();
    expect(confirm).toBeEnabled();
    tap(confirm);
    expect(socket.sent).toEqual([
      { event: 'place-bet', payload: expect.objectContaining({ betType: 'bigSmall', betValue: 'big' }) },
    ]);
    // In server time: the server's clock was 2 s ahead of this one when the period was announced.
    const { sentAt } = (socket.sent[0] as { payload: { sentAt: number } }).payload;
    expect(Math.abs(sentAt - (Date.now() + 2_000))).toBeLessThan(500);
  });

  test('colour choices are drawn in their colours and big/small choices are offered', async () => {
    const { connect } = await gameScreen();
    connect();
    tap(card('Color Clash'));
    const choices = within(panel()!).getByRole('group', { name: 'Choices' });
    expect(within(choices).getByRole('button', { name: 'Red' })).toHaveClass('choice-btn--red');
    expect(within(choices).getByRole('button', { name: 'Green' })).toHaveClass('choice-btn--green');
    expect(within(choices).getByRole('button', { name: 'Violet' })).toHaveClass('choice-btn--violet');
    tap(card('Big or Small'));
    const bigSmall = within(within(panel()!).getByRole('group', { name: 'Choices' })).getAllByRole('button');
    expect(bigSmall.map((b) => b.firstChild?.textContent)).toEqual(['Big', 'Small']);
    for (const b of bigSmall) expect(b).toHaveAccessibleDescription('1 in 2');
  });

  test('with the server paying violet ×4.5 (PAYOUTS=violet=4.5), the sheet says so and its win is violet’s; red stays ×2', async () => {
    const { connect, store } = await gameScreen({
      routes: { 'GET /app-config': () => ok({ payouts: parsePayouts('violet=4.5') }) },
    });
    await vi.waitFor(() => expect(store.getState().config.loaded).toBe(true));
    connect();
    tap(card('Color Clash'));
    const sheet = panel()!;
    tap(within(sheet).getByRole('button', { name: 'Violet' }));
    // 0.2 × (4.5 − 18 % GST on the 3.5 won above the stake) = 77.4 %.
    expect(within(sheet).getByTestId('choice-odds')).toHaveTextContent(
      'Violet wins 1 in 5 rounds and pays ×4.5: on average ₹77.40 of every ₹100.00 staked on it comes back after GST (77.4%).',
    );
    tap(within(sheet).getByRole('button', { name: 'Stake ₹100.00' }));
    // ₹100 × 4.5 = ₹450, less 18 % GST on ₹350 (₹63): ₹387 credited.
    expect(sheet.querySelector('.bet-sheet__summary')).toHaveTextContent('₹387.00');
    expect(sheet.querySelector('.bet-sheet__summary')).toHaveTextContent('₹450.00 less ₹63.00 GST');
    tap(within(sheet).getByRole('button', { name: 'Red' }));
    expect(within(sheet).getByTestId('choice-odds')).toHaveTextContent('Red wins 2 in 5 rounds and pays ×2:');
    expect(sheet.querySelector('.bet-sheet__summary')).toHaveTextContent('₹182.00');
  });

  test('the panel says why a bet cannot go: no stake, then too little balance', async () => {
    const { connect, socket } = await gameScreen({ balance: 40 });
    connect();
    tap(card('Big or Small'));
    const sheet = panel()!;
    tap(within(sheet).getByRole('button', { name: 'Big' }));
    expect(within(sheet).getByRole('status')).toHaveTextContent(BET_MESSAGES.stakeRequired);
    tap(within(sheet).getByRole('button', { name: 'Stake ₹50.00' }));
    expect(within(sheet).getByRole('status')).toHaveTextContent(BET_MESSAGES.insufficientBalance);
    tap(within(sheet).getByRole('button', { name: GAME_TEXTS.confirmBet }));
    expect(socket.sent).toEqual([]);
    expect(screen.getByRole('alert')).toHaveTextContent(BET_MESSAGES.insufficientBalance);
  });

  test('placing a bet: it goes out, the card shows Bet Placed, the total grows and the bet is listed', async () => {
    const { connect, socket } = await gameScreen();
    connect();
    tap(card('Pick a Number'));
    const sheet = panel()!;
    tap(within(sheet).getByRole('button', { name: '7' }));
    tap(within(sheet).getByRole('button', { name: 'Stake ₹100.00' }));
    // What is credited after 18 % GST on the ₹800 won above the stake, and how it is reached.
    expect(within(sheet).getByText('₹756.00')).toBeInTheDocument();
    expect(sheet.querySelector('.bet-sheet__summary')).toHaveTextContent('You win ₹756.00 (₹900.00 less ₹144.00 GST)');
    tap(within(sheet).getByRole('button', { name: GAME_TEXTS.confirmBet }));
    expect(socket.sent).toEqual([
      {
        event: 'place-bet',
        payload: {
          periodId: PERIOD,
          betType: 'number',
          betValue: '7',
          amount: 100,
          commandId: expect.any(String),
          sentAt: expect.any(Number),
        },
      },
    ]);
    expect(within(sheet).getByRole('button', { name: GAME_TEXTS.confirmBet })).toBeDisabled();
    // The sheet itself says the bet is on its way.
    expect(within(sheet).getByRole('status')).toHaveTextContent('Placing your bet…');

    act(() => {
      const placed = bet({ _id: 'b7', betType: 'number', betValue: '7', amount: 100, periodId: PERIOD });
      socket.push('bet-message', {
        success: true,
        message: 'Bet placed successfully',
        bet: placed,
        periodId: PERIOD,
        betType: 'number',
      });
      socket.push('balance-update', { balance: 900, mainBalance: 900, bonusBalance: 0 });
      socket.push('current-bet-response', [placed]);
    });

    expect(screen.getByText('Bet placed successfully')).toBeInTheDocument();
    expect(panel()).toBeNull();
    expect(card('Pick a Number')).toBeDisabled();
    expect(within(card('Pick a Number')).getByText(GAME_TEXTS.betPlaced)).toBeInTheDocument();
    expect(screen.getByTestId('total-bet')).toHaveTextContent('₹100.00');
    expect(screen.getByTestId('game-balance')).toHaveTextContent('₹900.00');
    const list = within(screen.getByRole('region', { name: 'Current bets' })).getByRole('listitem');
    expect(list).toHaveTextContent('Pick a Number');
    expect(list).toHaveTextContent('₹100.00');
    // Potential win: 100 × 9 = ₹900 gross, less 18 % GST on the ₹800 won above the stake.
    expect(list).toHaveTextContent('Potential win ₹756.00 (₹900.00 less ₹144.00 GST)');
    // Confirmed inline: on the card (choice and stake) and in Current bets.
    expect(screen.getByTestId('game-card-number-placed')).toHaveTextContent('7₹100.00');
    expect(list).toHaveTextContent('✓ Confirmed');
    expect(list).toHaveClass('current-bet--confirmed');
  });

  test('at 5 s the cards lock, and a player with a bet sees the next-round overlay', async () => {
    const { connect, socket } = await gameScreen({ elapsedMs: 20_000 });
    connect();
    act(() => socket.push('current-bet-response', [bet({ betType: 'color', betValue: 'green', periodId: PERIOD })]));
    expect(card('Big or Small')).toBeEnabled();
    expect(screen.queryByTestId('next-round-overlay')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(5_020));
    expect(within(card('Big or Small')).getByText(GAME_TEXTS.locked)).toBeInTheDocument();
    expect(card('Big or Small')).toBeDisabled();
    expect(within(card('Color Clash')).getByText(GAME_TEXTS.betPlaced)).toBeInTheDocument();
    const overlay = screen.getByRole('dialog', { name: GAME_TEXTS.resultComing });
    expect(within(overlay).getByRole('timer')).toHaveTextContent('5');
    expect(overlay).toHaveTextContent('Betting closed. Your result is coming.');
    expect(overlay).toHaveTextContent('Next round starts soon!');
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(within(overlay).getByRole('timer')).toHaveTextContent('3');

    // The next period takes it away and opens the cards again.
    act(() =>
      socket.push(
        'next-period-id',
        periodInfo({ periodId: '202611210542', startTime: START + 30_000, serverTime: START + 30_000 }),
      ),
    );
    expect(screen.queryByTestId('next-round-overlay')).toBeNull();
    expect(card('Color Clash')).toBeEnabled();
  });

  test('no overlay for a player without a bet, and the bet panel closes at the lock', async () => {
    const { connect } = await gameScreen({ elapsedMs: 23_000 });
    connect();
    tap(card('Color Clash'));
    expect(panel()).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(2_100));
    expect(panel()).toBeNull();
    expect(screen.queryByTestId('next-round-overlay')).toBeNull();
  });

  test('the result popup groups a period’s results, says it closes itself and closes on OK', async () => {
    const { connect, socket } = await gameScreen();
    connect();
    act(() => {
      socket.push(
        'bet-result',
        betResult({ betId: '1', gameType: 'color', win: false, lossAmount: 10, message: 'Red lost' }),
      );
      socket.push(
        'bet-result',
        betResult({ betId: '2', gameType: 'number', win: true, winAmount: 75.6, message: 'You won on 7' }),
      );
    });
    const popup = screen.getByRole('dialog', { name: GAME_TEXTS.congratulations });
    const rows = within(popup).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Color Clash');
    expect(rows[0]).toHaveTextContent('LOSS');
    expect(rows[0]).toHaveTextContent('Red lost');
    expect(rows[0]).toHaveTextContent('−₹10.00');
    expect(rows[1]).toHaveTextContent('Pick a Number');
    expect(rows[1]).toHaveTextContent('WIN');
    expect(rows[1]).toHaveTextContent('+₹75.60');
    expect(within(rows[1]!).getByText(/\d{2}:\d{2}:\d{2}/)).toBeInTheDocument();
    expect(popup).toHaveTextContent('Auto closing in 5 seconds...');
    tap(within(popup).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test("the popup's rows add up to the round's effect on the balance: a win shows what it added (credit less stake)", async () => {
    const { connect, socket } = await gameScreen();
    connect();
    act(() => {
      socket.push(
        'bet-result',
        betResult({
          betId: '1',
          gameType: 'color',
          win: false,
          lossAmount: 10,
          bet: bet({ _id: '1', betType: 'color', betValue: 'red', amount: 10, status: 'COMPLETED', isWin: false }),
        }),
      );
      socket.push(
        'bet-result',
        betResult({
          betId: '2',
          gameType: 'bigSmall',
          win: true,
          winAmount: 18.2,
          bet: bet({
            _id: '2',
            betType: 'bigSmall',
            betValue: 'big',
            amount: 10,
            status: 'COMPLETED',
            isWin: true,
            winAmount: 18.2,
          }),
        }),
      );
    });
    const popup = screen.getByRole('dialog', { name: GAME_TEXTS.congratulations });
    const rows = within(popup).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('−₹10.00');
    expect(rows[1]).toHaveTextContent('+₹8.20');
    expect(rows[1]).toHaveTextContent('₹18.20 credited for a ₹10.00 stake');
    expect(within(popup).getByTestId('round-net')).toHaveTextContent('This round: −₹1.80');
  });

  test('the result popup shows the drawn result above the bets, and its countdown matches how long it stays', async () => {
    const { connect, socket } = await gameScreen();
    connect();
    act(() => {
      socket.push('game-result', gameResult(PERIOD, 7));
      socket.push('bet-result', betResult({ betId: '1', gameType: 'number', win: true, winAmount: 75.6 }));
    });
    const popup = screen.getByRole('dialog', { name: GAME_TEXTS.congratulations });
    const drawn = within(popup).getByTestId('popup-drawn-result');
    expect(drawn).toHaveAccessibleName('Result: 7, Green, Big');
    expect(drawn).toHaveTextContent('7');
    expect(drawn).toHaveTextContent('Green');
    expect(drawn).toHaveTextContent('Big');
    // The drawn result comes before the player's WIN/LOSS lines.
    expect(
      drawn.compareDocumentPosition(within(popup).getByRole('list')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(popup).toHaveTextContent('Auto closing in 5 seconds...');
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(popup).toHaveTextContent('Auto closing in 3 seconds...');
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(popup).toHaveTextContent('Auto closing in 1 second...');
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('a popup without a win says Better Luck Next Time and is gone after 5 s', async () => {
    const { connect, socket } = await gameScreen();
    connect();
    act(() => socket.push('bet-result', betResult()));
    expect(screen.getByRole('dialog', { name: GAME_TEXTS.betterLuck })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('results: the last 5 newest first, Show More and Show Less', async () => {
    const { connect, socket } = await gameScreen();
    connect();
    const results = resultsNewestFirst(12);
    act(() => socket.push('all-game-results', results));
    const panelRegion = screen.getByRole('region', { name: 'Results and trends' });
    const table = within(panelRegion).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Period', 'Color', 'Big/Small', 'Digit']);
    const bodyRows = () => within(table).getAllByRole('row').slice(1);
    expect(bodyRows()).toHaveLength(5);
    expect(
      within(bodyRows()[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([results[0]!.periodId, 'Red', 'Small', '2']);
    tap(within(panelRegion).getByRole('button', { name: 'Show More' }));
    expect(bodyRows()).toHaveLength(12);
    tap(within(panelRegion).getByRole('button', { name: 'Show Less' }));
    expect(bodyRows()).toHaveLength(5);
  });

  test('no Show More with 5 results or fewer', async () => {
    const { connect, socket } = await gameScreen();
    connect();
    act(() => socket.push('all-game-results', resultsNewestFirst(5)));
    expect(screen.queryByRole('button', { name: 'Show More' })).toBeNull();
  });

  test('trends: quick stats with counts and percentages', async () => {
    const { connect, socket } = await gameScreen();
    connect();
    // Digits 4, 3, 2, 1 (newest first): red, green, red, green; small ×4.
    act(() => socket.push('all-game-results', resultsNewestFirst(4)));
    tap(screen.getByRole('tab', { name: 'Trends' }));
    expect(screen.getByRole('tab', { name: 'Trends' })).toHaveAttribute('aria-selected', 'true');
    const trends = screen.getByRole('tabpanel');
    expect(within(trends).getByRole('heading', { name: 'Quick Stats' })).toBeInTheDocument();
    const fact = (term: string) => within(trends).getByText(term).nextElementSibling?.textContent;
    expect(fact('Total games')).toBe('4');
    expect(fact('Last drawn period')).toBe('202611210104');
    expect(fact('Last colour')).toBe('Red');
    const colours = within(within(trends).getByRole('list', { name: 'Colour counts' })).getAllByRole('listitem');
    expect(colours.map((li) => li.textContent)).toEqual(['Red2 (50%)', 'Green2 (50%)', 'Violet0 (0%)']);
    const bigSmall = within(within(trends).getByRole('list', { name: 'Big/Small counts' })).getAllByRole('listitem');
    expect(bigSmall.map((li) => li.textContent)).toEqual(['Big0 (0%)', 'Small4 (100%)']);
    const digits = within(within(trends).getByRole('list', { name: 'Digit counts' })).getAllByRole('listitem');
    expect(digits).toHaveLength(10);
    expect(digits[3]).toHaveTextContent('31 (25%)');
  });

  test('a dropped connection shows a reconnecting notice over the last known state', async () => {
    const { connect, socket } = await gameScreen();
    connect();
    act(() => socket.drop('transport close'));
    expect(screen.getByText('Connection lost. Reconnecting…')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Current period' })).toBeInTheDocument();
    act(() => socket.accept());
    expect(screen.queryByText('Connection lost. Reconnecting…')).toBeNull();
  });
});
