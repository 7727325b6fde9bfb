import { loadConfig } from '@app/config';
import { SNAPSHOT_NOW_MS, type SqlSnapshotEntry } from '@app/db/testing';
import { periodIdAt } from '@app/domain';
import { COMMAND_FIELD, encodeCommand, FENCE_FIELD, type BetCommand } from '@app/realtime';
import { BetBatchService, gamesBetQuery } from './bet-batch.service.js';
import { recordCancelledStatement, recordOutcomesStatement } from './bet-outcomes.js';
import { periodLeavesQuery } from './bets-commitment.js';

/** Fixed ids of the SQL snapshots (docs/sql.md). */
const PLAYER = '11111111-1111-4111-8111-111111111111';
const LIMITED = '22222222-2222-4222-8222-222222222222';
const BET = '55555555-5555-4555-8555-555555555555';
const REFUSED = '66666666-6666-4666-8666-666666666666';
const CLIENT_COMMAND = '77777777-7777-4777-8777-777777777777';

/** Commands received 3 s into a period, before its lock. */
const RECEIVED_MS = SNAPSHOT_NOW_MS + 3_000;
const PERIOD = periodIdAt(RECEIVED_MS);
const LOCK_AT = new Date(SNAPSHOT_NOW_MS + 25_000).toISOString();

const commands: BetCommand[] = [
  {
    id: BET,
    userId: PLAYER,
    periodId: PERIOD,
    betType: 'color',
    betValue: 'red',
    amount: 1_000,
    clientCommandId: CLIENT_COMMAND,
  },
  { id: REFUSED, userId: LIMITED, periodId: PERIOD, betType: 'number', betValue: '7', amount: 1_000 },
];

/** The bets' statements (`sql/bets/`): the bet batch (the hot path of every round) and its parts. */
export function betsSqlStatements(): SqlSnapshotEntry[] {
  const at = new Date(RECEIVED_MS).toISOString();
  return [
    {
      name: 'bet-batch-apply',
      builder: 'BetBatchService.apply',
      file: 'libs/bets/src/bet-batch.service.ts',
      about:
        'A batch of two commands and a fence: one bet placed, one refused by the player’s loss limit. Two statements: the read that locks, the write of everything.',
      results: [
        [
          {
            stored: [],
            periods: [{ id: PERIOD, status: 'OPEN', lock_at: LOCK_AT }],
            wallets: [
              { user_id: PLAYER, main: 100_000, bonus: 500, suspended: false, away: null },
              { user_id: LIMITED, main: 100_000, bonus: 0, suspended: false, away: null },
            ],
            existing: [],
            losses: [{ user_id: LIMITED, kind: 'loss24h', limit_paise: 10_000, used_paise: 10_000, oldest_at: at }],
          },
        ],
        [
          {
            seqs: [201],
            wallets: [[PLAYER, 99_500, 0]],
            placed_bets: [
              {
                id: BET,
                user_id: PLAYER,
                bet_type: 'color',
                bet_value: 'red',
                system_selected_value: null,
                amount: 1_000,
                is_win: null,
                win_amount: 0,
                status: 'PENDING',
                played_from: 'main',
                period_id: PERIOD,
                created_at: at,
                updated_at: at,
              },
            ],
            bet_outcomes: [{ command_id: CLIENT_COMMAND }, { command_id: REFUSED }],
            loss_limit_hits: [{ id: '1' }],
            fences: [{ period_id: PERIOD }],
          },
        ],
      ],
      run: (db) =>
        new BetBatchService(db, loadConfig({})).apply(3, [
          { id: `${RECEIVED_MS}-0`, fields: [COMMAND_FIELD, encodeCommand(commands[0]!)] },
          { id: `${RECEIVED_MS}-1`, fields: [COMMAND_FIELD, encodeCommand(commands[1]!)] },
          { id: `${RECEIVED_MS}-2`, fields: [FENCE_FIELD, PERIOD] },
        ]),
    },
    {
      name: 'games-bet',
      builder: 'gamesBetQuery',
      file: 'libs/bets/src/bet-batch.service.ts',
      about:
        'The games a batch’s players bet on in its periods, one index lookup per player (part of the batch’s read).',
      run: (db) => gamesBetQuery([PLAYER, LIMITED], [PERIOD]).execute(db),
    },
    {
      name: 'record-outcomes',
      builder: 'recordOutcomesStatement',
      file: 'libs/bets/src/bet-outcomes.ts',
      about:
        'Stores the answer of every command a batch decided (a plain insert: a refusal stored first rolls the batch back).',
      run: (db) =>
        recordOutcomesStatement([
          {
            user_id: PLAYER,
            command_id: CLIENT_COMMAND,
            kind: 'accepted',
            bet_id: BET,
            period_id: PERIOD,
            message: 'Bet placed',
          },
          {
            user_id: LIMITED,
            command_id: REFUSED,
            kind: 'rejected',
            bet_id: null,
            period_id: PERIOD,
            message: 'Loss limit reached',
          },
        ]).execute(db),
    },
    {
      name: 'record-cancelled',
      builder: 'recordCancelledStatement',
      file: 'libs/bets/src/bet-outcomes.ts',
      about: 'Stores “could not place” for commands an api node cancelled, unless they have an answer already.',
      run: (db) => recordCancelledStatement(commands).execute(db),
    },
    {
      name: 'period-leaves',
      builder: 'periodLeavesQuery',
      file: 'libs/bets/src/bets-commitment.ts',
      about: 'The leaves of a period’s bets’ commitment (Merkle tree), hashed by Postgres.',
      run: (db) => periodLeavesQuery(PERIOD).execute(db),
    },
  ];
}
