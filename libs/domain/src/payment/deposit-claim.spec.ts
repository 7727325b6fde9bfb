import { deciderSpecification } from '../testing/index.js';
import { depositClaimDecider, type ClaimDeposit, type DepositClaimState } from './deposit-claim.js';

const spec = deciderSpecification(depositClaimDecider);

const player: DepositClaimState = {
  role: 'user',
  wallet: { walletId: 'w-1', isActive: false },
  hasApprovedDeposit: false,
  utrHolder: null,
};
const claim = (overrides: Partial<ClaimDeposit> = {}): ClaimDeposit => ({
  userId: 'u-1',
  method: 'UPI',
  amount: 500,
  utrNumber: ' 412345678901 ',
  upiApp: 'PHONEPE',
  payer: ' Ravi.Kumar@OKAXIS ',
  ...overrides,
});

describe('claiming a deposit', () => {
  it('given a new player, when ₹500 is claimed with a UTR, then a pending claim in paise, UTR trimmed, first deposit', () => {
    spec
      .given(player)
      .when(claim())
      .then([
        {
          type: 'DepositRequested',
          data: {
            userId: 'u-1',
            walletId: 'w-1',
            method: 'UPI',
            amount: 50_000,
            utrNumber: '412345678901',
            upiApp: 'PHONEPE',
            payer: 'ravi.kumar@okaxis',
            description: 'UPI deposit',
            isFirstDeposit: true,
            walletActive: false,
          },
        },
      ]);
  });

  it('given an approved deposit before, when another is claimed, then it is not the first; the app is optional', () => {
    const [event] = spec
      .given({ ...player, wallet: { walletId: 'w-1', isActive: true }, hasApprovedDeposit: true })
      .when(claim({ upiApp: undefined, utrNumber: '4123 4567 8901' }))
      .events();
    expect(event).toMatchObject({
      type: 'DepositRequested',
      data: { isFirstDeposit: false, walletActive: true, upiApp: null, utrNumber: '412345678901' },
    });
  });

  it("the payer is a UPI ID (lower-cased) or the account holder's name (spaces made one)", () => {
    expect(
      spec
        .given(player)
        .when(claim({ payer: '  RAVI   KUMAR ' }))
        .events()[0],
    ).toMatchObject({ data: { payer: 'RAVI KUMAR' } });
    expect(
      spec
        .given(player)
        .when(claim({ payer: 'Asha.Rao@ybl' }))
        .events()[0],
    ).toMatchObject({ data: { payer: 'asha.rao@ybl' } });
  });

  it('a client older than the payer field sends none: the claim is stored without a payer', () => {
    expect(
      spec
        .given(player)
        .when(claim({ payer: undefined }))
        .events()[0],
    ).toMatchObject({ type: 'DepositRequested', data: { payer: null } });
  });

  it('given a rejected claim released the UTR (nobody holds it), when another player claims it, then a pending claim', () => {
    expect(
      spec
        .given({ ...player, utrHolder: null })
        .when(claim({ userId: 'payer' }))
        .events()[0],
    ).toMatchObject({ type: 'DepositRequested', data: { userId: 'payer' } });
  });

  it('accepts the bounds ₹100 and ₹10,000, with paise', () => {
    for (const [amount, paise] of [
      [100, 10_000],
      [10_000, 1_000_000],
      [250.5, 25_050],
    ]) {
      expect(spec.given(player).when(claim({ amount })).events()[0]).toMatchObject({ data: { amount: paise } });
    }
  });
});

describe('a UTR another claim holds', () => {
  const heldByThief = { ...player, utrHolder: { id: 'row-thief', userId: 'thief', status: 'PENDING' as const } };

  it("given another player's pending claim holds the UTR, then the claim is contested: recorded, and the player told what happens next", () => {
    spec
      .given(heldByThief)
      .when(claim({ amount: 750 }))
      .then([
        {
          type: 'DepositClaimContested',
          data: {
            userId: 'u-1',
            walletId: 'w-1',
            amount: 75_000,
            utrNumber: '412345678901',
            upiApp: 'PHONEPE',
            payer: 'ravi.kumar@okaxis',
            heldBy: 'row-thief',
            heldStatus: 'PENDING',
            message:
              'Another player has already claimed this UTR number and it is waiting for review. We have recorded your claim too, so the reviewer will check both against the bank statement. If the payment is yours, their claim will be rejected and you can submit this UTR again.',
          },
        },
      ]);
  });

  it("given another player's approved deposit holds the UTR, then the claim is contested, and the player is sent to support", () => {
    const [event] = spec
      .given({ ...player, utrHolder: { id: 'row-2', userId: 'other', status: 'COMPLETED' } })
      .when(claim())
      .events();
    expect(event).toMatchObject({
      type: 'DepositClaimContested',
      data: {
        heldBy: 'row-2',
        heldStatus: 'COMPLETED',
        message: expect.stringMatching(
          /^This UTR number has already been credited to another player\. We have recorded your claim/,
        ),
      },
    });
  });

  it("given the player's own pending claim holds the UTR, then refused and nothing recorded", () => {
    const [event] = spec
      .given({ ...player, utrHolder: { id: 'row-1', userId: 'u-1', status: 'PENDING' } })
      .when(claim())
      .events();
    expect(event).toEqual({
      type: 'DepositClaimRefused',
      data: {
        code: 'UTR_ALREADY_CLAIMED',
        message: 'You have already claimed this UTR number. It is waiting for review.',
        errors: { utrNumber: 'You have already claimed this UTR number. It is waiting for review.' },
      },
    });
  });

  it("given the player's own approved deposit holds the UTR, then: already used", () => {
    spec
      .given({ ...player, utrHolder: { id: 'row-1', userId: 'u-1', status: 'COMPLETED' } })
      .when(claim())
      .thenRefused('UTR_ALREADY_CLAIMED', 'This UTR number has already been used.');
  });

  it('a contest is only recorded for a claim that is valid in itself', () => {
    spec
      .given(heldByThief)
      .when(claim({ amount: 50 }))
      .thenRefused('INVALID_REQUEST', 'Minimum deposit is ₹100.');
    spec
      .given(heldByThief)
      .when(claim({ payer: 'x' }))
      .thenRefused('INVALID_REQUEST');
  });
});

describe('refusals, in the order they are checked', () => {
  it('given an administrator, then: players only (before any field is read)', () => {
    spec
      .given({ ...player, role: 'super-admin', wallet: null })
      .when(claim({ amount: 'lots' }))
      .thenRefused(
        'PLAYERS_ONLY',
        'Administrator accounts have no wallet: deposits, withdrawals, bets and referral codes are for players only.',
      );
  });

  it('given a suspended player, then: suspended, before any field is read (403 at the route)', () => {
    spec
      .given({ ...player, suspended: true })
      .when(claim({ amount: 'nonsense' }))
      .thenRefused('SUSPENDED', 'This account has been suspended. Please contact support.');
  });

  it('given no account, then: players only', () => {
    spec
      .given({ ...player, role: null })
      .when(claim())
      .thenRefused('PLAYERS_ONLY');
  });

  it.each([
    [{ amount: 99.99 }, 'Minimum deposit is ₹100.', 'amount'],
    [{ amount: 10_000.01 }, 'Maximum deposit is ₹10,000.', 'amount'],
    [{ amount: '500' }, 'Please enter a valid amount.', 'amount'],
    [{ utrNumber: '' }, 'UTR number is required.', 'utrNumber'],
    [{ utrNumber: '12345' }, 'UTR number must be the 12 digits your UPI app shows for the payment.', 'utrNumber'],
    [
      { payer: '' },
      "Please enter the UPI ID you paid from, or the account holder's name as your bank shows it.",
      'payer',
    ],
    [{ payer: 'ravi@' }, 'Enter a UPI ID like name@okaxis, or a name of 3 to 100 letters, spaces and dots.', 'payer'],
    [{ upiApp: 'VENMO' }, 'Please choose a valid UPI app.', 'upiApp'],
  ])('when %j, then: %s (under the field)', (overrides, message, field) => {
    const [event] = spec.given(player).when(claim(overrides)).events();
    expect(event).toEqual({
      type: 'DepositClaimRefused',
      data: { code: 'INVALID_REQUEST', message, errors: { [field]: message } },
    });
  });

  it('when the method is not UPI, then: UPI only', () => {
    const [event] = spec
      .given(player)
      .when(claim({ method: 'CARD' }))
      .events();
    expect(event).toEqual({
      type: 'DepositClaimRefused',
      data: {
        code: 'DEPOSIT_METHOD',
        message: 'Deposits are accepted by UPI only.',
        errors: { method: 'Deposits are accepted by UPI only.' },
      },
    });
  });

  it('given a player without a wallet row, then: wallet not found', () => {
    spec
      .given({ ...player, wallet: null })
      .when(claim())
      .thenRefused('NO_WALLET', 'Wallet not found.');
  });
});

describe('a player on a break or self-excluded', () => {
  it('given a self-exclusion running, then: refused before any field is read (403 at the route)', () => {
    const away = {
      kind: 'exclusion' as const,
      phase: 'exclusion' as const,
      untilMs: Date.parse('2027-05-29T08:35:00Z'),
      endsAtMs: Date.parse('2027-05-29T08:35:00Z'),
      startedAtMs: 0,
    };
    spec
      .given({ ...player, away })
      .when(claim({ amount: 'nonsense' }))
      .thenRefused('PLAY_BREAK', 'You have excluded yourself until 29 May 2027, 14:05 IST.');
  });
});
