import { STAKES } from '../constants/limits.js';
import {
  BET_MESSAGES,
  betBlockReason,
  gameCardState,
  isAllowedStake,
  showNextRoundOverlay,
  validateStake,
} from './bet.js';

const ready = {
  periodId: '202611210001',
  secondsLeft: 20,
  hasBetOnGame: false,
  betType: 'color',
  betValue: 'red',
  stakePaise: 10_000,
  balancePaise: 50_000,
};

describe('bet panel: when a bet may be sent', () => {
  it('everything in order: no message', () => {
    expect(betBlockReason(ready)).toBeNull();
  });

  it('no current period', () => {
    expect(betBlockReason({ ...ready, periodId: null })).toBe('No round is running. Please wait for the next period.');
  });

  it('5 s or less left: Betting is closed for this period. (6 s is still open)', () => {
    expect(betBlockReason({ ...ready, secondsLeft: 6 })).toBeNull();
    expect(betBlockReason({ ...ready, secondsLeft: 5 })).toBe('Betting is closed for this period.');
    expect(betBlockReason({ ...ready, secondsLeft: 0 })).toBe('Betting is closed for this period.');
  });

  it('a bet on this game already', () => {
    expect(betBlockReason({ ...ready, hasBetOnGame: true })).toBe(
      'You have already placed a bet on this game in this period.',
    );
  });

  it('no choice selected', () => {
    expect(betBlockReason({ ...ready, betValue: null })).toBe('Please choose a valid option for this game.');
  });

  it('stake 0 or less, or not a stake button', () => {
    expect(betBlockReason({ ...ready, stakePaise: 0 })).toBe('Please select a stake.');
    expect(betBlockReason({ ...ready, stakePaise: -100 })).toBe('Please select a stake.');
    expect(betBlockReason({ ...ready, stakePaise: 2_500 })).toBe('Stake must be ₹10, ₹50, ₹100, ₹200, ₹500 or ₹1,000.');
  });

  it('balance unknown, or below the stake', () => {
    expect(betBlockReason({ ...ready, balancePaise: null })).toBe(
      'Your balance is still loading. Please try again in a moment.',
    );
    expect(betBlockReason({ ...ready, balancePaise: 9_999 })).toBe('Insufficient balance.');
    expect(betBlockReason({ ...ready, balancePaise: 10_000 })).toBeNull();
  });

  it('follows a shortened lock', () => {
    expect(betBlockReason({ ...ready, secondsLeft: 3, lockSeconds: 2 })).toBeNull();
    expect(betBlockReason({ ...ready, secondsLeft: 2, lockSeconds: 2 })).toBe(BET_MESSAGES.bettingClosed);
  });
});

describe('stakes', () => {
  it('the message lists exactly the stake buttons', () => {
    expect(BET_MESSAGES.stakeNotAllowed).toBe(
      `Stake must be ${STAKES.slice(0, -1)
        .map((s) => `₹${s.toLocaleString('en-IN')}`)
        .join(', ')} or ₹1,000.`,
    );
  });

  it('allowed stakes are the buttons, in paise', () => {
    expect([1_000, 5_000, 10_000, 20_000, 50_000, 100_000].every(isAllowedStake)).toBe(true);
    expect(isAllowedStake(10)).toBe(false);
    expect(isAllowedStake('1000')).toBe(false);
    expect(validateStake(undefined)).toBe('Please select a stake.');
    expect(validateStake(Number.NaN)).toBe('Please select a stake.');
  });
});

describe('game cards and the overlay', () => {
  it('a card with a bet shows Bet Placed, else Locked at ≤ 5 s, else open', () => {
    expect(gameCardState(20, true)).toBe('betPlaced');
    expect(gameCardState(3, true)).toBe('betPlaced');
    expect(gameCardState(5, false)).toBe('locked');
    expect(gameCardState(6, false)).toBe('open');
  });

  it('Next round starts soon! shows at ≤ 5 s only for a player with a bet', () => {
    expect(showNextRoundOverlay(5, true)).toBe(true);
    expect(showNextRoundOverlay(6, true)).toBe(false);
    expect(showNextRoundOverlay(2, false)).toBe(false);
  });
});

describe('what the server says about a bet', () => {
  it('in the words a player reads', () => {
    expect(BET_MESSAGES.placed).toBe('Bet placed successfully.');
    expect(BET_MESSAGES.invalidRequest).toBe('Invalid bet request.');
    expect(BET_MESSAGES.unavailable).toBe('Could not place your bet. Please try again.');
    expect(BET_MESSAGES.stakeNotAllowed).toBe('Stake must be ₹10, ₹50, ₹100, ₹200, ₹500 or ₹1,000.');
  });
});
