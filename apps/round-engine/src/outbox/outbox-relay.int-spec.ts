import { sql } from 'kysely';
import { Accounts, recordEntries } from '@app/ledger';
import { MailQueue, paymentNoticeJobId } from '@app/mail';
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

  it('sends the notice and queues the e-mail of a review whose writer stopped before publishing, once', async () => {
    const player = await createUser(api, { main: 10_000 });
    const reason = 'The account holder name does not match.';
    // A withdrawal of ₹700 returned by its reviewer, committed, and then the api node stopped.
    const { seqs, transactionId } = await api.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('transactions')
        .values({
          transaction_id: `WDR20261129${player.id.slice(0, 8).toUpperCase()}`,
          user_id: player.id,
          wallet_id: player.walletId,
          type: 'WITHDRAWAL',
          method: 'UPI',
          status: 'FAILED',
          amount: 70_000,
          description: 'Withdrawal to UPI',
          upi_id: 'ravi.kumar@ybl',
          ist_day: '2026-11-29',
          admin_notes: reason,
          reviewed_at: new Date(),
        })
        .returning(['id', 'transaction_id'])
        .executeTakeFirstOrThrow();
      const recorded = await recordEntries(trx, [
        {
          type: 'WithdrawalReturned',
          stream: `transaction:${row.id}`,
          userId: player.id,
          payload: { transactionId: row.transaction_id, amount: 70_000, reviewedBy: null },
          postings: [
            { account: Accounts.clearingWithdrawals, amount: -70_000 },
            { account: Accounts.userMain(player.id), amount: 70_000 },
          ],
        },
        // The hold this return undoes, so that clearing:withdrawals stays balanced.
        {
          type: 'WithdrawalRequested',
          stream: `transaction:${row.id}`,
          userId: player.id,
          payload: { transactionId: row.transaction_id, amount: 70_000 },
          postings: [
            { account: Accounts.userMain(player.id), amount: -70_000 },
            { account: Accounts.clearingWithdrawals, amount: 70_000 },
          ],
          outbox: false,
        },
      ]);
      return { seqs: recorded.seqs, transactionId: row.transaction_id };
    });
    await sql`UPDATE outbox SET created_at = now() - interval '10 seconds' WHERE event_seq = ANY(${seqs}::bigint[])`.execute(
      api.db,
    );
    await eventually(async () => log.to(player.id, 'notice').length > 0, 8000, 'relayed notice');
    expect(log.to(player.id, 'notice').map((m) => m.data)).toEqual([
      { kind: 'withdrawal-rejected', amount: 700, transactionId, reason },
    ]);
    const job = await engine.app
      .get(MailQueue)
      .bull.getJob(paymentNoticeJobId({ notice: 'withdrawal-rejected', transactionId }));
    expect(job?.data).toMatchObject({
      kind: 'payment-notice',
      notice: 'withdrawal-rejected',
      to: player.email,
      amountPaise: 70_000,
      reason,
    });
    await new Promise((r) => setTimeout(r, 1500));
    expect(log.to(player.id, 'notice')).toHaveLength(1);
    expect(await engine.app.get(MailQueue).bull.getJobCounts('waiting', 'delayed', 'active')).toMatchObject({
      waiting: 1,
    });
  });
});
