import {
  dateRangeFilter,
  isInDateRange,
  isIstDateKey,
  istDateKey,
  istDayEndExclusiveMs,
  istDayRangeOf,
  istDayStartMs,
} from './ist-day.js';

const at = (iso: string) => Date.parse(iso);

describe('IST calendar days', () => {
  it('the IST date of an instant', () => {
    expect(istDateKey(at('2026-11-20T18:29:59.999Z'))).toBe('2026-11-20');
    expect(istDateKey(at('2026-11-20T18:30:00.000Z'))).toBe('2026-11-21');
    expect(istDateKey(at('2026-12-31T18:30:00Z'))).toBe('2027-01-01');
  });

  it('a day runs from IST midnight (inclusive) to the next IST midnight (exclusive)', () => {
    expect(istDayStartMs('2026-11-21')).toBe(at('2026-11-20T18:30:00Z'));
    expect(istDayEndExclusiveMs('2026-11-21')).toBe(at('2026-11-21T18:30:00Z'));
    expect(istDayRangeOf(at('2026-11-21T23:59:59.999+05:30'))).toEqual({
      fromMs: at('2026-11-21T00:00:00+05:30'),
      toMsExclusive: at('2026-11-22T00:00:00+05:30'),
    });
  });

  it.each(['2026-11-21', '2028-02-29', '2026-12-31'])('%s is a date', (key) => {
    expect(isIstDateKey(key)).toBe(true);
  });

  it.each(['2026-11-31', '2027-02-29', '2026-13-01', '2026-1-5', '21-11-2026', '', '2026-11-21T00:00'])(
    '%j is not',
    (key) => {
      expect(isIstDateKey(key)).toBe(false);
      expect(() => istDayStartMs(key)).toThrow(RangeError);
    },
  );
});

describe('admin date-range filter (from inclusive, to inclusive to end of day)', () => {
  const filter = dateRangeFilter('2026-11-01', '2026-11-21');

  it('maps dates to IST bounds', () => {
    expect(filter).toEqual({
      fromMs: at('2026-11-01T00:00:00+05:30'),
      toMsExclusive: at('2026-11-22T00:00:00+05:30'),
    });
  });

  it('includes the first instant of the from date and the last of the to date', () => {
    expect(isInDateRange(at('2026-11-01T00:00:00+05:30'), filter)).toBe(true);
    expect(isInDateRange(at('2026-11-21T23:59:59.999+05:30'), filter)).toBe(true);
  });

  it('excludes the instant before the from date and the next day’s midnight', () => {
    expect(isInDateRange(at('2026-10-31T23:59:59.999+05:30'), filter)).toBe(false);
    expect(isInDateRange(at('2026-11-22T00:00:00+05:30'), filter)).toBe(false);
  });

  it('a request made at 22:00 UTC on 21 Nov is already 22 Nov in IST', () => {
    expect(isInDateRange(at('2026-11-21T22:00:00Z'), filter)).toBe(false);
  });

  it('missing or empty dates leave that side open', () => {
    expect(dateRangeFilter()).toEqual({});
    expect(dateRangeFilter('', null)).toEqual({});
    expect(dateRangeFilter(undefined, '2026-11-21')).toEqual({ toMsExclusive: at('2026-11-22T00:00:00+05:30') });
    expect(dateRangeFilter(' 2026-11-21 ')).toEqual({ fromMs: at('2026-11-21T00:00:00+05:30') });
    expect(isInDateRange(0, {})).toBe(true);
  });

  it('the same from and to date is that whole day', () => {
    const day = dateRangeFilter('2026-11-21', '2026-11-21');
    expect(day.toMsExclusive! - day.fromMs!).toBe(86_400_000);
  });

  it('refuses a malformed date', () => {
    expect(() => dateRangeFilter('21/11/2026')).toThrow(RangeError);
  });
});
