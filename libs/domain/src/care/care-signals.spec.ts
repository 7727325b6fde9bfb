import {
  detectCareSignals,
  detectDepositsAfterLosses,
  detectLimitLoosened,
  detectLimitsReached,
  detectLossChasing,
  detectNightPlay,
  detectQuickReturn,
  validateCareNote,
  type CareBet,
  type CareHistory,
} from './care-signals.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** 29 Nov 2026, 12:00 IST. */
const NOW = Date.parse('2026-11-29T12:00:00+05:30');
const ist = (text: string) => Date.parse(`${text}+05:30`);

const empty: CareHistory = { bets: [], deposits: [], limitHits: [], limitChanges: [], exclusions: [] };
const given = (history: Partial<CareHistory>): CareHistory => ({ ...empty, ...history });

let period = 0;
/** A settled bet (lost unless `win` is given) placed at `atMs`. */
function bet(
  rupees: number,
  atMs: number,
  options: { win?: number; unsettled?: boolean; refunded?: boolean; periodId?: string } = {},
): CareBet {
  return {
    periodId: options.periodId ?? `p${++period}`,
    stakePaise: rupees * 100,
    winPaise: options.unsettled ? null : (options.win ?? 0) * 100,
    refunded: options.refunded ?? false,
    placedAtMs: atMs,
  };
}
/** Stakes in rounds a minute apart from `start`, all lost. */
const rounds = (stakes: number[], start = ist('2026-11-29T01:10:00')) => stakes.map((s, i) => bet(s, start + i * MIN));

describe('care signals', () => {
  describe('loss-chasing', () => {
    it('flags 3 losses in a row each followed by a stake at least 1.5× the previous, naming the stakes and the time', () => {
      const signal = detectLossChasing(given({ bets: rounds([10, 20, 50, 100]) }), { nowMs: NOW });
      expect(signal).toMatchObject({
        pattern: 'loss-chasing',
        figures: { lossesInARow: 3, stakesPaise: [1000, 2000, 5000, 10000], runs: 1 },
      });
      expect(signal!.summary).toBe(
        'Stakes rose after 3 losses in a row: ₹10 → ₹20 → ₹50 → ₹100 (29 Nov, 01:10–01:13 IST).',
      );
      expect(signal!.evidenceAtMs).toBe(ist('2026-11-29T01:13:00'));
    });

    it('a chase across midnight IST names both days', () => {
      const signal = detectLossChasing(given({ bets: rounds([10, 20, 50, 100], ist('2026-11-28T23:58:00')) }), {
        nowMs: NOW,
      });
      expect(signal!.summary).toBe(
        'Stakes rose after 3 losses in a row: ₹10 → ₹20 → ₹50 → ₹100 (28 Nov, 23:58 – 29 Nov, 00:01 IST).',
      );
    });

    it('a round is a period: the stakes of its bets add up, and it lost if they paid back less', () => {
      const start = ist('2026-11-29T01:10:00');
      const bets = [
        bet(10, start, { periodId: 'a' }),
        bet(10, start + 1000, { periodId: 'a', win: 18.2 }),
        ...rounds([40, 60, 100], start + MIN),
      ];
      // Round a: ₹20 staked, ₹18.20 back: a loss; then ₹40 ≥ 1.5 × ₹20.
      expect(detectLossChasing(given({ bets }), { nowMs: NOW })?.figures).toMatchObject({
        stakesPaise: [2000, 4000, 6000, 10000],
      });
    });

    it('reports the longest run and how many there were', () => {
      const bets = [
        ...rounds([10, 20, 40, 80], ist('2026-11-27T21:00:00')),
        ...rounds([10, 20, 40, 80, 200], ist('2026-11-28T22:00:00')),
      ];
      const signal = detectLossChasing(given({ bets }), { nowMs: NOW });
      expect(signal!.summary).toBe(
        'Stakes rose after 4 losses in a row: ₹10 → ₹20 → ₹40 → ₹80 → ₹200 (28 Nov, 22:00–22:04 IST) — 2 such runs in the last 7 days.',
      );
    });

    describe('near-misses do not flag', () => {
      it.each([
        ['only 2 raises', rounds([10, 20, 50])],
        ['a raise below 1.5× (₹20 → ₹29)', rounds([10, 20, 29, 50])],
        [
          'a win in the middle',
          [
            ...rounds([10, 20]),
            bet(50, ist('2026-11-29T01:12:00'), { win: 100 }),
            bet(100, ist('2026-11-29T01:13:00')),
          ],
        ],
        [
          'an unsettled round in the middle',
          [
            ...rounds([10, 20]),
            bet(50, ist('2026-11-29T01:12:00'), { unsettled: true }),
            bet(100, ist('2026-11-29T01:13:00')),
          ],
        ],
        [
          'more than 10 minutes between two rounds',
          [...rounds([10, 20, 50]), bet(100, ist('2026-11-29T01:12:00') + 11 * MIN)],
        ],
        ['older than 7 days', rounds([10, 20, 50, 100], NOW - 7 * DAY - HOUR)],
      ])('%s', (_name, bets) => {
        expect(detectLossChasing(given({ bets }), { nowMs: NOW })).toBeNull();
      });

      it('a refunded round neither lost nor won: it is left out of the run', () => {
        const start = ist('2026-11-29T01:10:00');
        const bets = [
          bet(10, start),
          bet(20, start + MIN),
          bet(40, start + 2 * MIN, { refunded: true }),
          bet(50, start + 3 * MIN),
        ];
        expect(detectLossChasing(given({ bets }), { nowMs: NOW })).toBeNull();
      });

      it('after an operator reviewed it, only later rounds count', () => {
        const bets = rounds([10, 20, 50, 100]);
        expect(
          detectLossChasing(given({ bets }), {
            nowMs: NOW,
            reviewedAtMs: { 'loss-chasing': ist('2026-11-29T01:11:30') },
          }),
        ).toBeNull();
      });
    });
  });

  describe('play through the night', () => {
    const nights = ['2026-11-24T01:10:00', '2026-11-26T03:00:00', '2026-11-29T05:59:00'].map(ist);

    it('flags bets between 00:00 and 06:00 IST on 3 of the last 7 days, naming the nights', () => {
      const bets = [...nights.map((t) => bet(10, t)), bet(10, ist('2026-11-26T03:20:00'))];
      const signal = detectNightPlay(given({ bets }), { nowMs: NOW });
      expect(signal!.summary).toBe(
        'Played between 00:00 and 06:00 IST on 3 of the last 7 days: 24 Nov (01:10), 26 Nov (03:00–03:20), 29 Nov (05:59).',
      );
      expect(signal!.figures).toMatchObject({
        days: 3,
        nights: [
          { date: '2026-11-24', bets: 1 },
          { date: '2026-11-26', bets: 2 },
          { date: '2026-11-29', bets: 1 },
        ],
      });
    });

    it.each([
      ['two nights only', nights.slice(1).map((t) => bet(10, t))],
      [
        '06:00 IST is morning, 23:59 is evening',
        [
          bet(10, nights[0]!),
          bet(10, nights[1]!),
          bet(10, ist('2026-11-28T06:00:00')),
          bet(10, ist('2026-11-27T23:59:00')),
        ],
      ],
      ['a night older than 7 days', [bet(10, ist('2026-11-22T02:00:00')), bet(10, nights[1]!), bet(10, nights[2]!)]],
    ])('near-miss: %s', (_name, bets) => {
      expect(detectNightPlay(given({ bets }), { nowMs: NOW })).toBeNull();
    });

    it('UTC midnight is not IST midnight: 23:00 UTC is 04:30 IST the next day', () => {
      const bets = [
        Date.parse('2026-11-23T23:00:00Z'),
        Date.parse('2026-11-25T23:00:00Z'),
        Date.parse('2026-11-27T23:00:00Z'),
      ].map((t) => bet(10, t));
      expect(detectNightPlay(given({ bets }), { nowMs: NOW })?.figures).toMatchObject({
        nights: [{ date: '2026-11-24' }, { date: '2026-11-26' }, { date: '2026-11-28' }],
      });
    });
  });

  describe('deposits soon after losses', () => {
    const after = (depositAt: number, lostRupees: number, depositRupees = 500) => ({
      bets: [bet(lostRupees, depositAt - 20 * MIN)],
      deposit: { amountPaise: depositRupees * 100, atMs: depositAt },
    });
    const three = [ist('2026-11-26T22:10:00'), ist('2026-11-27T22:10:00'), ist('2026-11-28T22:10:00')].map((t) =>
      after(t, 300),
    );

    it('flags a deposit within 30 minutes of a net loss, 3 times in 7 days', () => {
      const signal = detectDepositsAfterLosses(
        given({ bets: three.flatMap((t) => t.bets), deposits: three.map((t) => t.deposit) }),
        { nowMs: NOW },
      );
      expect(signal!.summary).toBe(
        'Deposited within 30 minutes of losing, 3 times in 7 days: ₹500 after losing ₹300 (26 Nov, 22:10 IST); ₹500 after losing ₹300 (27 Nov, 22:10 IST); ₹500 after losing ₹300 (28 Nov, 22:10 IST).',
      );
    });

    it.each([
      ['twice only', three.slice(1)],
      [
        'the loss was 31 minutes before',
        [...three.slice(1), { bets: [bet(300, ist('2026-11-26T22:10:00') - 31 * MIN)], deposit: three[0]!.deposit }],
      ],
      [
        'the bets before it won on balance',
        [
          ...three.slice(1),
          {
            bets: [bet(100, ist('2026-11-26T22:00:00')), bet(100, ist('2026-11-26T22:01:00'), { win: 250 })],
            deposit: three[0]!.deposit,
          },
        ],
      ],
      [
        'the bet before it was not settled yet',
        [
          ...three.slice(1),
          { bets: [bet(300, ist('2026-11-26T22:05:00'), { unsettled: true })], deposit: three[0]!.deposit },
        ],
      ],
    ])('near-miss: %s', (_name, cases) => {
      expect(
        detectDepositsAfterLosses(
          given({ bets: cases.flatMap((t) => t.bets), deposits: cases.map((t) => t.deposit) }),
          { nowMs: NOW },
        ),
      ).toBeNull();
    });
  });

  describe('limits reached repeatedly', () => {
    const hit = (kind: 'deposit' | 'loss' | 'session', atMs: number) => ({
      kind,
      message: `Your ${kind} limit…`,
      atMs,
    });

    it('flags refusals by their own limits on 3 occasions in 7 days; refusals within 30 minutes are one occasion', () => {
      const limitHits = [
        hit('deposit', ist('2026-11-26T22:10:00')),
        hit('loss', ist('2026-11-27T20:00:00')),
        hit('loss', ist('2026-11-27T20:01:00')),
        hit('loss', ist('2026-11-27T20:20:00')),
        hit('session', ist('2026-11-28T23:00:00')),
      ];
      const signal = detectLimitsReached(given({ limitHits }), { nowMs: NOW });
      expect(signal!.summary).toBe(
        'Stopped by their own limits on 3 occasions in 7 days: deposit limit (26 Nov, 22:10 IST), loss limit (27 Nov, 20:00 IST), session time limit (28 Nov, 23:00 IST).',
      );
      expect(signal!.figures).toMatchObject({ occasions: [{ refusals: 1 }, { refusals: 3 }, { refusals: 1 }] });
    });

    it.each([
      [
        'five refusals in 10 minutes are one occasion',
        [0, 1, 2, 5, 10].map((m) => hit('loss', ist('2026-11-28T20:00:00') + m * MIN)),
      ],
      [
        'one of three is older than 7 days',
        [hit('deposit', NOW - 7 * DAY - MIN), hit('loss', NOW - 2 * DAY), hit('loss', NOW - DAY)],
      ],
    ])('near-miss: %s', (_name, limitHits) => {
      expect(detectLimitsReached(given({ limitHits }), { nowMs: NOW })).toBeNull();
    });
  });

  describe('a limit loosened soon after it was set', () => {
    const applied = (kind: 'deposit24h' | 'sessionMinutes', value: number, atMs: number) => ({
      kind,
      change: 'applied' as const,
      fromValue: null,
      toValue: value,
      atMs,
    });
    const loosening = (kind: 'deposit24h' | 'sessionMinutes', from: number, to: number | null, atMs: number) => ({
      kind,
      change: 'loosening' as const,
      fromValue: from,
      toValue: to,
      atMs,
    });

    it('flags a raise asked for within 72 hours of setting the limit', () => {
      const limitChanges = [
        applied('deposit24h', 200_000, ist('2026-11-29T09:00:00')),
        loosening('deposit24h', 200_000, 1_000_000, ist('2026-11-29T11:05:00')),
      ];
      expect(detectLimitLoosened(given({ limitChanges }), { nowMs: NOW })!.summary).toBe(
        'Asked to raise their 24-hour deposit limit from ₹2,000 to ₹10,000 2 hours after setting it (29 Nov, 11:05 IST).',
      );
    });

    it('and a removal', () => {
      const limitChanges = [
        applied('sessionMinutes', 30, ist('2026-11-27T09:00:00')),
        loosening('sessionMinutes', 30, null, ist('2026-11-29T08:00:00')),
      ];
      expect(detectLimitLoosened(given({ limitChanges }), { nowMs: NOW })!.summary).toBe(
        'Asked to remove their session time limit of 30 minutes 47 hours after setting it (29 Nov, 08:00 IST).',
      );
    });

    it.each([
      [
        'asked 73 hours after setting it',
        [applied('deposit24h', 200_000, NOW - 73 * HOUR), loosening('deposit24h', 200_000, 500_000, NOW)],
      ],
      [
        'another limit was the one set',
        [applied('sessionMinutes', 30, NOW - HOUR), loosening('deposit24h', 200_000, 500_000, NOW)],
      ],
      [
        'a stricter value is no loosening',
        [applied('deposit24h', 200_000, NOW - 2 * HOUR), applied('deposit24h', 100_000, NOW - HOUR)],
      ],
    ])('near-miss: %s', (_name, limitChanges) => {
      expect(detectLimitLoosened(given({ limitChanges }), { nowMs: NOW })).toBeNull();
    });
  });

  describe('a quick return from self-exclusion', () => {
    it('flags a request to return within 24 hours of the end', () => {
      const exclusions = [{ endsAtMs: ist('2026-11-29T08:00:00'), returnRequestedAtMs: ist('2026-11-29T10:30:00') }];
      expect(detectQuickReturn(given({ exclusions }), { nowMs: NOW })!.summary).toBe(
        'Asked to return from self-exclusion 2 hours after it ended (29 Nov, 10:30 IST).',
      );
    });

    it.each([
      ['asked 25 hours after the end', [{ endsAtMs: NOW - 26 * HOUR, returnRequestedAtMs: NOW - HOUR }]],
      ['not asked', [{ endsAtMs: NOW - HOUR, returnRequestedAtMs: null }]],
    ])('near-miss: %s', (_name, exclusions) => {
      expect(detectQuickReturn(given({ exclusions }), { nowMs: NOW })).toBeNull();
    });
  });

  it('an ordinary player shows nothing: daytime play at a steady stake, deposits after wins', () => {
    const start = ist('2026-11-28T18:00:00');
    const bets = Array.from({ length: 40 }, (_, i) => bet(50, start + i * MIN, { win: i % 3 === 0 ? 100 : 0 }));
    const deposits = [{ amountPaise: 50_000, atMs: start - HOUR }];
    expect(detectCareSignals(given({ bets, deposits }), { nowMs: NOW })).toEqual([]);
  });

  it('a review note is 3 to 1000 characters', () => {
    expect(validateCareNote({ note: ' Called, agreed a 7-day break. ' })).toEqual({
      ok: true,
      note: 'Called, agreed a 7-day break.',
    });
    expect(validateCareNote({})).toMatchObject({ ok: false, errors: { note: expect.any(String) } });
    expect(validateCareNote({ note: 'x'.repeat(1001) })).toMatchObject({ ok: false });
  });
});
