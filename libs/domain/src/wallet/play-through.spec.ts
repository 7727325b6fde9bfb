import fc from 'fast-check';
import {
  decideBonus,
  decideReferral,
  littlePlay,
  playThrough,
  PLAY_THROUGH_MESSAGES,
  wageringFor,
  wageringLeft,
} from './play-through.js';

const DAY = 86_400_000;
const now = Date.UTC(2026, 10, 29, 6, 0);

describe('a bonus is play money until played through', () => {
  const wagering = (over: Partial<Parameters<typeof decideBonus>[0]> = {}) => ({
    bonusPaise: 20_000,
    requiredPaise: 100_000,
    playedPaise: 0,
    expiresAtMs: now + 30 * DAY,
    ...over,
  });

  it('a ₹200 referral bonus asks ₹1,000 of settled stakes (5×)', () => {
    expect(wageringFor(20_000)).toBe(100_000);
    expect(wageringFor(20_000, 0)).toBe(0);
    expect(wageringLeft({ requiredPaise: 100_000, playedPaise: 99_999 })).toBe(1);
    expect(wageringLeft({ requiredPaise: 100_000, playedPaise: 250_000 })).toBe(0);
  });

  it('stays while stakes fall short, moves whole to main once they reach the requirement (winnings included)', () => {
    expect(decideBonus(wagering({ playedPaise: 99_999 }), now)).toEqual({ type: 'none' });
    expect(decideBonus(wagering({ playedPaise: 100_000, bonusPaise: 36_400 }), now)).toEqual({
      type: 'release',
      amount: 36_400,
    });
  });

  it('goes back to the house unplayed at its expiry, not a millisecond before', () => {
    expect(decideBonus(wagering({ playedPaise: 50_000 }), now + 30 * DAY - 1)).toEqual({ type: 'none' });
    expect(decideBonus(wagering({ playedPaise: 50_000 }), now + 30 * DAY)).toEqual({ type: 'expire', amount: 20_000 });
  });

  it('a requirement whose bonus was all staked and lost just ends', () => {
    expect(decideBonus(wagering({ bonusPaise: 0 }), now)).toEqual({ type: 'clear' });
  });

  it('waits while a bet paid from bonus is unsettled (its win must not land after the requirement ended)', () => {
    expect(decideBonus(wagering({ playedPaise: 100_000, pendingBonusBets: true }), now)).toEqual({ type: 'none' });
    expect(decideBonus(wagering({ pendingBonusBets: true }), now + 31 * DAY)).toEqual({ type: 'none' });
  });

  it('the wallet says what is left and when an unplayed bonus goes back (IST date)', () => {
    expect(PLAY_THROUGH_MESSAGES.bonusLocked(70_000)).toBe(
      'Your bonus becomes withdrawable after ₹700 more in settled bets.',
    );
    expect(PLAY_THROUGH_MESSAGES.bonusExpires('2026-12-28T19:00:00.000Z')).toBe(
      'Unplayed, it goes back on 29 Dec 2026.',
    );
  });

  it('without a requirement, nothing moves', () => {
    expect(decideBonus(wagering({ requiredPaise: 0, expiresAtMs: null }), now)).toEqual({ type: 'none' });
  });

  it('never releases before the stakes reach the requirement, whatever the figures', () => {
    fc.assert(
      fc.property(
        fc.nat(10_000_000),
        fc.nat(10_000_000),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: -40, max: 40 }),
        (bonus, played, required, days) => {
          const step = decideBonus(
            { bonusPaise: bonus, requiredPaise: required, playedPaise: played, expiresAtMs: now + days * DAY },
            now,
          );
          if (step.type === 'release') expect(played).toBeGreaterThanOrEqual(required);
          if (step.type === 'release' || step.type === 'expire') expect(step.amount).toBe(bonus);
        },
      ),
    );
  });
});

describe('deposits are played before they are withdrawn', () => {
  it('₹1,000 deposited and ₹400 staked since the last withdrawal: ₹600 left to play', () => {
    expect(playThrough({ depositedPaise: 100_000, stakedPaise: 40_000 })).toEqual({
      depositedPaise: 100_000,
      stakedPaise: 40_000,
      requiredPaise: 100_000,
      leftPaise: 60_000,
    });
    expect(PLAY_THROUGH_MESSAGES.playMore(60_000)).toBe('You need to play ₹600 more before you can withdraw.');
  });

  it('a lower setting asks less (rounded up to the paisa); 0 asks nothing', () => {
    expect(playThrough({ depositedPaise: 100_001, stakedPaise: 0, percent: 50 }).requiredPaise).toBe(50_001);
    expect(playThrough({ depositedPaise: 100_000, stakedPaise: 0, percent: 0 }).leftPaise).toBe(0);
  });

  it('nothing deposited since: nothing asked', () => {
    expect(playThrough({ depositedPaise: 0, stakedPaise: 0 }).leftPaise).toBe(0);
  });

  it('the reviewer is shown little play whatever the setting: less staked than deposited', () => {
    expect(littlePlay({ depositedPaise: 100_000, stakedPaise: 99_999 })).toBe(true);
    expect(littlePlay({ depositedPaise: 100_000, stakedPaise: 100_000 })).toBe(false);
  });
});

describe('a referral is earned by play', () => {
  it("waits until the referred player's stakes reach the deposit, then grants", () => {
    expect(decideReferral({ depositPaise: 200_000, stakedSincePaise: 199_999, withdrewSince: false })).toEqual({
      type: 'wait',
    });
    expect(decideReferral({ depositPaise: 200_000, stakedSincePaise: 200_000, withdrewSince: false })).toEqual({
      type: 'grant',
    });
  });

  it('is void once the referred player asked to withdraw, even after playing enough', () => {
    expect(decideReferral({ depositPaise: 200_000, stakedSincePaise: 500_000, withdrewSince: true })).toEqual({
      type: 'void',
      reason: 'withdrawn',
    });
  });

  it('is void when either player is suspended', () => {
    expect(
      decideReferral({ depositPaise: 200_000, stakedSincePaise: 500_000, withdrewSince: false, suspended: true }),
    ).toEqual({ type: 'void', reason: 'suspended' });
  });
});
