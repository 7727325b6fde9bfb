import { act, fireEvent, screen } from '@testing-library/react';
import { createAppStore } from '../../../app/store';
import { renderWithStore } from '../../../test/render-app';
import { playSessionLoaded } from '../play-safely.slice';
import { sessionOf } from './fixtures';
import { RealityCheck } from './RealityCheck';

const MIN = 60_000;

describe('reality check on the game screen', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-29T08:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  function open(
    session = sessionOf({
      startedAt: new Date(Date.now() - 14 * MIN).toISOString(),
      realityCheckMinutes: 15,
      staked: 300,
      won: 182,
      net: -18,
    }),
  ) {
    const store = createAppStore({ runSagas: false });
    const view = renderWithStore(<RealityCheck />, { path: '/game', store });
    act(() => {
      store.dispatch(playSessionLoaded({ session, nowMs: Date.now() }));
    });
    return { ...view, store };
  }

  test('before the figures arrive the strip holds its place, so the cards below never jump under a finger', () => {
    const store = createAppStore({ runSagas: false });
    renderWithStore(<RealityCheck />, { path: '/game', store });
    const pending = screen.getByTestId('session-strip-pending');
    expect(pending).toHaveClass('session-strip');
    expect(pending).toHaveTextContent('Played');
    expect(pending).toHaveTextContent('Net');
    expect(screen.queryByTestId('session-strip')).not.toBeInTheDocument();
    act(() => {
      store.dispatch(
        playSessionLoaded({
          session: sessionOf({ startedAt: new Date(Date.now() - 3 * MIN).toISOString() }),
          nowMs: Date.now(),
        }),
      );
    });
    expect(screen.queryByTestId('session-strip-pending')).not.toBeInTheDocument();
    expect(screen.getByTestId('session-strip')).toHaveTextContent('Played 3 min');
  });

  test('always shows the time played and the net result of the session, compactly', () => {
    open();
    expect(screen.getByTestId('session-strip')).toHaveTextContent('Played 14 min');
    expect(screen.getByTestId('session-strip')).toHaveTextContent('Net -₹18.00');
    act(() => void vi.advanceTimersByTime(2 * MIN));
    expect(screen.getByTestId('session-strip')).toHaveTextContent('Played 16 min');
  });

  test('every N minutes pauses play with the figures until the player continues; then again N minutes later', () => {
    const { store } = open();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(MIN + 1000));
    const dialog = screen.getByRole('alertdialog', { name: 'Reality check' });
    expect(dialog).toHaveTextContent('You have been playing for 15 minutes.');
    expect(dialog).toHaveTextContent('Staked₹300.00');
    expect(dialog).toHaveTextContent('Won₹182.00');
    expect(dialog).toHaveTextContent('Net result-₹18.00');
    expect(store.getState().playSafely.realityCheckDue).toBe(true);
    expect(screen.getByRole('link', { name: 'Take a break' })).toHaveAttribute('href', '/play-safely/break');

    fireEvent.click(screen.getByRole('button', { name: 'Continue playing' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(store.getState().playSafely.realityCheckDue).toBe(false);
    act(() => void vi.advanceTimersByTime(14 * MIN));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(MIN));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('You have been playing for 30 minutes.');
  });

  test('"See history" answers it and opens the history', () => {
    open();
    act(() => void vi.advanceTimersByTime(MIN + 1000));
    fireEvent.click(screen.getByRole('button', { name: 'See history' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/history');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  test('intervals already over when the figures arrive (a reload) are not shown late', () => {
    open(sessionOf({ startedAt: new Date(Date.now() - 50 * MIN).toISOString(), realityCheckMinutes: 15 }));
    act(() => void vi.advanceTimersByTime(2000));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(10 * MIN));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('You have been playing for 60 minutes.');
  });
});
