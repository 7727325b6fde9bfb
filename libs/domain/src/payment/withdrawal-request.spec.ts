import { deciderSpecification } from '../testing/index.js';
import {
  withdrawalDecider,
  type RequestWithdrawal,
  type WithdrawalEvent,
  type WithdrawalState,
} from './withdrawal-request.js';

const spec = deciderSpecification(withdrawalDecider);

const active = (main: number, withdrawnTodayPaise = 0): WithdrawalState => ({
  role: 'user',
  wallet: { walletId: 'w-1', isActive: true, main },
  istDay: '2026-11-23',
  withdrawnTodayPaise,
});
const upi = (amount: unknown, overrides: Partial<RequestWithdrawal> = {}): RequestWithdrawal => ({
  userId: 'u-1',
  method: 'UPI',
  amount,
  upiApp: 'PHONEPE',
  upiId: 'ravi',
  accountNumber: undefined,
  ifsc: undefined,
  accountHolderName: undefined,
  ...overrides,
});
const requested = (amount: number): WithdrawalEvent => ({
  type: 'WithdrawalRequested',
  data: {
    userId: 'u-1',
    walletId: 'w-1',
    amount,
    request: { method: 'UPI', amountPaise: amount, upiApp: 'PHONEPE', upiId: 'ravi@ybl' },
    istDay: '2026-11-23',
    description: 'Withdrawal to UPI ravi@ybl',
    walletActive: true,
    playCheck: null,
  },
});

describe('requesting a withdrawal', () => {
  it('given ₹1,000 main, when ₹500 by UPI to "ravi" on PhonePe, then ₹500 is held, to ravi@ybl', () => {
    spec
      .given(active(100_000))
      .when(upi(500))
      .then([requested(50_000)]);
  });

  it('given ₹30,000, when ₹25,000 (the maximum), then held', () => {
    spec
      .given(active(3_000_000))
      .when(upi(25_000))
      .then([requested(2_500_000)]);
  });

  it('by bank transfer: the IFSC is upper-cased and the description masks the account number', () => {
    const [event] = spec
      .given(active(100_000))
      .when(
        upi(600, {
          method: 'BANK_TRANSFER',
          upiApp: undefined,
          upiId: undefined,
          accountNumber: '123456789012',
          ifsc: 'sbin0001234',
          accountHolderName: 'Ravi Kumar',
        }),
      )
      .events();
    expect(event).toMatchObject({
      type: 'WithdrawalRequested',
      data: {
        amount: 60_000,
        request: {
          method: 'BANK_TRANSFER',
          accountNumber: '123456789012',
          ifsc: 'SBIN0001234',
          accountHolderName: 'Ravi Kumar',
        },
        description: 'Withdrawal to bank account XXXXXXXX9012',
      },
    });
  });
});

describe('bounds and the daily cap', () => {
  it.each([
    [499.99, 'Minimum withdrawal is ₹500.'],
    [25_000.01, 'Maximum withdrawal per day is ₹25,000.'],
    [undefined, 'Minimum withdrawal is ₹500.'],
  ])('when %s rupees, then: %s', (amount, message) => {
    spec.given(active(5_000_000)).when(upi(amount)).thenRefused('INVALID_REQUEST', message);
  });

  it('given ₹400 main, when ₹500, then: insufficient balance (the balance is checked before the minimum)', () => {
    spec.given(active(40_000)).when(upi(500)).thenRefused('INVALID_REQUEST', 'Insufficient balance.');
  });

  it('given ₹20,000 requested today, when ₹5,000, then held; when ₹5,000.01, then: the daily maximum', () => {
    spec
      .given(active(5_000_000, 2_000_000))
      .when(upi(5_000))
      .then([requested(500_000)]);
    spec
      .given(active(5_000_000, 2_000_000))
      .when(upi(5_000.01))
      .thenRefused('INVALID_REQUEST', 'Maximum withdrawal per day is ₹25,000.');
  });

  it('given a ₹20,000 request earlier today, when ₹5,000.01 more, then: the daily maximum (evolve counts the hold)', () => {
    spec
      .given(active(5_000_000), requested(2_000_000))
      .when(upi(5_000.01))
      .thenRefused('INVALID_REQUEST', 'Maximum withdrawal per day is ₹25,000.');
  });

  it('given ₹1,000 and a ₹600 request held, when ₹500 more, then: insufficient balance', () => {
    spec
      .given(active(100_000), requested(60_000))
      .when(upi(500))
      .thenRefused('INVALID_REQUEST', 'Insufficient balance.');
  });
});

describe('eligibility and who may withdraw', () => {
  it('given an administrator, then: players only', () => {
    spec
      .given({ ...active(0), role: 'super-admin', wallet: null })
      .when(upi(500))
      .thenRefused('PLAYERS_ONLY');
  });

  it('given no wallet, then: wallet not found', () => {
    spec
      .given({ ...active(0), wallet: null })
      .when(upi(500))
      .thenRefused('NO_WALLET', 'Wallet not found.');
  });

  it('given a wallet no deposit has activated, then: deposit is not active (before the amount is looked at)', () => {
    spec
      .given({ ...active(100_000), wallet: { walletId: 'w-1', isActive: false, main: 100_000 } })
      .when(upi('nonsense'))
      .thenRefused('NOT_ACTIVE', 'Deposit is not active. Please activate deposit to continue.');
  });

  it('UPI needs an app and an id; a bank transfer needs real details', () => {
    spec
      .given(active(100_000))
      .when(upi(500, { upiId: '' }))
      .thenRefused('INVALID_REQUEST', 'UPI App and UPI ID are required for UPI withdrawal.');
    spec
      .given(active(100_000))
      .when(
        upi(500, { method: 'BANK_TRANSFER', accountNumber: '12345', ifsc: 'SBIN0001234', accountHolderName: 'Ravi' }),
      )
      .thenRefused('INVALID_REQUEST', 'Account number must be 9 to 18 digits.');
  });
});

describe('a player on a break or self-excluded', () => {
  const away = {
    kind: 'exclusion' as const,
    phase: 'exclusion' as const,
    untilMs: Date.parse('2027-05-29T08:35:00Z'),
    endsAtMs: Date.parse('2027-05-29T08:35:00Z'),
    startedAtMs: Date.parse('2026-11-29T08:35:00Z'),
  };
  const unplayed: WithdrawalState = {
    ...active(100_000),
    play: { depositedPaise: 100_000, stakedPaise: 0, withdrawnBeforePaise: 0, accountAgeDays: 3, turnoverPercent: 100 },
  };

  it('given ₹1,000 deposited and nothing played, then the turnover rule refuses a player who is not away', () => {
    spec
      .given(unplayed)
      .when(upi(1000))
      .thenRefused('PLAY_THROUGH', 'You need to play ₹1,000 more before you can withdraw.');
  });

  it('given the same player self-excluded, when they withdraw their main balance, then it is held for review, flagged for the reviewer', () => {
    const [event] = spec
      .given({ ...unplayed, away })
      .when(upi(1000))
      .events();
    expect(event).toMatchObject({
      type: 'WithdrawalRequested',
      data: { amount: 100_000, playCheck: { flagged: true, depositedPaise: 100_000, stakedPaise: 0 } },
    });
  });

  it('a main balance below the ₹500 minimum can be taken out whole, and only whole', () => {
    const small: WithdrawalState = { ...unplayed, wallet: { walletId: 'w-1', isActive: true, main: 30_000 } };
    spec.given(small).when(upi(300)).thenRefused('INVALID_REQUEST', 'Minimum withdrawal is ₹500.');
    expect(
      spec
        .given({ ...small, away })
        .when(upi(300))
        .events()[0],
    ).toMatchObject({ type: 'WithdrawalRequested', data: { amount: 30_000 } });
    spec
      .given({ ...small, away })
      .when(upi(200))
      .thenRefused('INVALID_REQUEST', 'Minimum withdrawal is ₹500.');
  });

  it('the form rules still apply: not above the main balance', () => {
    spec
      .given({ ...unplayed, away })
      .when(upi(1500))
      .thenRefused('INVALID_REQUEST', 'Insufficient balance.');
  });
});
