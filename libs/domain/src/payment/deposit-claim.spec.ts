import { deciderSpecification } from '../testing/index.js';
import { depositClaimDecider, type ClaimDeposit, type DepositClaimState } from './deposit-claim.js';

const spec = deciderSpecification(depositClaimDecider);

const player: DepositClaimState = { role: 'user', wallet: { walletId: 'w-1', isActive: false }, hasApprovedDeposit: false };
const claim = (overrides: Partial<ClaimDeposit> = {}): ClaimDeposit => ({
  userId: 'u-1',
  method: 'UPI',
  amount: 500,
  utrNumber: ' 412345678901 ',
  upiApp: 'PHONEPE',
  ...overrides,
});

describe('claiming a deposit', () => {
  it('given a new player, when ₹500 is claimed with a UTR, then a pending claim in paise, UTR trimmed, first deposit', () => {
    spec.given(player).when(claim()).then([
      {
        type: 'DepositRequested',
        data: {
          userId: 'u-1',
          walletId: 'w-1',
          method: 'UPI',
          amount: 50_000,
          utrNumber: '412345678901',
          upiApp: 'PHONEPE',
          description: 'UPI deposit',
          isFirstDeposit: true,
          walletActive: false,
        },
      },
    ]);
  });

  it('given an approved deposit before, when another is claimed, then it is not the first; the app is optional', () => {
    const [event] = spec.given({ ...player, wallet: { walletId: 'w-1', isActive: true }, hasApprovedDeposit: true }).when(claim({ upiApp: undefined, utrNumber: 'abc123def4567' })).events();
    expect(event).toMatchObject({ type: 'DepositRequested', data: { isFirstDeposit: false, walletActive: true, upiApp: null, utrNumber: 'ABC123DEF4567' } });
  });

  it('accepts the bounds ₹100 and ₹10,000, with paise', () => {
    for (const [amount, paise] of [[100, 10_000], [10_000, 1_000_000], [250.5, 25_050]]) {
      expect(spec.given(player).when(claim({ amount })).events()[0]).toMatchObject({ data: { amount: paise } });
    }
  });
});

describe('refusals, in the order they are checked', () => {
  it('given an administrator, then: players only (before any field is read)', () => {
    spec
      .given({ ...player, role: 'super-admin', wallet: null })
      .when(claim({ amount: 'lots' }))
      .thenRefused('PLAYERS_ONLY', 'Administrator accounts have no wallet: deposits, withdrawals, bets and referral codes are for players only.');
  });

  it('given no account, then: players only', () => {
    spec.given({ ...player, role: null }).when(claim()).thenRefused('PLAYERS_ONLY');
  });

  it.each([
    [{ amount: 99.99 }, 'Minimum deposit is ₹100.', 'amount'],
    [{ amount: 10_000.01 }, 'Maximum deposit is ₹10,000.', 'amount'],
    [{ amount: '500' }, 'Please enter a valid amount.', 'amount'],
    [{ utrNumber: '' }, 'UTR number is required.', 'utrNumber'],
    [{ utrNumber: '12345' }, 'UTR number must be 12 to 22 letters or digits.', 'utrNumber'],
    [{ upiApp: 'VENMO' }, 'Please choose a valid UPI app.', 'upiApp'],
  ])('when %j, then: %s (under the field)', (overrides, message, field) => {
    const [event] = spec.given(player).when(claim(overrides)).events();
    expect(event).toEqual({ type: 'DepositClaimRefused', data: { code: 'INVALID_REQUEST', message, errors: { [field]: message } } });
  });

  it('when the method is not UPI, then: UPI only', () => {
    const [event] = spec.given(player).when(claim({ method: 'CARD' })).events();
    expect(event).toEqual({
      type: 'DepositClaimRefused',
      data: { code: 'DEPOSIT_METHOD', message: 'Deposits are accepted by UPI only.', errors: { method: 'Deposits are accepted by UPI only.' } },
    });
  });

  it('given a player without a wallet row, then: wallet not found', () => {
    spec.given({ ...player, wallet: null }).when(claim()).thenRefused('NO_WALLET', 'Wallet not found.');
  });
});
