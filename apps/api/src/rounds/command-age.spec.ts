import { PLACE_BET_MAX_AGE_MS } from '@app/contracts';
import { commandAge } from './command-age.js';

describe('commandAge (a place-bet older than the bound is refused)', () => {
  const now = 1_800_000_000_000;

  it('accepts a command without sentAt (an older client) and a fresh one', () => {
    expect(commandAge(undefined, now)).toBe('ok');
    expect(commandAge(now, now)).toBe('ok');
    expect(commandAge(now - PLACE_BET_MAX_AGE_MS, now)).toBe('ok');
  });

  it('refuses one sent longer ago than the bound (buffered while offline, delivered on reconnection)', () => {
    expect(commandAge(now - PLACE_BET_MAX_AGE_MS - 1, now)).toBe('stale');
    expect(commandAge(now - 60_000, now)).toBe('stale');
  });

  it('refuses one stamped too far ahead, and a sentAt that is not a time', () => {
    expect(commandAge(now + PLACE_BET_MAX_AGE_MS + 1, now)).toBe('stale');
    expect(commandAge('1800000000000', now)).toBe('invalid');
    expect(commandAge(Number.NaN, now)).toBe('invalid');
  });

  it('keeps the bound below the client wait for an answer less the intake timeout', () => {
    expect(PLACE_BET_MAX_AGE_MS + 1_500).toBeLessThan(10_000);
  });
});
