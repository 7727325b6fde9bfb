import { deciderSpecification } from '../testing/index.js';
import { depositClaimDecider, type ClaimDeposit, type DepositClaimState } from '../payment/deposit-claim.js';
import { withdrawalDecider, type RequestWithdrawal, type WithdrawalState } from '../payment/withdrawal-request.js';
import { isEligibleForWithdrawal, walletBanners } from '../wallet/wallet-rules.js';
import {
  identityDepositRefusal,
  IDENTITY_MESSAGES,
  identityWithdrawalRefusal,
  payoutNameCheck,
  refuseIdentityReview,
  refuseSubmission,
  validateIdentitySubmission,
  type IdentityStatus,
} from './identity-check.js';
import { identityDocument, PAN_DOCUMENT } from './identity-document.js';

describe('an identity submission', () => {
  it('takes the full name as on the PAN and its number, kept normalised and shown masked', () => {
    expect(
      validateIdentitySubmission({ fullName: '  Ravi   Kumar ', documentNumber: 'abcde 1234 f' }, PAN_DOCUMENT),
    ).toMatchObject({
      ok: true,
      value: { fullName: 'Ravi Kumar', documentNumber: 'ABCDE1234F', documentMasked: 'XXXXX1234F' },
    });
  });

  it('names the field and the document in its messages', () => {
    expect(validateIdentitySubmission({}, PAN_DOCUMENT)).toMatchObject({
      ok: false,
      errors: {
        fullName: 'Please enter your full name as on your PAN.',
        documentNumber: 'Please enter your PAN number.',
      },
    });
    expect(validateIdentitySubmission({ fullName: 'R1', documentNumber: 'ABCDE12345' }, PAN_DOCUMENT).errors).toEqual({
      fullName: IDENTITY_MESSAGES.fullNameInvalid,
      documentNumber: 'Please enter a valid PAN number (e.g. ABCDE1234F).',
    });
    expect(validateIdentitySubmission({ fullName: 7, documentNumber: ['ABCDE1234F'] }, PAN_DOCUMENT).ok).toBe(false);
    const aadhaar = identityDocument('AADHAAR', { name: 'Aadhaar', pattern: '[2-9][0-9]{11}' });
    expect(validateIdentitySubmission({ fullName: 'Ravi Kumar', documentNumber: '1234' }, aadhaar).error).toBe(
      'Please enter a valid Aadhaar number.',
    );
  });

  it('is taken from a player with none pending or verified; a rejected one submits again', () => {
    expect(refuseSubmission({ role: 'user', status: 'not-submitted' })).toBeNull();
    expect(refuseSubmission({ role: 'user', status: 'rejected' })).toBeNull();
    expect(refuseSubmission({ role: 'user', status: 'pending' })).toBe('PENDING');
    expect(refuseSubmission({ role: 'user', status: 'verified' })).toBe('VERIFIED');
    expect(refuseSubmission({ role: 'super-admin', status: 'not-submitted' })).toBe('PLAYERS_ONLY');
    expect(refuseIdentityReview(null)).toBe('NOT_FOUND');
    expect(refuseIdentityReview({ status: 'pending' })).toBeNull();
    expect(refuseIdentityReview({ status: 'verified' })).toBe('NOT_PENDING');
  });
});

describe('the identity status drives withdrawals and large deposits', () => {
  const statuses: IdentityStatus[] = ['not-submitted', 'pending', 'verified', 'rejected'];

  it('only a verified identity may withdraw; the wallet is eligible only then, and its banner says why', () => {
    expect(statuses.map(identityWithdrawalRefusal)).toEqual([
      'Please verify your identity before you withdraw.',
      'Your identity is being checked. You can withdraw once it is verified.',
      null,
      'Please verify your identity before you withdraw.',
    ]);
    const wallet = { isActive: true, mainPaise: 100_000, playThroughLeftPaise: 0 };
    expect(statuses.map((identityStatus) => isEligibleForWithdrawal({ ...wallet, identityStatus }))).toEqual([
      false,
      false,
      true,
      false,
    ]);
    expect(isEligibleForWithdrawal(wallet)).toBe(true);
    expect(
      walletBanners({
        balancePaise: 100_000,
        isActive: true,
        isEligibleForWithdrawal: false,
        playThroughLeftPaise: 0,
        identityStatus: 'pending',
      }),
    ).toEqual([IDENTITY_MESSAGES.pendingBeforeWithdrawal]);
    expect(
      walletBanners({
        balancePaise: 5_000,
        isActive: true,
        isEligibleForWithdrawal: false,
        identityStatus: 'not-submitted',
      }),
    ).toEqual(['You cannot withdraw because your balance is less than ₹500.']);
  });

  it('a deposit past ₹50,000 in total (approved and waiting) needs a verified identity', () => {
    const base = { claimedPaise: 4_000_000, thresholdPaise: 5_000_000 };
    expect(identityDepositRefusal({ ...base, status: 'not-submitted', amountPaise: 1_000_000 })).toBeNull();
    expect(identityDepositRefusal({ ...base, status: 'not-submitted', amountPaise: 1_000_001 })).toBe(
      'Deposits above ₹50,000 in total need a verified identity. Please verify your identity to deposit more.',
    );
    expect(identityDepositRefusal({ ...base, status: 'pending', amountPaise: 1_000_001 })).toMatch(
      /^Your identity is being checked/,
    );
    expect(identityDepositRefusal({ ...base, status: 'verified', amountPaise: 1_000_001 })).toBeNull();
    expect(
      identityDepositRefusal({ status: 'rejected', claimedPaise: 0, amountPaise: 10_000, thresholdPaise: 0 }),
    ).not.toBeNull();
  });

  it('a bank payout to another name is flagged (not refused); UPI names no holder', () => {
    expect(payoutNameCheck('Ravi Kumar', 'KUMAR RAVI')).toEqual({
      verifiedName: 'Ravi Kumar',
      holderName: 'KUMAR RAVI',
      flagged: false,
    });
    expect(payoutNameCheck('Ravi Kumar', 'Suresh Menon')).toMatchObject({ flagged: true });
    expect(payoutNameCheck(null, 'Ravi Kumar')).toBeNull();
  });
});

describe('the withdrawal decider with an identity', () => {
  const spec = deciderSpecification(withdrawalDecider);
  const state = (status: IdentityStatus): WithdrawalState => ({
    role: 'user',
    wallet: { walletId: 'w-1', isActive: true, main: 100_000 },
    istDay: '2026-11-29',
    withdrawnTodayPaise: 0,
    identity: { status, verifiedName: status === 'verified' ? 'Ravi Kumar' : null },
  });
  const bank = (holder: string): RequestWithdrawal => ({
    userId: 'u-1',
    method: 'BANK_TRANSFER',
    amount: 600,
    upiApp: undefined,
    upiId: undefined,
    accountNumber: '123456789012',
    ifsc: 'SBIN0001234',
    accountHolderName: holder,
  });

  it('given an identity not verified, when any withdrawal, then refused (403) before the form is looked at', () => {
    spec
      .given(state('not-submitted'))
      .when({ ...bank('Ravi Kumar'), amount: 'nonsense' })
      .thenRefused('IDENTITY', IDENTITY_MESSAGES.verifyBeforeWithdrawal);
    spec
      .given(state('pending'))
      .when(bank('Ravi Kumar'))
      .thenRefused('IDENTITY', IDENTITY_MESSAGES.pendingBeforeWithdrawal);
    spec.given(state('rejected')).when(bank('Ravi Kumar')).thenRefused('IDENTITY');
  });

  it('given a verified identity, when a bank transfer to another name, then held and flagged for the reviewer', () => {
    const [same] = spec.given(state('verified')).when(bank('R. Kumar')).events();
    expect(same).toMatchObject({
      type: 'WithdrawalRequested',
      data: { nameCheck: { verifiedName: 'Ravi Kumar', holderName: 'R. Kumar', flagged: false } },
    });
    const [other] = spec.given(state('verified')).when(bank('Suresh Menon')).events();
    expect(other).toMatchObject({
      type: 'WithdrawalRequested',
      data: { amount: 60_000, nameCheck: { flagged: true } },
    });
    const [upi] = spec
      .given(state('verified'))
      .when({ ...bank(''), method: 'UPI', upiApp: 'PHONEPE', upiId: 'ravi', accountNumber: undefined, ifsc: undefined })
      .events();
    expect(upi).toMatchObject({ type: 'WithdrawalRequested', data: { nameCheck: null } });
  });
});

describe('the deposit claim decider with an identity', () => {
  const spec = deciderSpecification(depositClaimDecider);
  const state = (identity: DepositClaimState['identity']): DepositClaimState => ({
    role: 'user',
    wallet: { walletId: 'w-1', isActive: true },
    hasApprovedDeposit: true,
    utrHolder: null,
    identity,
  });
  const claim = (amount: number): ClaimDeposit => ({
    userId: 'u-1',
    method: 'UPI',
    amount,
    utrNumber: '412345678901',
    upiApp: 'PHONEPE',
    payer: 'ravi@ybl',
  });

  it('given an account without a date of birth, when a claim, then it is asked for first', () => {
    spec
      .given(state({ hasDateOfBirth: false, status: 'verified', claimedPaise: 0, thresholdPaise: 5_000_000 }))
      .when(claim(500))
      .thenRefused('DATE_OF_BIRTH', 'Please add your date of birth (Profile → Identity) before your next deposit.');
  });

  it('given ₹45,000 claimed and no verified identity, when ₹5,000, then recorded; when ₹5,000.01 more, then refused (403)', () => {
    const given = state({
      hasDateOfBirth: true,
      status: 'not-submitted',
      claimedPaise: 4_500_000,
      thresholdPaise: 5_000_000,
    });
    expect(spec.given(given).when(claim(5000)).events()[0]!.type).toBe('DepositRequested');
    spec.given(given).when(claim(5000.01)).thenRefused('IDENTITY', IDENTITY_MESSAGES.verifyBeforeDeposit(5_000_000));
    expect(
      spec
        .given({ ...given, identity: { ...given.identity!, status: 'verified' } })
        .when(claim(5000.01))
        .events()[0]!.type,
    ).toBe('DepositRequested');
  });
});
