import {
  DEFAULT_PAYOUTS,
  GST_BPS,
  parsePayouts,
  LOCK_SECONDS,
  ROUND_SECONDS,
  STAKES_PAISE,
  WITHDRAWAL_MAX_PAISE,
} from '@app/domain';
import { clientRules, DEFAULT_RULE_SETTINGS } from './client-config.js';

describe('clientRules: the rules a client mirrors, put together once', () => {
  it("by default gives the spec's values, the GST rate derived from its basis points", () => {
    const rules = clientRules();
    expect(rules).toMatchObject({
      roundSeconds: ROUND_SECONDS,
      lockSeconds: LOCK_SECONDS,
      payouts: DEFAULT_PAYOUTS,
      gstBps: GST_BPS,
      gstRate: GST_BPS / 10_000,
    });
    expect(rules.stakesPaise).toEqual([...STAKES_PAISE]);
    expect(rules.withdrawal.maxPaise).toBe(WITHDRAWAL_MAX_PAISE);
    expect(rules).not.toHaveProperty('payment');
  });

  it('takes the configured rules and keeps the fixed bounds; every call gives fresh objects', () => {
    const rules = clientRules({
      ...DEFAULT_RULE_SETTINGS,
      roundSeconds: 60,
      lockSeconds: 10,
      gstBps: 2800,
      payouts: parsePayouts('color=1.95,violet=4.5,number=9.5'),
    });
    expect(rules).toMatchObject({
      roundSeconds: 60,
      lockSeconds: 10,
      gstBps: 2800,
      gstRate: 0.28,
      payouts: { color: { red: 1.95, green: 1.95, violet: 4.5 }, bigSmall: { big: 2, small: 2 }, number: { '7': 9.5 } },
    });
    expect(rules.stakesPaise).toEqual([...STAKES_PAISE]);
    const a = clientRules();
    a.payouts.color.violet = 3;
    a.allowedEmailDomains.push('example.com');
    expect(clientRules()).toEqual(clientRules(DEFAULT_RULE_SETTINGS));
    expect(clientRules().payouts.color).toEqual(DEFAULT_PAYOUTS.color);
  });
});
