import { act, screen } from '@testing-library/react';
import { renderWithStore } from '../../../test/render-app';
import { betResultFromWire } from '../../../shared/records';
import { clockTicked } from '../../game/game.slice';
import { betResultReceived } from '../../socket/live-events';
import { betResult } from '../../socket/testing/live-fixtures';
import { LOSS_TONES, TICK_TONE, WIN_TONES } from '../sound-player';
import { SOUND_PREFERENCE_KEY } from '../sound-preference';
import { RecordingAudioContext } from '../testing/recording-audio-context';
import { RESULT_GATHER_MS } from '../use-game-sounds';
import { GameSounds } from './GameSounds';

const audio = () => RecordingAudioContext.instances.at(-1);
const played = () => audio()?.frequencies() ?? [];

describe('game sounds', () => {
  beforeEach(() => {
    localStorage.clear();
    RecordingAudioContext.instances = [];
    // jsdom has no audio: the browser's AudioContext is the one thing stood in for.
    vi.stubGlobal('AudioContext', RecordingAudioContext);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  test('are off by default: the countdown and a result play nothing', () => {
    vi.useFakeTimers();
    const { store } = renderWithStore(<GameSounds />);
    expect(screen.getByRole('switch', { name: /Sound effects/ })).toHaveAttribute('aria-checked', 'false');
    act(() => {
      for (const s of [12, 11, 10, 9, 8, 7, 6, 5]) store.dispatch(clockTicked(s));
      store.dispatch(betResultReceived(betResultFromWire(betResult({ win: true }))));
      vi.advanceTimersByTime(RESULT_GATHER_MS + 10);
    });
    expect(RecordingAudioContext.instances).toEqual([]);
  });

  test('the switch turns them on (with a tick to hear them) and is remembered; off again, silent again', async () => {
    const first = renderWithStore(<GameSounds />);
    await first.user.click(screen.getByRole('switch', { name: /Sound effects/ }));
    expect(screen.getByRole('switch')).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('switch')).toHaveTextContent('On');
    expect(localStorage.getItem(SOUND_PREFERENCE_KEY)).toBe('on');
    expect(played()).toEqual([TICK_TONE.frequency]);
    first.unmount();
    expect(audio()?.state).toBe('closed');

    renderWithStore(<GameSounds />);
    expect(screen.getByRole('switch')).toHaveAttribute('aria-checked', 'true');
    await first.user.click(screen.getByRole('switch'));
    expect(localStorage.getItem(SOUND_PREFERENCE_KEY)).toBe('off');
    expect(screen.getByRole('switch')).toHaveTextContent('Off');
  });

  test('on: a tick each second in the last 5 seconds before the lock, none before nor after', () => {
    localStorage.setItem(SOUND_PREFERENCE_KEY, 'on');
    const { store } = renderWithStore(<GameSounds />);
    const lockSeconds = store.getState().config.rules.lockSeconds;
    // One tick of the clock per second, as the game saga dispatches them.
    for (let s = lockSeconds + 8; s >= 0; s--) act(() => void store.dispatch(clockTicked(s)));
    expect(played()).toEqual(Array(5).fill(TICK_TONE.frequency));
  });

  test("on: one chime per period's results, rising when any bet won, level when none did", () => {
    localStorage.setItem(SOUND_PREFERENCE_KEY, 'on');
    vi.useFakeTimers();
    const { store } = renderWithStore(<GameSounds />);
    const result = (periodId: string, betId: string, win: boolean) =>
      act(() => void store.dispatch(betResultReceived(betResultFromWire(betResult({ periodId, betId, win })))));
    const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
    // Two bets of one period: a loss, then a win, moments apart.
    result('P1', 'a', false);
    wait(50);
    result('P1', 'b', true);
    wait(RESULT_GATHER_MS + 10);
    expect(played()).toEqual(WIN_TONES.map((t) => t.frequency));
    // The popup of that period again (more results of it later) chimes no more.
    result('P1', 'c', false);
    wait(RESULT_GATHER_MS + 10);
    expect(played()).toEqual(WIN_TONES.map((t) => t.frequency));
    result('P2', 'd', false);
    wait(RESULT_GATHER_MS + 10);
    expect(played()).toEqual([...WIN_TONES, ...LOSS_TONES].map((t) => t.frequency));
  });
});
