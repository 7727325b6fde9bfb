import {
  ERROR_DEFAULTS,
  TERMS,
  termsTexts,
  adminDashboardErrorText,
  adminUpdateErrorText,
  errorMessageOr,
} from './texts.js';

describe('texts of the spec', () => {
  it('a call shows the server’s message when present, else its default', () => {
    expect(errorMessageOr({ message: 'Invalid credentials' }, ERROR_DEFAULTS.login)).toBe('Invalid credentials');
    expect(errorMessageOr({ message: '' }, ERROR_DEFAULTS.login)).toBe('Network error occurred');
    expect(errorMessageOr({ message: 42 }, ERROR_DEFAULTS.bets)).toBe('Failed to fetch bets');
    expect(errorMessageOr(undefined, ERROR_DEFAULTS.registration)).toBe('Something went wrong. Please try again.');
    expect(errorMessageOr('boom', ERROR_DEFAULTS.logout)).toBe('Logout failed');
  });

  it('admin error texts', () => {
    expect(adminUpdateErrorText('Only pending deposits can be updated.')).toBe(
      'Error updating transaction: Only pending deposits can be updated.',
    );
    expect(adminDashboardErrorText('timeout')).toBe('Error: timeout');
  });

  it('the terms list has the spec’s eight items, 18+ first', () => {
    expect(TERMS).toHaveLength(8);
    expect(TERMS[0]).toBe('18+ only.');
    expect(TERMS[1]).toBe('Rounds last 30 seconds.');
    expect(TERMS[3]).toBe('18% GST on winnings, with net payouts.');
    expect(termsTexts({ roundSeconds: 60, gstBps: 2000 })).toEqual([
      ...TERMS.slice(0, 1),
      'Rounds last 60 seconds.',
      TERMS[2],
      '20% GST on winnings, with net payouts.',
      ...TERMS.slice(4),
    ]);
  });
});
