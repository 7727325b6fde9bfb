import { loadConfig } from '@app/config';
import { scrubTransactionIds, SNAPSHOT_NOW_MS, type SqlSnapshotEntry } from '@app/db/testing';
import { PlayThroughService } from './play-through/play-through.service.js';
import { SettlementService } from './rounds/settlement.service.js';

/** Fixed ids of the SQL snapshots (docs/sql.md). */
const PERIOD = '202611211201';
const PLAYER = '11111111-1111-4111-8111-111111111111';
const REFERRED = '33333333-3333-4333-8333-333333333333';
const REFERRER = '22222222-2222-4222-8222-222222222222';
const REFERRER_WALLET = '55555555-5555-4555-8555-555555555555';
const DEPOSIT = '66666666-6666-4666-8666-666666666666';
const BONUS_ROW = '88888888-8888-4888-8888-888888888888';

function periodRow(status: 'DRAWN' | 'OPEN') {
  const start = SNAPSHOT_NOW_MS;
  return {
    id: PERIOD,
    start_at: new Date(start),
    lock_at: new Date(start + 25_000),
    end_at: new Date(start + 30_000),
    status,
    chain_id: 1,
    chain_index: 42,
    seed_hash: null,
    seed: null,
    digit: status === 'DRAWN' ? 7 : null,
    color: status === 'DRAWN' ? 'green' : null,
    big_small: status === 'DRAWN' ? 'big' : null,
    refund_reason: status === 'OPEN' ? 'not-drawn' : null,
  };
}

/** The round engine's statements (`sql/round-engine/`): settling and refunding a period, and reading its results. */
export function roundEngineSqlStatements(): SqlSnapshotEntry[] {
  const settlement = (db: Parameters<SqlSnapshotEntry['run']>[0]) => new SettlementService(db, loadConfig({}));
  return [
    {
      name: 'settle',
      builder: 'SettlementService.settle',
      file: 'apps/round-engine/src/rounds/settlement.service.ts',
      about:
        'Settles a drawn period (digit 7, green, big) in one transaction: the status guard, the one statement that settles every bet, records the journal entry and credits the winners’ wallets, then the exposure.',
      results: [
        [periodRow('DRAWN')],
        [{ bets: 3, winners: 1, journal_balance: '0', wallets_wanted: 1, wallets_moved: 1 }],
        [{ done: false }],
      ],
      run: (db) => settlement(db).settle(PERIOD),
    },
    {
      name: 'refund',
      builder: 'SettlementService.refund',
      file: 'apps/round-engine/src/rounds/settlement.service.ts',
      about:
        'Refunds a period that was never drawn, revealing its seed: every pending stake back where it came from, a REFUND receipt per player.',
      results: [
        [periodRow('OPEN')],
        [],
        [],
        [{ done: true }],
        [{ bets: 2, players: 1, receipts: 1, journal_balance: '0', wallets_wanted: 1, wallets_moved: 1 }],
      ],
      run: (db) =>
        settlement(db).refund(PERIOD, 'beacon-unavailable', undefined, {
          seed: 'ab'.repeat(32),
          chainId: 1,
          chainIndex: 42,
        }),
    },
    {
      name: 'result-slices',
      builder: 'SettlementService.resultSlices',
      file: 'apps/round-engine/src/rounds/settlement.service.ts',
      about:
        'Reads a settled period’s results after its commit: two cursors (the players online first), fetched a slice at a time.',
      run: async (db) => {
        for await (const slice of settlement(db).resultSlices(
          { id: PERIOD, status: 'SETTLED', refund_reason: null },
          2000,
          [PLAYER],
        ))
          void slice;
      },
    },
    {
      name: 'announcement-slices',
      builder: 'SettlementService.announcementSlices',
      file: 'apps/round-engine/src/rounds/settlement.service.ts',
      about:
        'Reads a drawn period’s bet-results for the players online, as its settlement will record them, while it settles: one cursor, fetched a slice at a time.',
      run: async (db) => {
        for await (const slice of settlement(db).announcementSlices(
          {
            id: PERIOD,
            status: 'DRAWN',
            digit: 7,
            color: 'green',
            big_small: 'big',
            drawn_at: new Date('2026-11-22T18:30:30Z'),
          },
          [PLAYER],
          2000,
        ))
          void slice;
      },
    },
    {
      name: 'play-through-run',
      builder: 'PlayThroughService.run',
      file: 'apps/round-engine/src/play-through/play-through.service.ts',
      about:
        'One run of the play-through job: a bonus played through moves to main (under its wallet’s lock), a referral whose player played its deposit through is granted.',
      scrub: scrubTransactionIds,
      results: [
        [bonusRow],
        [bonusRow],
        [{ seqs: [401], wallets: [[PLAYER, 105_000, 0]] }],
        [],
        [
          {
            referred_user_id: REFERRED,
            referrer_id: REFERRER,
            deposit_paise: '50000',
            bonus_paise: '5000',
            referred_username: 'ravi',
            staked: '60000',
            suspended: false,
          },
        ],
        [{ deposit_transaction_id: DEPOSIT }],
        [{ id: REFERRER_WALLET, user_id: REFERRER, main: 0, bonus: 0, is_active: true }],
        [{ id: BONUS_ROW, transaction_id: 'BON20261121ABCDEFGHJK' }],
        [],
        [{ seqs: [402], wallets: [[REFERRER, 0, 5_000]] }],
      ],
      run: (db) => new PlayThroughService(db, loadConfig({})).run(SNAPSHOT_NOW_MS),
    },
  ];
}

/** A wallet whose bonus was played through (its requirement reached), as readBonusWagering reads it. */
const bonusRow = {
  user_id: PLAYER,
  bonus: '5000',
  required: '25000',
  played: '30000',
  expires_ms: SNAPSHOT_NOW_MS + 86_400_000,
  pending: false,
};
