import { loadConfig } from '@app/config';
import type { Database } from '@app/db';
import { scrubTransactionIds, SNAPSHOT_NOW_MS, type SqlSnapshotEntry } from '@app/db/testing';
import { decideReview, type ReviewState } from '@app/domain';
import { AdminPaymentsRepository } from './admin/admin-payments.repository.js';
import { PaymentRepository } from './payment/payment.repository.js';
import { StatementRepository } from './statements/statement.repository.js';

/** Fixed ids of the SQL snapshots (docs/sql.md). */
const PLAYER = '11111111-1111-4111-8111-111111111111';
const REFERRER = '22222222-2222-4222-8222-222222222222';
const ADMIN = '99999999-9999-4999-8999-999999999999';
const WALLET = '44444444-4444-4444-8444-444444444444';
const REFERRER_WALLET = '55555555-5555-4555-8555-555555555555';
const DEPOSIT = '66666666-6666-4666-8666-666666666666';
const WITHDRAWAL = '77777777-7777-4777-8777-777777777777';
const IST_DAY = '2026-11-21';
const AT = new Date(SNAPSHOT_NOW_MS);

function transactionRow(type: 'DEPOSIT' | 'WITHDRAWAL', status: 'PENDING' | 'COMPLETED') {
  return {
    id: type === 'DEPOSIT' ? DEPOSIT : WITHDRAWAL,
    transaction_id: type === 'DEPOSIT' ? 'DEP20261121ABCDEFGHJK' : 'WDR20261121ABCDEFGHJK',
    user_id: PLAYER,
    wallet_id: WALLET,
    type,
    method: 'UPI',
    status,
    amount: 50_000,
    description: type === 'DEPOSIT' ? 'Deposit via UPI' : 'Withdrawal to UPI',
    utr_number: type === 'DEPOSIT' ? '123456789012' : null,
    upi_app: 'GOOGLE_PAY',
    upi_id: type === 'WITHDRAWAL' ? 'ravi@okicici' : null,
    payer: type === 'DEPOSIT' ? 'ravi@okicici' : null,
    ist_day: IST_DAY,
    created_at: AT,
    updated_at: AT,
  };
}

const walletRow = (userId: string, id: string) => ({ id, user_id: userId, main: 100_000, bonus: 0, is_active: true });
const REFERRAL_TERMS: ReviewState['referralTerms'] = { shareBps: 1_000, capPaise: 50_000 };

/** Runs a review the way AdminPaymentsService does: the state, the domain's decision, the store's writes. */
async function review(db: Database, id: string, decision: 'COMPLETED' | 'FAILED') {
  const repository = new AdminPaymentsRepository(db);
  return repository.transaction(async (tx) => {
    const state = await tx.reviewState(id, REFERRAL_TERMS);
    return tx.saveReview(decideReview({ reviewerId: ADMIN, walletId: WALLET, decision, notes: null }, state));
  });
}

/**
 * The api's statements that move money (`sql/api/`): deposit claims, withdrawal requests, their review, and the
 * account statement's reads (a player's statement reads every posting of the range).
 */
export function apiSqlStatements(): SqlSnapshotEntry[] {
  const config = loadConfig({});
  const payments = (db: Database) => new PaymentRepository(db, config);
  return [
    {
      name: 'deposit-claim-state',
      builder: 'PaymentRepository depositClaimState',
      file: 'apps/api/src/payment/payment.repository.ts',
      about: 'What a deposit claim is decided on, read under the lock of the player’s wallet.',
      results: [
        [{ role: 'user', status: 'active' }],
        [{ id: WALLET, is_active: true }],
        [],
        [{ date_of_birth: '1990-01-01' }],
        [{ total: '0' }],
      ],
      run: (db) => payments(db).transaction((tx) => tx.depositClaimState(PLAYER, '123456789012')),
    },
    {
      name: 'save-deposit-claim',
      builder: 'PaymentRepository saveDepositClaim',
      file: 'apps/api/src/payment/payment.repository.ts',
      about:
        'Stores a PENDING deposit claim (nothing when another claim holds its UTR) and its journal event, which posts nothing.',
      scrub: scrubTransactionIds,
      results: [[{ day: IST_DAY }], [transactionRow('DEPOSIT', 'PENDING')], [{ seqs: [301], wallets: null }]],
      run: (db) =>
        payments(db).transaction((tx) =>
          tx.saveDepositClaim({
            userId: PLAYER,
            walletId: WALLET,
            method: 'UPI',
            amount: 50_000,
            utrNumber: '123456789012',
            upiApp: 'GOOGLE_PAY',
            payer: 'ravi@okicici',
            description: 'Deposit via UPI',
            isFirstDeposit: true,
            walletActive: false,
          }),
        ),
    },
    {
      name: 'withdrawal-state',
      builder: 'PaymentRepository withdrawalState',
      file: 'apps/api/src/payment/payment.repository.ts',
      about:
        'What a withdrawal request is decided on: the wallet locked, the day’s withdrawals, the play since the previous one, the identity.',
      results: [
        [{ role: 'user', status: 'active' }],
        [walletRow(PLAYER, WALLET)],
        [{ day: IST_DAY }],
        [],
        [{ total: '0' }],
        [{ deposited: '50000', staked: '50000', withdrawn: '0', age_days: 3 }],
        [{ status: 'verified', full_name: 'Ravi Kumar' }],
      ],
      run: (db) => payments(db).transaction((tx) => tx.withdrawalState(PLAYER)),
    },
    {
      name: 'save-withdrawal',
      builder: 'PaymentRepository saveWithdrawal',
      file: 'apps/api/src/payment/payment.repository.ts',
      about:
        'Stores a withdrawal request and holds its amount (main → clearing:withdrawals); voids a referral not played through.',
      scrub: scrubTransactionIds,
      results: [[transactionRow('WITHDRAWAL', 'PENDING')], [], [{ seqs: [302], wallets: [[PLAYER, 50_000, 0]] }]],
      run: (db) =>
        payments(db).transaction((tx) =>
          tx.saveWithdrawal({
            userId: PLAYER,
            walletId: WALLET,
            amount: 50_000,
            request: { method: 'UPI', amountPaise: 50_000, upiApp: 'GOOGLE_PAY', upiId: 'ravi@okicici' },
            istDay: IST_DAY,
            description: 'Withdrawal to UPI',
            walletActive: true,
            playCheck: {
              depositedPaise: 50_000,
              stakedPaise: 50_000,
              withdrawnBeforePaise: 0,
              accountAgeDays: 3,
              flagged: false,
            },
            nameCheck: null,
          }),
        ),
    },
    {
      name: 'approve-first-deposit',
      builder: 'AdminPaymentsRepository reviewState + saveReview',
      file: 'apps/api/src/admin/admin-payments.repository.ts',
      about:
        'An admin approves a referred player’s first deposit: the wallets locked, the exactly-once update, the credit, the referral, the audit row.',
      results: [
        [transactionRow('DEPOSIT', 'PENDING')],
        [{ username: 'ravi', referred_by: REFERRER }],
        [walletRow(PLAYER, WALLET), walletRow(REFERRER, REFERRER_WALLET)],
        [],
        [{ ...transactionRow('DEPOSIT', 'COMPLETED'), reviewed_by: ADMIN, reviewed_at: AT }],
        [],
        [],
        [{ seqs: [303], wallets: [[PLAYER, 150_000, 0]] }],
      ],
      run: (db) => review(db, 'DEP20261121ABCDEFGHJK', 'COMPLETED'),
    },
    {
      name: 'pay-out-withdrawal',
      builder: 'AdminPaymentsRepository reviewState + saveReview',
      file: 'apps/api/src/admin/admin-payments.repository.ts',
      about:
        'An admin pays out a withdrawal: the player’s row shared (a suspension waits), the exactly-once update, clearing:withdrawals → clearing:payouts.',
      results: [
        [transactionRow('WITHDRAWAL', 'PENDING')],
        [{ status: 'active' }],
        [{ ...transactionRow('WITHDRAWAL', 'COMPLETED'), reviewed_by: ADMIN, reviewed_at: AT }],
        [{ seqs: [304], wallets: null }],
      ],
      run: (db) => review(db, WITHDRAWAL, 'COMPLETED'),
    },
    {
      name: 'statement-sums',
      builder: 'StatementRepository.sums',
      file: 'apps/api/src/statements/statement.repository.ts',
      about: 'A statement’s opening, closing and page-start balances, in one scan of the player’s two accounts.',
      run: (db) =>
        new StatementRepository(db).sums({
          userId: PLAYER,
          from: new Date(Date.UTC(2026, 9, 31, 18, 30)),
          toExclusive: new Date(Date.UTC(2026, 10, 30, 18, 30)),
          after: 0,
        }),
    },
    {
      name: 'statement-entries',
      builder: 'StatementRepository.entries',
      file: 'apps/api/src/statements/statement.repository.ts',
      about:
        'A page of a statement’s journal entries: each account read up to the page size, then the entries’ events.',
      results: [[{ account: `user:${PLAYER}:main`, seq: '301', amount: '50000', at: AT }]],
      run: (db) =>
        new StatementRepository(db).entries(
          {
            userId: PLAYER,
            from: new Date(Date.UTC(2026, 9, 31, 18, 30)),
            toExclusive: new Date(Date.UTC(2026, 10, 30, 18, 30)),
            after: 0,
          },
          100,
        ),
    },
  ];
}
