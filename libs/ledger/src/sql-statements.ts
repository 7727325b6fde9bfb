import { sql } from 'kysely';
import type { SqlSnapshotEntry } from '@app/db/testing';
import { Accounts } from './accounts.js';
import { lockWallets, recordEntries } from './journal.js';
import { playSincePreviousWithdrawal, readBonusWagering, setBonusWagering } from './play-through.js';
import { reconcilePayments } from './reconcile-payments.js';
import { reconcile } from './reconcile.js';
import { recordSetBasedEntry, userAccountSql } from './set-based.js';

/** Fixed ids of the SQL snapshots (docs/sql.md). */
const PLAYER = '11111111-1111-4111-8111-111111111111';
const REFERRER = '22222222-2222-4222-8222-222222222222';
const COMMAND = '33333333-3333-4333-8333-333333333333';

/** The ledger's statements (`sql/ledger/`): every movement of money goes through them. */
export function ledgerSqlStatements(): SqlSnapshotEntry[] {
  return [
    {
      name: 'record-entries',
      builder: 'recordEntries',
      file: 'libs/ledger/src/journal.ts',
      about:
        'Two journal entries (an approved deposit, a referral bonus) recorded in one statement: events, postings, outbox, wallets.',
      results: [
        [
          {
            seqs: [101, 102],
            wallets: [
              [PLAYER, 50_000, 0],
              [REFERRER, 0, 5_000],
            ],
          },
        ],
      ],
      run: (db) =>
        db.transaction().execute((trx) =>
          recordEntries(trx, [
            {
              type: 'DepositApproved',
              stream: 'transaction:44444444-4444-4444-8444-444444444444',
              userId: PLAYER,
              commandId: COMMAND,
              payload: { transactionId: 'DEP20261121ABCDEFGHJK', amount: 50_000 },
              postings: [
                { account: Accounts.clearingDeposits, amount: -50_000 },
                { account: Accounts.userMain(PLAYER), amount: 50_000 },
              ],
            },
            {
              type: 'ReferralBonus',
              stream: `wallet:${REFERRER}`,
              userId: REFERRER,
              payload: { bonusPaise: 5_000 },
              postings: [
                { account: Accounts.houseBonus, amount: -5_000 },
                { account: Accounts.userBonus(REFERRER), amount: 5_000 },
              ],
              outbox: false,
            },
          ]),
        ),
    },
    {
      name: 'record-entries-alongside',
      builder: 'recordEntries',
      file: 'libs/ledger/src/journal.ts',
      about:
        'One entry with a write of the caller alongside it (the form the bet batches use): the write comes first and reads the entry’s seq.',
      results: [[{ seqs: [103], wallets: [[PLAYER, 49_000, 0]], marked: [{ id: 7 }] }]],
      run: (db) =>
        db.transaction().execute((trx) =>
          recordEntries(
            trx,
            [
              {
                type: 'Example',
                stream: `wallet:${PLAYER}`,
                userId: PLAYER,
                payload: {},
                postings: [
                  { account: Accounts.userMain(PLAYER), amount: -1_000 },
                  { account: Accounts.houseStakes, amount: 1_000 },
                ],
              },
            ],
            {
              marked: sql`UPDATE bets SET placed_seq = (SELECT seq FROM journal_entries WHERE ord = 1) WHERE id = ${COMMAND} RETURNING id`,
            },
          ),
        ),
    },
    {
      name: 'lock-wallets',
      builder: 'lockWallets',
      file: 'libs/ledger/src/journal.ts',
      about: 'Locks two players’ wallets in user-id order before a balance is checked and spent.',
      run: (db) => db.transaction().execute((trx) => lockWallets(trx, [REFERRER, PLAYER])),
    },
    {
      name: 'record-set-based-entry',
      builder: 'recordSetBasedEntry',
      file: 'libs/ledger/src/set-based.ts',
      about:
        'A journal entry computed by SQL (here: a period’s winners paid from the house) in one statement: the caller’s rows, the event, its postings, and the wallets they move, locked in user-id order.',
      results: [[{ winners: 1, journal_balance: '0', wallets_wanted: 1, wallets_moved: 1 }]],
      run: (db) =>
        db.transaction().execute((trx) =>
          recordSetBasedEntry(trx, {
            with: sql`credits AS (
              SELECT user_id, sum(win_amount)::bigint AS main, 0::bigint AS bonus FROM bets
              WHERE period_id = ${'202611211201'} AND is_win GROUP BY user_id
            ), totals AS (SELECT count(*)::int AS winners, coalesce(sum(main), 0)::bigint AS paid FROM credits)`,
            type: 'Example',
            stream: 'period:202611211201',
            payload: sql`jsonb_build_object('winners', t.winners)`,
            from: sql`totals t WHERE t.paid > 0`,
            postings: sql`
              SELECT ${Accounts.housePnl}::text AS account, -t.paid AS amount FROM totals t
              UNION ALL SELECT ${userAccountSql(sql.ref('c.user_id'), 'main')}, c.main FROM credits c`,
            result: sql`SELECT t.winners FROM totals t`,
            walletDeltas: sql`SELECT user_id, main, bonus FROM credits`,
          }),
        ),
    },
    {
      name: 'read-bonus-wagering-players',
      builder: 'readBonusWagering',
      file: 'libs/ledger/src/play-through.ts',
      about: 'The bonus wagering of given players, their wallets locked.',
      run: (db) => db.transaction().execute((trx) => readBonusWagering(trx, [PLAYER], { forUpdate: true })),
    },
    {
      name: 'read-bonus-wagering-due',
      builder: 'readBonusWagering',
      file: 'libs/ledger/src/play-through.ts',
      about: 'Up to 500 wallets under a wagering requirement (the play-through job’s scan, by a partial index).',
      run: (db) => readBonusWagering(db, null, { limit: 500 }),
    },
    {
      name: 'set-bonus-wagering',
      builder: 'setBonusWagering',
      file: 'libs/ledger/src/play-through.ts',
      about: 'Sets a wallet’s wagering requirement.',
      run: (db) =>
        db
          .transaction()
          .execute((trx) =>
            setBonusWagering(trx, PLAYER, { requiredPaise: 25_000, expiresAtMs: Date.UTC(2026, 11, 21) }),
          ),
    },
    {
      name: 'play-since-previous-withdrawal',
      builder: 'playSincePreviousWithdrawal',
      file: 'libs/ledger/src/play-through.ts',
      about:
        'What a player deposited, staked and withdrew since their previous withdrawal request (the withdrawal’s play check).',
      results: [[{ deposited: '50000', staked: '20000', withdrawn: '0', age_days: 3 }]],
      run: (db) => playSincePreviousWithdrawal(db, PLAYER),
    },
    {
      name: 'reconcile',
      builder: 'reconcile',
      file: 'libs/ledger/src/reconcile.ts',
      about: 'Rebuilds every balance from the postings and compares (`npm run reconcile`).',
      run: (db) => reconcile(db),
    },
    {
      name: 'reconcile-payments',
      builder: 'reconcilePayments',
      file: 'libs/ledger/src/reconcile-payments.ts',
      about: 'The payment clearing accounts against the transactions table.',
      run: (db) => reconcilePayments(db),
    },
  ];
}
