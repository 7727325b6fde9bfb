import { jest } from '@jest/globals';
import { gatheredBatches } from './gathered-batches.js';

describe('gatheredBatches (when a batch of the screens’ reads goes)', () => {
  let now = 0;
  const clock = () => now;
  beforeEach(() => {
    now = 1_000;
    jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'performance'] });
  });
  afterEach(() => jest.useRealTimers());

  const advance = (ms: number) => {
    now += ms;
    jest.advanceTimersByTime(ms);
  };

  it('sends a lone request at the next turn, without a timer', () => {
    const schedule = gatheredBatches(20, clock);
    const sent: string[] = [];
    schedule(() => sent.push('first'));
    expect(sent).toEqual([]);
    jest.runOnlyPendingTimers(); // setImmediate
    expect(sent).toEqual(['first']);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('holds a batch that follows the last one within the gap until the gap has passed', () => {
    const schedule = gatheredBatches(20, clock);
    const sent: number[] = [];
    schedule(() => sent.push(now));
    jest.runOnlyPendingTimers();
    expect(sent).toEqual([1_000]);
    advance(5);
    schedule(() => sent.push(now));
    advance(14);
    expect(sent).toEqual([1_000]);
    advance(1);
    expect(sent).toEqual([1_000, 1_020]);
  });

  it('sends at the next turn again once the gap has passed since the last batch', () => {
    const schedule = gatheredBatches(20, clock);
    const sent: number[] = [];
    schedule(() => sent.push(now));
    jest.runOnlyPendingTimers();
    advance(25);
    schedule(() => sent.push(now));
    jest.runOnlyPendingTimers();
    expect(sent).toEqual([1_000, 1_025]);
  });

  it('counts the gap from when a batch went, not from when it was asked for', () => {
    const schedule = gatheredBatches(20, clock);
    const sent: number[] = [];
    schedule(() => sent.push(now));
    jest.runOnlyPendingTimers();
    advance(10);
    schedule(() => sent.push(now)); // held until 1,020
    advance(10);
    schedule(() => sent.push(now)); // asked at 1,020, as the held one goes: held until 1,040
    advance(19);
    expect(sent).toEqual([1_000, 1_020]);
    advance(1);
    expect(sent).toEqual([1_000, 1_020, 1_040]);
  });

  it('waits out the rest of the gap when its timer fires before the clock reaches it', () => {
    const schedule = gatheredBatches(20, clock);
    const sent: number[] = [];
    schedule(() => sent.push(now));
    jest.runOnlyPendingTimers();
    schedule(() => sent.push(now)); // due at 1,020; its 20-ms timer fires when the clock reads 1,015
    now += 15;
    jest.advanceTimersByTime(20);
    expect(sent).toEqual([1_000]);
    advance(4);
    expect(sent).toEqual([1_000]);
    advance(1);
    expect(sent).toEqual([1_000, 1_020]);
  });

  it('counts the gap from when a batch had been handed over, however long that took', () => {
    const schedule = gatheredBatches(20, clock);
    const sent: number[] = [];
    schedule(() => {
      sent.push(now);
      now += 7; // sending the batch took 7 ms (or the process was paused meanwhile)
    });
    jest.runOnlyPendingTimers();
    schedule(() => sent.push(now)); // asked at 1,007: held until 1,027, not 1,020
    advance(19);
    expect(sent).toEqual([1_000]);
    advance(1);
    expect(sent).toEqual([1_000, 1_027]);
  });
});
