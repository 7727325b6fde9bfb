import { FairSlices, type SliceLoop } from './fair-slices.js';

/** A loop whose clock moves only when told: each turn lets "the rest of the loop" take `restMs`. */
function fakeLoop(restMs: number[]): SliceLoop & { advance(ms: number): void; turns: number } {
  let clock = 1000;
  const loop = {
    turns: 0,
    now: () => clock,
    advance: (ms: number) => void (clock += ms),
    turn: async () => {
      clock += restMs[loop.turns] ?? 0;
      loop.turns++;
    },
  };
  return loop;
}

describe('FairSlices', () => {
  it('gives the first slice the least time, then as long as the rest of the loop took, within the bounds', async () => {
    const loop = fakeLoop([2, 30, 400, 0]);
    const slices = new FairSlices(5, 50, loop);
    expect(slices.sliceMs).toBe(5);
    loop.advance(4);
    expect(slices.spent()).toBe(false);
    loop.advance(1);
    expect(slices.spent()).toBe(true);
    await slices.yield(); // the rest took 2 ms: the least, 5
    expect(slices.sliceMs).toBe(5);
    expect(slices.spent()).toBe(false);
    await slices.yield(); // 30 ms: 30
    expect(slices.sliceMs).toBe(30);
    loop.advance(29);
    expect(slices.spent()).toBe(false);
    loop.advance(1);
    expect(slices.spent()).toBe(true);
    await slices.yield(); // 400 ms: never more than the most, 50
    expect(slices.sliceMs).toBe(50);
    await slices.yield(); // a quiet loop again: back to the least
    expect(slices.sliceMs).toBe(5);
    expect(loop.turns).toBe(4);
  });

  it('lets the real event loop turn when it yields', async () => {
    const slices = new FairSlices(1, 10);
    let ran = false;
    setImmediate(() => (ran = true));
    await slices.yield();
    expect(ran).toBe(true);
    expect(slices.sliceMs).toBeGreaterThanOrEqual(1);
    expect(slices.sliceMs).toBeLessThanOrEqual(10);
  });
});
