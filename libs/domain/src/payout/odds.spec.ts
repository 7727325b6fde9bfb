import { uniformPayouts } from './payout-table.js';
import { choiceOdds, gameOdds } from './odds.js';

describe('probability and return to player (how-to-play and fairness pages)', () => {
  it('colour: red and green 40 %, violet 20 %', () => {
    expect(gameOdds('color').map((o) => [o.choice, o.probability, o.rtpGross, o.rtpNet])).toEqual([
      ['red', 0.4, 0.8, 0.728],
      ['green', 0.4, 0.8, 0.728],
      ['violet', 0.2, 0.4, 0.364],
    ]);
  });

  it('big/small: 50 % each, 100 % gross, 91 % after 18 % GST on winnings', () => {
    expect(choiceOdds('bigSmall', 'big')).toEqual({
      gameKey: 'bigSmall',
      choice: 'big',
      winningDigits: [5, 6, 7, 8, 9],
      probability: 0.5,
      payout: 2,
      rtpGross: 1,
      rtpNet: 0.91,
    });
  });

  it('a digit: 10 %, 90 % gross, 75.6 % net', () => {
    const odds = gameOdds('number');
    expect(odds).toHaveLength(10);
    for (const o of odds) {
      expect(o.probability).toBe(0.1);
      expect(o.rtpGross).toBe(0.9);
      expect(o.rtpNet).toBe(0.756);
    }
  });

  it('the chances of a game’s choices add up to 1', () => {
    for (const game of ['color', 'bigSmall', 'number'] as const) {
      expect(gameOdds(game).reduce((sum, o) => sum + o.probability, 0)).toBeCloseTo(1, 12);
    }
  });

  it('follows configured payouts and GST', () => {
    const odds = choiceOdds('number', '4', {
      payouts: uniformPayouts({ color: 2, bigSmall: 2, number: 9.5 }),
      gstBps: 0,
    });
    expect(odds.rtpGross).toBe(0.95);
    expect(odds.rtpNet).toBe(0.95);
  });
});
