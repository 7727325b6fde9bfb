import {
  canWithdraw,
  isEligibleForWithdrawal,
  referralBonusPaise,
  referralShareToBps,
  splitStake,
  walletBanners,
} from './wallet-rules.js';

describe('stake split: bonus first, then main', () => {
  it.each([
    [10_000, 0, 0, 10_000],
    [10_000, 3_000, 3_000, 7_000],
    [10_000, 10_000, 10_000, 0],
    [10_000, 25_000, 10_000, 0],
  ])('stake %i with bonus %i → %i from bonus, %i from main', (stake, bonus, fromBonus, fromMain) => {
    expect(splitStake(stake, bonus)).toEqual({ fromBonus, fromMain });
  });
});

describe('withdrawal eligibility', () => {
  it('active and main ≥ ₹500, the smallest withdrawal (the spec said ₹100: a Withdraw button for amounts the form refuses)', () => {
    expect(isEligibleForWithdrawal({ isActive: true, mainPaise: 50_000 })).toBe(true);
    expect(isEligibleForWithdrawal({ isActive: true, mainPaise: 49_999 })).toBe(false);
    expect(isEligibleForWithdrawal({ isActive: true, mainPaise: 30_000 })).toBe(false);
    expect(isEligibleForWithdrawal({ isActive: false, mainPaise: 1_000_000 })).toBe(false);
  });

  it('the Withdraw button needs both flags', () => {
    expect(canWithdraw({ isActive: true, isEligibleForWithdrawal: true })).toBe(true);
    expect(canWithdraw({ isActive: true, isEligibleForWithdrawal: false })).toBe(false);
    expect(canWithdraw({ isActive: false, isEligibleForWithdrawal: true })).toBe(false);
  });
});

describe('wallet banners', () => {
  it('inactive with more than ₹100: deposit not active; not eligible: cannot withdraw', () => {
    expect(walletBanners({ balancePaise: 10_001, isActive: false, isEligibleForWithdrawal: false })).toEqual([
      'Deposit is not active. Please activate deposit to continue.',
      'You cannot withdraw because your balance is less than ₹500.',
    ]);
    expect(walletBanners({ balancePaise: 10_000, isActive: false, isEligibleForWithdrawal: false })).toEqual([
      'You cannot withdraw because your balance is less than ₹500.',
    ]);
    expect(walletBanners({ balancePaise: 50_000, isActive: true, isEligibleForWithdrawal: true })).toEqual([]);
  });
});

describe('referral share', () => {
  it('converts a share to whole basis points, refusing what is finer or outside 0..1', () => {
    expect(referralShareToBps(0.1)).toBe(1_000);
    expect(referralShareToBps(0)).toBe(0);
    expect(referralShareToBps(1)).toBe(10_000);
    expect(referralShareToBps(0.0005)).toBe(5);
    for (const bad of [0.12345, -0.1, 1.01, Number.NaN]) expect(() => referralShareToBps(bad)).toThrow(RangeError);
  });
});

describe('referral bonus', () => {
  it('10 % of the first deposit, capped at ₹500', () => {
    expect(referralBonusPaise(100_000)).toBe(10_000); // ₹1,000 → ₹100
    expect(referralBonusPaise(500_000)).toBe(50_000); // ₹5,000 → ₹500
    expect(referralBonusPaise(1_000_000)).toBe(50_000); // ₹10,000 → capped ₹500
    expect(referralBonusPaise(12_345)).toBe(1_235); // ₹123.45 → ₹12.345 → ₹12.35 (half up)
    expect(referralBonusPaise(0)).toBe(0);
  });

  it('share and cap are configurable', () => {
    expect(referralBonusPaise(100_000, { shareBps: 500, capPaise: 2_000 })).toBe(2_000);
    expect(() => referralBonusPaise(100_000, { shareBps: 20_000 })).toThrow(RangeError);
  });
});
