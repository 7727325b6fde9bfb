import { sql } from 'kysely';
import { Accounts, recordEntries } from '@app/ledger';
import {
  createUser,
  eventually,
  MessageLog,
  startTestApi,
  startTestEngine,
  type TestApi,
  type TestEngine,
} from '@app/testing';
import { OutboxRelayService } from './outbox-relay.service.js';

describe('outbox relay', () => {
  let api: TestApi;
  let engine: TestEngine;
  let log: MessageLog;

  beforeAll(async () => {
    api = await startTestApi();
    engine = await startTestEngine({
      database: api.database,
      env: { REDIS_PREFIX: api.config.REDIS_PREFIX, ENGINE_ROLES: 'relay' },
    });
    log = new MessageLog(api.config.REDIS_PREFIX);
    await log.start();
  });
  afterAll(async () => {
    await log.stop();
    await engine.close();
    await api.close();
  });

  it('publishes what a writer committed but never published, once, and leaves fresh rows to their writer', async () => {
    const player = await createUser(api, { main: 10_000 });
    // A deposit approval committed, then its writer stopped before publishing: the outbox row stays behind.
    const { seqs } = await api.db.transaction().execute((trx) =>
      recordEntries(trx, [
        {
          type: 'DepositApproved',
          stream: `wallet:${player.id}`,
          userId: player.id,
          payload: { amount: 5_000 },
          postings: [
            { account: Accounts.clearingDeposits, amount: -5_000 },
            { account: Accounts.userMain(player.id), amount: 5_000 },
          ],
        },
      ]),
    );
    // Fresh: the relay leaves it alone for a few seconds.
    expect(await engine.app.get(OutboxRelayService).relayOnce()).toBe(0);
    await sql`UPDATE outbox SET created_at = now() - interval '10 seconds' WHERE event_seq = ${seqs[0]!}`.execute(
      api.db,
    );
    await eventually(async () => log.to(player.id, 'balance-update').length > 0, 8000, 'relayed balance update');
    expect(log.to(player.id, 'balance-update')[0]!.data).toEqual({ balance: 150, mainBalance: 150, bonusBalance: 0 });
    // The relay publishes inside its transaction and deletes the row before commit: the message can arrive first.
    await eventually(
      async () =>
        (await api.db.selectFrom('outbox').selectAll().where('event_seq', '=', seqs[0]!).execute()).length === 0,
      8000,
      'relayed row removed',
    );
    await new Promise((r) => setTimeout(r, 1500));
    expect(log.to(player.id, 'balance-update')).toHaveLength(1);
  });
});
