import fc from 'fast-check';
import { deciderSpecification } from '../testing/index.js';
import { resultFromDigit } from '../games/outcome.js';
import { DEFAULT_PAYOUTS, uniformPayouts } from '../payout/payout-table.js';
import {
  decideRefund,
  decideSettlement,
  periodPostings,
  periodSettlementDecider,
  type PeriodBet,
  type PeriodCommand,
  type PeriodSettlementState,
} from './period-settlement.js';
import { betResultMessage, choiceLabel, periodRefundDescription, periodRefundedMessage } from './bet-result-texts.js';

const spec = deciderSpecification(periodSettlementDecider);
const PERIOD = '202611230001';
const bet = (
  id: string,
  userId: string,
  betType: PeriodBet['betType'],
  betValue: string,
  amount: number,
  fromBonus = 0,
): PeriodBet => ({ id, userId, betType, betValue, amount, fromBonus });
const drawn = (bets: PeriodBet[]): PeriodSettlementState => ({ periodId: PERIOD, status: 'DRAWN', bets });
const settle = (digit: number, payouts = DEFAULT_PAYOUTS, gstBps = 1_800): PeriodCommand => ({
  type: 'SettlePeriod',
  periodId: PERIOD,
  result: resultFromDigit(digit),
  payouts,
  gstBps,
});
const accounts = {
  houseStakes: 'house:stakes',
  houseGst: 'house:gst',
  housePnl: 'house:pnl',
  userMain: (id: string) => `user:${id}:main`,
  userBonus: (id: string) => `user:${id}:bonus`,
};

describe('settling a drawn period', () => {
  it('given a violet bet placed at ×4.5 and one placed before payouts were recorded, when 0 is drawn under the spec’s table, then each is paid its own payout', () => {
    const [event] = spec
      .given(
        drawn([
          { ...bet('b1', 'u1', 'color', 'violet', 10_000), payout: 4.5 },
          { ...bet('b2', 'u2', 'color', 'violet', 10_000), payout: null },
        ]),
      )
      .when(settle(0))
      .events();
    expect(event).toMatchObject({
      data: {
        bets: [
          { id: 'b1', isWin: true, gross: 45_000, gst: 6_300, net: 38_700 },
          { id: 'b2', isWin: true, gross: 20_000, gst: 1_800, net: 18_200 },
        ],
        credited: 38_700 + 18_200,
      },
    });
  });

  it('given ₹100 on red and ₹100 on number 7, when 7 is drawn (green, big), then red loses and 7 wins ₹900 less 18 % GST on ₹800', () => {
    const [event] = spec
      .given(drawn([bet('b1', 'u1', 'color', 'red', 10_000), bet('b2', 'u2', 'number', '7', 10_000)]))
      .when(settle(7))
      .events();
    expect(event).toMatchObject({
      type: 'PeriodSettled',
      data: {
        bets: [
          { id: 'b1', isWin: false, gross: 0, gst: 0, net: 0, systemSelectedValue: 'green' },
          { id: 'b2', isWin: true, gross: 90_000, gst: 14_400, net: 75_600, systemSelectedValue: '7' },
        ],
        stakes: 20_000,
        credited: 75_600,
        gst: 14_400,
        pnl: 20_000 - 75_600 - 14_400,
      },
    });
    expect(periodPostings(event!, accounts)).toEqual([
      { account: 'house:stakes', amount: -20_000 },
      { account: 'user:u2:main', amount: 75_600 },
      { account: 'house:gst', amount: 14_400 },
      { account: 'house:pnl', amount: -70_000 },
    ]);
  });

  it('a player with two winning bets is credited once, their sum', () => {
    const [event] = spec
      .given(drawn([bet('b1', 'u1', 'color', 'violet', 1_000), bet('b2', 'u1', 'bigSmall', 'small', 1_000)]))
      .when(settle(0))
      .events();
    expect(event?.type === 'PeriodSettled' && [...event.data.winnings]).toEqual([
      ['u1', { main: 1_820 + 1_820, bonus: 0 }],
    ]);
  });

  it('the win of a stake paid partly from bonus goes to bonus in proportion (play money until played through), the rest to main', () => {
    // ₹100 on small, ₹40 of it from bonus: net win ₹182 (after GST) → ₹72.80 to bonus, ₹109.20 to main.
    const [event] = spec
      .given(drawn([bet('b1', 'u1', 'bigSmall', 'small', 10_000, 4_000)]))
      .when(settle(0))
      .events();
    expect(event?.type === 'PeriodSettled' && [...event.data.winnings]).toEqual([
      ['u1', { main: 10_920, bonus: 7_280 }],
    ]);
    expect(periodPostings(event!, accounts)).toEqual(
      expect.arrayContaining([
        { account: 'user:u1:main', amount: 10_920 },
        { account: 'user:u1:bonus', amount: 7_280 },
      ]),
    );
  });

  it('with no bets, the period still settles, posting nothing', () => {
    const [event] = spec.given(drawn([])).when(settle(3)).events();
    expect(event).toMatchObject({ data: { stakes: 0, credited: 0, gst: 0, pnl: 0 } });
    expect(periodPostings(event!, accounts)).toEqual([]);
  });

  it.each(['OPEN', 'SETTLED', 'REFUNDED'] as const)('given a %s period, then nothing happens', (status) => {
    spec
      .given({ ...drawn([bet('b1', 'u1', 'color', 'red', 1_000)]), status })
      .when(settle(2))
      .thenNothing();
  });

  it('given a settled period, when settled again, then nothing: exactly once', () => {
    const state = drawn([bet('b1', 'u1', 'color', 'red', 1_000)]);
    const events = decideSettlement(settle(2) as never, state);
    spec
      .given(state, ...events)
      .when(settle(2))
      .thenNothing();
  });

  it('postings always balance and the money adds up, for any bets and payout table', () => {
    const betArb = fc.record({
      userId: fc.constantFrom('u1', 'u2', 'u3'),
      game: fc.constantFrom<readonly [PeriodBet['betType'], string[]]>(
        ['color', ['red', 'green', 'violet']],
        ['bigSmall', ['big', 'small']],
        ['number', ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']],
      ),
      pick: fc.nat(9),
      amount: fc.constantFrom(1_000, 5_000, 10_000, 20_000, 50_000, 100_000),
    });
    const payout = fc.integer({ min: 100, max: 2_000 }).map((cents) => cents / 100);
    fc.assert(
      fc.property(
        fc.array(betArb, { maxLength: 40 }),
        fc.nat(9),
        payout,
        payout,
        payout,
        fc.integer({ min: 0, max: 10_000 }),
        (raw, digit, color, bigSmall, number, gstBps) => {
          const bets = raw.map((b, i) =>
            bet(`b${i}`, b.userId, b.game[0], b.game[1][b.pick % b.game[1].length]!, b.amount),
          );
          const [event] = decideSettlement(
            {
              periodId: PERIOD,
              result: resultFromDigit(digit),
              payouts: uniformPayouts({ color, bigSmall, number }),
              gstBps,
            },
            drawn(bets),
          );
          const postings = periodPostings(event!, accounts);
          expect(postings.reduce((s, p) => s + p.amount, 0)).toBe(0);
          expect(event!.data.stakes).toBe(bets.reduce((s, b) => s + b.amount, 0));
          for (const settled of event!.data.bets) expect(settled.net + settled.gst).toBe(settled.gross);
        },
      ),
    );
  });
});

describe('refunding a period', () => {
  it('given an open period, when refunded, then every stake goes back where it came from', () => {
    const [event] = decideRefund(
      { periodId: PERIOD },
      {
        periodId: PERIOD,
        status: 'OPEN',
        bets: [
          bet('b1', 'u1', 'color', 'red', 10_000, 3_000),
          bet('b2', 'u1', 'number', '4', 1_000),
          bet('b3', 'u2', 'bigSmall', 'big', 5_000, 5_000),
        ],
      },
    );
    expect(event?.data.total).toBe(16_000);
    expect(event?.data.betIds).toEqual(['b1', 'b2', 'b3']);
    expect(periodPostings(event!, accounts)).toEqual([
      { account: 'house:stakes', amount: -16_000 },
      { account: 'user:u1:main', amount: 8_000 },
      { account: 'user:u1:bonus', amount: 3_000 },
      { account: 'user:u2:bonus', amount: 5_000 },
    ]);
  });

  it.each(['DRAWN', 'SETTLED', 'REFUNDED'] as const)('given a %s period, then nothing happens', (status) => {
    spec
      .given({ periodId: PERIOD, status, bets: [bet('b1', 'u1', 'color', 'red', 1_000)] })
      .when({ type: 'RefundPeriod', periodId: PERIOD })
      .thenNothing();
  });
});

describe('what the player is told', () => {
  it('labels a choice and words the result of a bet', () => {
    expect(choiceLabel('color', 'red')).toBe('Red');
    expect(choiceLabel('bigSmall', 'small')).toBe('Small');
    expect(choiceLabel('number', '7')).toBe('number 7');
    expect(betResultMessage({ betType: 'number', betValue: '7', amount: 10_000, isWin: true, winAmount: 75_600 })).toBe(
      'You won ₹756.00 on number 7!',
    );
    expect(betResultMessage({ betType: 'color', betValue: 'red', amount: 10_000, isWin: false, winAmount: 0 })).toBe(
      'You lost ₹100.00 on Red.',
    );
    expect(periodRefundedMessage(PERIOD)).toBe(
      `Period ${PERIOD} could not be drawn in time, so your bets were refunded.`,
    );
    expect(periodRefundedMessage(PERIOD, 'settlement-deadline')).toBe(
      `Period ${PERIOD} could not be settled in time, so your bets were refunded.`,
    );
    expect(periodRefundDescription(PERIOD)).toBe(
      `Refund of bets in period ${PERIOD}, which could not be drawn in time`,
    );
    expect(periodRefundDescription(PERIOD, 'settlement-deadline')).toBe(
      `Refund of bets in period ${PERIOD}, which could not be settled in time`,
    );
  });
});
