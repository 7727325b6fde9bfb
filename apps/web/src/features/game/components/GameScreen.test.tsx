import { act, fireEvent, screen, within } from '@testing-library/react';
import { BET_MESSAGES, GAME_TEXTS } from '@app/domain';
import { bet, betResult, gameResult, periodInfo, resultsNewestFirst } from '../../socket/testing/live-fixtures';
import { renderLive } from '../../socket/testing/render-live';

const START = Date.parse('2026-11-21T04:30:00.000Z');
const PERIOD = '202611210541';

/** The Games screen, signed in; `connect` accepts the socket and announces a period `elapsedMs` in. */
async function gameScreen({ elapsedMs = 1_000, balance = 1_000 }: { elapsedMs?: number; balance?: number | null } = {}) {
  const live = renderLive('/game');
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

  test('the bet panel: title, choices, balance, stakes, disabled amount and multipliers, Confirm Bet, hide', async () => {
    const { connect } = await gameScreen();
    connect();
    tap(card('Pick a Number'));
    const sheet = panel()!;
    expect(within(sheet).getByRole('heading', { name: 'Win Go 30s' })).toBeInTheDocument();
    expect(within(within(sheet).getByRole('group', { name: 'Choices' })).getAllByRole('button').map((b) => b.textContent)).toEqual(
      ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'],
    );
    expect(within(sheet).getByText('₹1,000.00')).toBeInTheDocument();
    expect(within(within(sheet).getByRole('group', { name: 'Stake' })).getAllByRole('button').map((b) => b.textContent)).toEqual(
      ['₹10', '₹50', '₹100', '₹200', '₹500', '₹1000'],
    );
    const amount = within(sheet).getByLabelText('Amount');
    expect(amount).toBeDisabled();
    expect(amount).toHaveAttribute('placeholder', 'min 1, max 1000');
    const multipliers = within(within(sheet).getByRole('group', { name: 'Multiplier' })).getAllByRole('button');
    expect(multipliers.map((b) => b.textContent)).toEqual(['x1', 'x5', 'x10', 'x20', 'x50', 'x100']);
    for (const m of multipliers) expect(m).toBeDisabled();

    const confirm = within(sheet).getByRole('button', { name: GAME_TEXTS.confirmBet });
    expect(confirm).toBeDisabled();
    tap(within(sheet).getByRole('button', { name: '7' }));
    expect(confirm).toBeEnabled();

    tap(within(sheet).getByRole('button', { name: /Hide/ }));
    expect(panel()).toBeNull();
    expect(card('Pick a Number')).toHaveAttribute('aria-pressed', 'false');
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
    expect(within(within(panel()!).getByRole('group', { name: 'Choices' })).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Big',
      'Small',
    ]);
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
    expect(within(sheet).getByText('₹900.00')).toBeInTheDocument();
    tap(within(sheet).getByRole('button', { name: GAME_TEXTS.confirmBet }));
    expect(socket.sent).toEqual([{ event: 'place-bet', payload: { periodId: PERIOD, betType: 'number', betValue: '7', amount: 100, commandId: expect.any(String) } }]);
    expect(within(sheet).getByRole('button', { name: GAME_TEXTS.confirmBet })).toBeDisabled();
    // The sheet itself says the bet is on its way.
    expect(within(sheet).getByRole('status')).toHaveTextContent('Placing your bet…');

    act(() => {
      const placed = bet({ _id: 'b7', betType: 'number', betValue: '7', amount: 100, periodId: PERIOD });
      socket.push('bet-message', { success: true, message: 'Bet placed successfully', bet: placed, periodId: PERIOD, betType: 'number' });
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
    expect(list).toHaveTextContent('₹900.00'); // potential win = 100 × 9
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
    const overlay = screen.getByRole('dialog', { name: GAME_TEXTS.nextRoundSoon });
    expect(within(overlay).getByRole('timer')).toHaveTextContent('5');
    expect(overlay).toHaveTextContent('Next round starts soon!');
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(within(overlay).getByRole('timer')).toHaveTextContent('3');

    // The next period takes it away and opens the cards again.
    act(() => socket.push('next-period-id', periodInfo({ periodId: '202611210542', startTime: START + 30_000, serverTime: START + 30_000 })));
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
      socket.push('bet-result', betResult({ betId: '1', gameType: 'color', win: false, lossAmount: 10, message: 'Red lost' }));
      socket.push('bet-result', betResult({ betId: '2', gameType: 'number', win: true, winAmount: 75.6, message: 'You won on 7' }));
    });
    const popup = screen.getByRole('dialog', { name: GAME_TEXTS.congratulations });
    const rows = within(popup).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Color Clash');
    expect(rows[0]).toHaveTextContent('LOSS');
    expect(rows[0]).toHaveTextContent('Red lost');
    expect(rows[0]).toHaveTextContent('-₹10.00');
    expect(rows[1]).toHaveTextContent('Pick a Number');
    expect(rows[1]).toHaveTextContent('WIN');
    expect(rows[1]).toHaveTextContent('+₹75.60');
    expect(within(rows[1]!).getByText(/\d{2}:\d{2}:\d{2}/)).toBeInTheDocument();
    expect(popup).toHaveTextContent('Auto closing in 5 seconds...');
    tap(within(popup).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
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
    expect(drawn.compareDocumentPosition(within(popup).getByRole('list')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
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
    expect(within(table).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Period', 'Color', 'Big/Small', 'Digit']);
    const bodyRows = () => within(table).getAllByRole('row').slice(1);
    expect(bodyRows()).toHaveLength(5);
    expect(within(bodyRows()[0]!).getAllByRole('cell').map((c) => c.textContent)).toEqual([results[0]!.periodId, 'Red', 'Small', '2']);
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
    expect(fact('Latest period')).toBe('202611210104');
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
