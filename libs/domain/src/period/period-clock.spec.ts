import {
  DEFAULT_PERIOD_CONFIG,
  clockOffsetMs,
  currentPeriod,
  isBettingOpen,
  isLockedAt,
  isPeriodId,
  nextPeriodId,
  parsePeriodId,
  periodConfig,
  periodEndMs,
  periodIdAt,
  periodInfo,
  periodLockMs,
  periodStartMs,
  periodsPerDay,
  previousPeriodId,
  secondsLeft,
  sequenceWidth,
} from './period-clock.js';

const at = (iso: string) => Date.parse(iso);
// IST midnight starting 21 Nov 2026 is 18:30 UTC the day before.
const MIDNIGHT_21_NOV_IST = at('2026-11-20T18:30:00.000Z');

describe('period ids in IST', () => {
  it('the first period of the day starts at IST midnight', () => {
    expect(periodIdAt(MIDNIGHT_21_NOV_IST)).toBe('202611210001');
    expect(periodIdAt(at('2026-11-21T00:00:00+05:30'))).toBe('202611210001');
  });

  it('one millisecond before IST midnight is the last period (2880) of the previous IST day', () => {
    expect(periodIdAt(MIDNIGHT_21_NOV_IST - 1)).toBe('202611202880');
  });

  it('23:59:45 IST is period 2880 of that day', () => {
    expect(periodIdAt(at('2026-11-21T23:59:45+05:30'))).toBe('202611212880');
  });

  it('23:59:29.999 IST is 2879 and 23:59:30 IST is 2880', () => {
    expect(periodIdAt(at('2026-11-21T23:59:29.999+05:30'))).toBe('202611212879');
    expect(periodIdAt(at('2026-11-21T23:59:30+05:30'))).toBe('202611212880');
  });

  it('each 30 s boundary opens the next period', () => {
    expect(periodIdAt(MIDNIGHT_21_NOV_IST + 29_999)).toBe('202611210001');
    expect(periodIdAt(MIDNIGHT_21_NOV_IST + 30_000)).toBe('202611210002');
    expect(periodIdAt(at('2026-11-21T12:00:00+05:30'))).toBe('202611211441');
  });

  it('the IST date, not the UTC date, names the period (UTC evening is the next IST morning)', () => {
    expect(periodIdAt(at('2026-11-21T20:00:00Z'))).toBe('202611220181'); // 01:30 IST on 22 Nov
  });

  it('works across year ends and leap days', () => {
    expect(periodIdAt(at('2026-12-31T23:59:59.999+05:30'))).toBe('202612312880');
    expect(periodIdAt(at('2027-01-01T00:00:00+05:30'))).toBe('202701010001');
    expect(periodIdAt(at('2028-02-29T10:00:00+05:30'))).toBe('202802291201');
  });

  it('a day has 2,880 periods of 30 s and the sequence has 4 digits', () => {
    expect(periodsPerDay()).toBe(2880);
    expect(sequenceWidth()).toBe(4);
  });
});

describe('period times', () => {
  const id = '202611210001';

  it('start, lock and end of the first period', () => {
    expect(periodStartMs(id)).toBe(MIDNIGHT_21_NOV_IST);
    expect(periodLockMs(id)).toBe(MIDNIGHT_21_NOV_IST + 25_000);
    expect(periodEndMs(id)).toBe(MIDNIGHT_21_NOV_IST + 30_000);
  });

  it('the last period of the day starts 23:59:30, locks 23:59:55 and ends at midnight', () => {
    expect(periodInfo('202611212880')).toEqual({
      periodId: '202611212880',
      startTime: at('2026-11-21T23:59:30+05:30'),
      duration: 30,
      lockTime: at('2026-11-21T23:59:55+05:30'),
      endTime: at('2026-11-22T00:00:00+05:30'),
    });
  });

  it('period n starts at IST midnight + (n − 1) × 30 s', () => {
    for (const n of [1, 2, 100, 1441, 2879, 2880]) {
      const id = `20261121${String(n).padStart(4, '0')}`;
      expect(periodStartMs(id)).toBe(MIDNIGHT_21_NOV_IST + (n - 1) * 30_000);
      expect(periodIdAt(periodStartMs(id))).toBe(id);
      expect(periodIdAt(periodEndMs(id) - 1)).toBe(id);
    }
  });

  it('next and previous cross IST midnight and month/year ends', () => {
    expect(nextPeriodId('202611210001')).toBe('202611210002');
    expect(nextPeriodId('202611212880')).toBe('202611220001');
    expect(previousPeriodId('202611220001')).toBe('202611212880');
    expect(previousPeriodId('202611210002')).toBe('202611210001');
    expect(nextPeriodId('202612312880')).toBe('202701010001');
    expect(previousPeriodId('202603010001')).toBe('202602282880');
    expect(previousPeriodId('202803010001')).toBe('202802292880');
  });

  it('currentPeriod gives the running period with its start, duration, lock and end', () => {
    expect(currentPeriod(at('2026-11-21T23:59:45+05:30'))).toEqual(periodInfo('202611212880'));
    expect(currentPeriod(MIDNIGHT_21_NOV_IST + 12_345)).toEqual({
      periodId: '202611210001',
      startTime: MIDNIGHT_21_NOV_IST,
      duration: 30,
      lockTime: MIDNIGHT_21_NOV_IST + 25_000,
      endTime: MIDNIGHT_21_NOV_IST + 30_000,
    });
  });
});

describe('betting window (lock 5 s before the end, received strictly before the lock)', () => {
  const id = '202611212880';
  const lock = at('2026-11-21T23:59:55+05:30');

  it('open 1 ms before the lock, closed at the lock and 1 ms after', () => {
    expect(isBettingOpen(lock - 1, id)).toBe(true);
    expect(isBettingOpen(lock, id)).toBe(false);
    expect(isBettingOpen(lock + 1, id)).toBe(false);
  });

  it('open from the first millisecond of the period, not before it', () => {
    const start = periodStartMs(id);
    expect(isBettingOpen(start, id)).toBe(true);
    expect(isBettingOpen(start - 1, id)).toBe(false);
  });

  it('never open for a malformed period id', () => {
    expect(isBettingOpen(lock - 1, 'not-a-period')).toBe(false);
    expect(isBettingOpen(lock - 1, '202611212881')).toBe(false);
  });
});

describe('the client countdown', () => {
  const period = periodInfo('202611210001');

  it('reads 30 during the first second, then counts down', () => {
    expect(secondsLeft(period, period.startTime)).toBe(30);
    expect(secondsLeft(period, period.startTime + 999)).toBe(30);
    expect(secondsLeft(period, period.startTime + 1_000)).toBe(29);
  });

  it('reads 6 (open) 1 ms before the lock and 5 (locked) at the lock — the server’s instant', () => {
    expect(secondsLeft(period, period.lockTime - 1)).toBe(6);
    expect(isLockedAt(secondsLeft(period, period.lockTime - 1))).toBe(false);
    expect(secondsLeft(period, period.lockTime)).toBe(5);
    expect(isLockedAt(secondsLeft(period, period.lockTime))).toBe(true);
  });

  it('reads 0 at the end and after, and never more than the duration', () => {
    expect(secondsLeft(period, period.endTime)).toBe(0);
    expect(secondsLeft(period, period.endTime + 10_000)).toBe(0);
    expect(secondsLeft(period, period.startTime - 60_000)).toBe(30);
  });

  it('corrects the local clock with the server offset', () => {
    // The local clock runs 2 s behind the server: the message says serverTime = start + 10 s, it arrives at local start + 8 s.
    const offset = clockOffsetMs(period.startTime + 10_000, period.startTime + 8_000);
    expect(offset).toBe(2_000);
    expect(secondsLeft(period, period.startTime + 8_000, offset)).toBe(20);
    expect(secondsLeft(period, period.lockTime - 2_000, offset)).toBe(5);
  });
});

describe('configurable round length (tests and servers may shorten rounds)', () => {
  const fast = { roundSeconds: 10, lockSeconds: 2 };

  it('10 s rounds: 8,640 a day, 4-digit sequence, lock 2 s before the end', () => {
    expect(periodsPerDay(fast)).toBe(8640);
    expect(periodIdAt(MIDNIGHT_21_NOV_IST + 25_000, fast)).toBe('202611210003');
    expect(periodLockMs('202611210003', fast)).toBe(MIDNIGHT_21_NOV_IST + 28_000);
    expect(periodIdAt(MIDNIGHT_21_NOV_IST - 1, fast)).toBe('202611208640');
  });

  it('1 s rounds: 86,400 a day, so the sequence widens to 5 digits', () => {
    const oneSecond = { roundSeconds: 1, lockSeconds: 0 };
    expect(sequenceWidth(oneSecond)).toBe(5);
    expect(periodIdAt(MIDNIGHT_21_NOV_IST, oneSecond)).toBe('2026112100001');
    expect(periodIdAt(MIDNIGHT_21_NOV_IST - 1, oneSecond)).toBe('2026112086400');
    expect(isBettingOpen(MIDNIGHT_21_NOV_IST + 999, '2026112100001', oneSecond)).toBe(true);
    expect(isBettingOpen(MIDNIGHT_21_NOV_IST + 1000, '2026112100001', oneSecond)).toBe(false);
  });

  it('defaults are 30 and 5', () => {
    expect(periodConfig()).toEqual(DEFAULT_PERIOD_CONFIG);
    expect(DEFAULT_PERIOD_CONFIG).toEqual({ roundSeconds: 30, lockSeconds: 5 });
  });

  it.each([
    [{ roundSeconds: 7 }],
    [{ roundSeconds: 0 }],
    [{ roundSeconds: 2.5 }],
    [{ roundSeconds: 30, lockSeconds: 30 }],
    [{ roundSeconds: 30, lockSeconds: -1 }],
    [{ roundSeconds: 172_800 }],
  ])('refuses %j', (config) => {
    expect(() => periodConfig(config)).toThrow(RangeError);
  });
});

describe('parsing period ids', () => {
  it('gives the IST date, the sequence and the start', () => {
    expect(parsePeriodId('202611210042')).toEqual({
      dateKey: '2026-11-21',
      sequence: 42,
      startMs: MIDNIGHT_21_NOV_IST + 41 * 30_000,
    });
  });

  it.each([
    '',
    '20261121001',
    '2026112100001',
    '202611210000',
    '202611212881',
    '202613010001',
    '202602300001',
    '20261121000a',
    ' 202611210001',
  ])('refuses %j', (id) => {
    expect(isPeriodId(id)).toBe(false);
    expect(() => periodStartMs(id)).toThrow(RangeError);
  });

  it('accepts a leap day only in a leap year', () => {
    expect(isPeriodId('202802290001')).toBe(true);
    expect(isPeriodId('202702290001')).toBe(false);
  });

  it('ids of one config are not ids of another width', () => {
    expect(isPeriodId('202611210001', { roundSeconds: 1, lockSeconds: 0 })).toBe(false);
    expect(isPeriodId(42)).toBe(false);
  });
});
