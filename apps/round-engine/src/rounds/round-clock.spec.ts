import { periodInfo, periodIdAt, type PeriodConfig } from '@app/domain';
import { untilNextTick } from './round-clock.service.js';

describe('the round clock’s steps', () => {
  const config: PeriodConfig = { roundSeconds: 10, lockSeconds: 2 };
  const period = periodInfo(periodIdAt(Date.UTC(2026, 10, 27, 10, 0, 3), config), config);

  it('steps every 50 ms away from a boundary', () => {
    expect(untilNextTick(period.startTime + 1000, config)).toBe(50);
    expect(untilNextTick(period.lockTime + 500, config)).toBe(50);
  });

  it('steps just after the lock and just after the period ends, not up to a tick later', () => {
    expect(untilNextTick(period.lockTime - 30, config)).toBe(31);
    expect(untilNextTick(period.endTime - 7, config)).toBe(8);
    expect(untilNextTick(period.endTime - 1, config)).toBe(2);
    // At the lock itself the next boundary is the period's end.
    expect(untilNextTick(period.lockTime, config)).toBe(50);
  });
});
