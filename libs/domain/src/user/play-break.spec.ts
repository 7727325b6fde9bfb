import { deciderSpecification } from '../testing/index.js';
import { formatIstDateTime } from '../limits/limit-usage.js';
import {
  mayReceiveMail,
  playBreakDecider,
  playBreakEnd,
  runningPlayBreak,
  type PlayBreakEvent,
  type PlayBreakState,
} from './play-break.js';

const spec = deciderSpecification(playBreakDecider);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** 29 Nov 2026, 14:04:30 IST. */
const NOW = Date.parse('2026-11-29T08:34:30Z');
const player: PlayBreakState = { role: 'user', latest: null };
const SUPPORT = 'support@winround.app';

const take = (option: unknown, nowMs = NOW) => ({ type: 'TakePlayBreak' as const, userId: 'u-1', option, nowMs });
const enter = (nowMs: number) => ({ type: 'EnterAccount' as const, userId: 'u-1', nowMs, supportEmail: SUPPORT });
const askToReturn = (nowMs: number) => ({ type: 'RequestReturn' as const, userId: 'u-1', nowMs });
const taken = (option: string, endsAtMs: number, at = NOW): PlayBreakEvent => ({
  type: 'PlayBreakTaken',
  data: {
    userId: 'u-1',
    kind: ['6m', '1y', '5y'].includes(option) ? 'exclusion' : 'break',
    option: option as never,
    startedAtMs: at,
    endsAtMs,
    lengthens: null,
  },
});

describe('end dates', () => {
  it('are in IST, rounded up to the minute', () => {
    expect(formatIstDateTime(playBreakEnd('24h', NOW))).toBe('30 Nov 2026, 14:05 IST');
    expect(formatIstDateTime(playBreakEnd('7d', NOW))).toBe('6 Dec 2026, 14:05 IST');
    expect(formatIstDateTime(playBreakEnd('30d', NOW))).toBe('29 Dec 2026, 14:05 IST');
    expect(formatIstDateTime(playBreakEnd('6w', NOW))).toBe('10 Jan 2027, 14:05 IST');
  });

  it('months and years follow the IST calendar, the day kept within the month', () => {
    expect(formatIstDateTime(playBreakEnd('6m', NOW))).toBe('29 May 2027, 14:05 IST');
    expect(formatIstDateTime(playBreakEnd('1y', NOW))).toBe('29 Nov 2027, 14:05 IST');
    expect(formatIstDateTime(playBreakEnd('5y', NOW))).toBe('29 Nov 2031, 14:05 IST');
    // 31 Aug 2026, 23:30 IST (18:00 UTC) + 6 months: 28 Feb 2027, 23:30 IST.
    expect(formatIstDateTime(playBreakEnd('6m', Date.parse('2026-08-31T18:00:00Z')))).toBe('28 Feb 2027, 23:30 IST');
  });
});

describe('taking a break', () => {
  it('given a player with none, when they take 7 days, then a break until the end (rounded up to the minute)', () => {
    spec
      .given(player)
      .when(take('7d'))
      .then([taken('7d', Date.parse('2026-12-06T08:35:00Z'))]);
  });

  it('given a break taken, when they sign in before its end, then refused with the end date (IST) and the support address', () => {
    const [event] = spec
      .given(player, taken('7d', NOW + 7 * DAY))
      .when(enter(NOW + DAY))
      .events();
    expect(event).toMatchObject({
      type: 'AccessRefused',
      data: {
        code: 'PLAY_BREAK',
        message: 'You are taking a break until 6 Dec 2026, 14:04 IST. For help, write to support@winround.app.',
        running: { phase: 'break' },
      },
    });
  });

  it('the end of a break: given a break, when they sign in at its end, then nothing stops them', () => {
    spec
      .given(player, taken('24h', NOW + DAY))
      .when(enter(NOW + DAY))
      .thenNothing();
    spec
      .given(player, taken('24h', NOW + DAY))
      .when(enter(NOW + DAY - 1))
      .thenRefused('PLAY_BREAK');
  });

  it('given a break that ended, when a shorter one is taken, then it is a new break (nothing runs to lengthen)', () => {
    spec
      .given(player, taken('30d', NOW - DAY, NOW - 31 * DAY))
      .when(take('24h'))
      .then([taken('24h', Date.parse('2026-11-30T08:35:00Z'))]);
  });

  it('an option that is not one of the seven, or an administrator, is refused', () => {
    spec
      .given(player)
      .when(take('3d'))
      .thenRefused(
        'INVALID_OPTION',
        'Please choose how long: 24 hours, 7 days, 30 days or 6 weeks, or 6 months, 1 year or 5 years.',
      );
    spec.given(player).when(take(undefined)).thenRefused('INVALID_OPTION');
    spec.given({ role: 'super-admin', latest: null }).when(take('7d')).thenRefused('PLAYERS_ONLY');
  });
});

describe('a break an operator applies (care signals)', () => {
  const apply = (option: unknown) => ({ ...take(option), byOperator: true });

  it("given a player, when an operator applies 6 weeks, then a break like the player's own", () => {
    spec
      .given(player)
      .when(apply('6w'))
      .then([taken('6w', playBreakEnd('6w', NOW))]);
  });

  it("breaks only: a self-exclusion is the player's own decision", () => {
    spec
      .given(player)
      .when(apply('6m'))
      .thenRefused('INVALID_OPTION', 'Please choose how long: 24 hours, 7 days, 30 days or 6 weeks.');
  });

  it('never shortens: given a 30-day break, when an operator applies 7 days, then refused', () => {
    spec
      .given(player, taken('30d', NOW + 30 * DAY))
      .when(apply('7d'))
      .thenRefused('SHORTER');
  });
});

describe('excluding oneself', () => {
  it('given a player, when they exclude themself for 6 months, then an exclusion until then', () => {
    const [event] = spec.given(player).when(take('6m')).events();
    expect(event).toMatchObject({
      type: 'PlayBreakTaken',
      data: { kind: 'exclusion', option: '6m', endsAtMs: Date.parse('2027-05-29T08:35:00Z') },
    });
  });

  it('given an exclusion, when they sign in before its end, then refused with the end date', () => {
    spec
      .given(player, taken('1y', NOW + 365 * DAY))
      .when(enter(NOW + DAY))
      .thenRefused(
        'PLAY_BREAK',
        'You have excluded yourself until 29 Nov 2027, 14:04 IST. For help, write to support@winround.app.',
      );
  });

  it('an exclusion does not end by itself: past its end, sign-in is refused until the player asks to return', () => {
    spec
      .given(player, taken('6m', NOW + 10 * DAY))
      .when(enter(NOW + 400 * DAY))
      .thenRefused(
        'PLAY_BREAK',
        'Your self-exclusion ended on 9 Dec 2026, 14:04 IST. To play again, ask to return: your account opens 24 hours after you ask. For help, write to support@winround.app.',
      );
  });
});

describe('lengthening, never shortening', () => {
  it('given a 7-day break, when they take 30 days, then a new break lengthens it', () => {
    const [event] = spec
      .given(player, taken('7d', NOW + 7 * DAY))
      .when(take('30d', NOW + DAY))
      .events();
    expect(event).toMatchObject({
      type: 'PlayBreakTaken',
      data: { option: '30d', lengthens: { phase: 'break', untilMs: NOW + 7 * DAY } },
    });
  });

  it('given a break, when they exclude themself, then the exclusion lengthens it', () => {
    expect(
      spec
        .given(player, taken('6w', NOW + 42 * DAY))
        .when(take('6m', NOW + DAY))
        .events()[0],
    ).toMatchObject({ type: 'PlayBreakTaken', data: { kind: 'exclusion' } });
  });

  it('given a 30-day break, when a 7-day one is taken, then refused: shorter', () => {
    spec
      .given(player, taken('30d', NOW + 30 * DAY))
      .when(take('7d', NOW + DAY))
      .thenRefused('SHORTER', 'You can only make it longer: yours runs until 29 Dec 2026, 14:04 IST.');
  });

  it('given a 7-day break taken 6 days ago, when 24 hours are taken an hour early, then refused: it would end first', () => {
    spec
      .given(player, taken('7d', NOW + 7 * DAY))
      .when(take('24h', NOW + 6 * DAY - HOUR))
      .thenRefused('SHORTER');
  });

  it('given an exclusion, when a break is taken, then refused: a break ends by itself, an exclusion does not', () => {
    spec
      .given(player, taken('6m', NOW + 180 * DAY))
      .when(take('6w', NOW + DAY))
      .thenRefused(
        'SHORTER',
        'A break cannot replace your self-exclusion, which runs until 28 May 2027, 14:04 IST: choose a longer self-exclusion to make it longer.',
      );
    spec
      .given(player, taken('6m', NOW + DAY))
      .when(take('24h', NOW + 300 * DAY))
      .thenRefused('SHORTER');
  });

  it('given a 1-year exclusion, when 6 months are taken, then refused; 5 years lengthen it', () => {
    spec
      .given(player, taken('1y', NOW + 365 * DAY))
      .when(take('6m', NOW + DAY))
      .thenRefused('SHORTER');
    expect(
      spec
        .given(player, taken('1y', NOW + 365 * DAY))
        .when(take('5y', NOW + DAY))
        .events()[0],
    ).toMatchObject({ type: 'PlayBreakTaken', data: { option: '5y' } });
  });
});

describe('the return request', () => {
  const ended = taken('6m', NOW + 10 * DAY);

  it('given an exclusion past its end, when the player asks to return, then the account opens 24 hours later', () => {
    spec
      .given(player, ended)
      .when(askToReturn(NOW + 20 * DAY))
      .then([
        {
          type: 'ReturnRequested',
          data: { userId: 'u-1', requestedAtMs: NOW + 20 * DAY, returnsAtMs: Date.parse('2026-12-20T08:35:00Z') },
        },
      ]);
  });

  it('given a request to return, sign-in is refused during the cooling-off and allowed after it', () => {
    const request: PlayBreakEvent = {
      type: 'ReturnRequested',
      data: { userId: 'u-1', requestedAtMs: NOW + 20 * DAY, returnsAtMs: NOW + 21 * DAY },
    };
    spec
      .given(player, ended, request)
      .when(enter(NOW + 20 * DAY + HOUR))
      .thenRefused(
        'PLAY_BREAK',
        'You asked to return from self-exclusion. Your account opens on 20 Dec 2026, 14:04 IST. For help, write to support@winround.app.',
      );
    spec
      .given(player, ended, request)
      .when(enter(NOW + 21 * DAY))
      .thenNothing();
    spec
      .given(player, ended, request)
      .when(askToReturn(NOW + 20 * DAY + HOUR))
      .thenRefused('RETURN_REQUESTED');
  });

  it('given an exclusion before its end, when the player asks to return, then refused: it runs until its end', () => {
    spec
      .given(player, taken('6m', NOW + 180 * DAY))
      .when(askToReturn(NOW + DAY))
      .thenRefused(
        'EXCLUSION_RUNNING',
        'Your self-exclusion runs until 28 May 2027, 14:04 IST: you can ask to return after that.',
      );
  });

  it('given a break or nothing, when the player asks to return, then refused: nothing to return from', () => {
    spec.given(player).when(askToReturn(NOW)).thenRefused('NOT_EXCLUDED', 'You have no self-exclusion to return from.');
    spec
      .given(player, taken('7d', NOW + 7 * DAY))
      .when(askToReturn(NOW + DAY))
      .thenRefused('NOT_EXCLUDED');
  });
});

describe('what runs, and what mail still goes out', () => {
  it('nothing runs for a player who never took one', () => {
    expect(runningPlayBreak(null, NOW)).toBeNull();
  });

  it('transactional mail always; promotional mail only to a player with nothing running', () => {
    const running = runningPlayBreak(
      {
        kind: 'break',
        option: '7d',
        startedAtMs: NOW,
        endsAtMs: NOW + DAY,
        returnRequestedAtMs: null,
        returnsAtMs: null,
      },
      NOW,
    );
    expect(mayReceiveMail('transactional', running, false)).toBe(true);
    expect(mayReceiveMail('promotional', running, false)).toBe(false);
    expect(mayReceiveMail('promotional', null, false)).toBe(true);
    // A player with an open care flag gets no promotion either (docs/care-signals.md), but still their codes.
    expect(mayReceiveMail('promotional', null, true)).toBe(false);
    expect(mayReceiveMail('transactional', null, true)).toBe(true);
  });
});
