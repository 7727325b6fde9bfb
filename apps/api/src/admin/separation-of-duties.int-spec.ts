import { jest } from '@jest/globals';
import type { Socket } from 'socket.io-client';
import type { BetMessage } from '@app/contracts';
import { currentPeriod } from '@app/domain';
import { RedisService } from '@app/redis';
import { AccessTokenService } from '../auth/access-token.service.js';
import {
  countRows,
  decide,
  deposit,
  expectLedgerConsistent,
  newUtr,
  transactionRow,
  upiWithdrawal,
  wallet,
  withdraw,
} from '../payment/testing/payments.js';
import { RoundsService } from '../rounds/rounds.service.js';
import { connected, createUser, startTestApi, TEST_API_KEY, type TestApi, type TestUser } from '@app/testing';
import { AdminPaymentsRepository } from './admin-payments.repository.js';

jest.setTimeout(60_000);

const PLAYERS_ONLY =
  'Administrator accounts have no wallet: deposits, withdrawals, bets and referral codes are for players only.';
const OWN_TRANSACTION = 'You cannot review a transaction of your own account.';

/** An administrator holds no money, never reviews their own, and the audit log names who acted for whom. */
describe('separation of duties', () => {
  let api: TestApi;
  let admin: TestUser;
  const adminEmail = 'ops.admin@gmail.com';
  beforeAll(async () => {
    api = await startTestApi({
      env: { RATE_LIMITS: 'false', ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: 'admin-secret-1' },
    });
    admin = await createUser(api, { role: 'super-admin' });
  });
  afterAll(() => api.close());
  afterEach(() => expectLedgerConsistent(api.db));

  /** A player promoted to super-admin afterwards (roles change), signed in with a token of the new role. */
  async function promoted(player: TestUser): Promise<TestUser> {
    await api.db.updateTable('users').set({ role: 'super-admin' }).where('id', '=', player.id).execute();
    const token = api.app.get(AccessTokenService).sign({ id: player.id, role: 'super-admin' }, player.sessionId);
    return { ...player, role: 'super-admin', token };
  }

  describe('an administrator has no wallet', () => {
    it('start-up creates the first super-admin without a wallet', async () => {
      const created = await api.db
        .selectFrom('users')
        .select(['id', 'role'])
        .where('email', '=', adminEmail)
        .executeTakeFirstOrThrow();
      expect(created.role).toBe('super-admin');
      expect(await api.db.selectFrom('wallets').select('id').where('user_id', '=', created.id).execute()).toEqual([]);
    });

    it('deposit and withdraw: 403 with a clear message, nothing stored', async () => {
      const before = await countRows(api.db, 'transactions');
      for (const res of [
        await deposit(api, admin, { amount: 500, utrNumber: newUtr() }),
        await withdraw(api, admin, upiWithdrawal(500)),
        // Whatever the body: the role is refused first.
        await deposit(api, admin, { amount: -1 }),
        await withdraw(api, admin, { method: 'CHEQUE' }),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ success: false, statusCode: 403, message: PLAYERS_ONLY });
      }
      expect(await countRows(api.db, 'transactions')).toBe(before);
    });

    it('the role is the database’s: a player promoted to super-admin is refused even with a token issued before', async () => {
      const player = await createUser(api, { main: 100_000 });
      await api.db.updateTable('users').set({ role: 'super-admin' }).where('id', '=', player.id).execute();
      expect((await deposit(api, player, { amount: 500, utrNumber: newUtr() })).body.message).toBe(PLAYERS_ONLY);
      expect((await withdraw(api, player, upiWithdrawal(500))).body.message).toBe(PLAYERS_ONLY);
      expect(await wallet(api.db, player.id)).toMatchObject({ main: 100_000 });
    });

    it('place-bet over the socket is answered with a bet-message, not ignored; nothing is queued', async () => {
      const socket = await connected(api.socket({ apiKey: TEST_API_KEY, token: admin.token }) as unknown as Socket);
      try {
        const { periodId } = currentPeriod(Date.now(), api.app.get(RoundsService).periodConfig);
        const reply = new Promise<BetMessage>((resolve) => socket.once('bet-message', resolve));
        socket.emit('place-bet', { periodId, betType: 'color', betValue: 'red', amount: 10 });
        expect(await reply).toEqual({ success: false, message: PLAYERS_ONLY });
      } finally {
        socket.disconnect();
      }
      const redis = api.app.get(RedisService);
      for (let p = 0; p < api.config.BET_PARTITIONS; p++)
        expect(await redis.client.xlen(redis.keys.betCommands(p))).toBe(0);
      expect(await api.db.selectFrom('bets').select('id').where('user_id', '=', admin.id).execute()).toEqual([]);
    });

    it('a player referred by an administrator’s code earns the administrator nothing', async () => {
      const player = await createUser(api, { referredBy: admin.id });
      const claimed = await deposit(api, player, { amount: 1000, utrNumber: newUtr() });
      expect(
        (
          await decide(
            api,
            await createUser(api, { role: 'super-admin' }),
            claimed.body.data.transactionId,
            'COMPLETED',
          )
        ).status,
      ).toBe(200);
      expect(await wallet(api.db, player.id)).toMatchObject({ main: 100_000, is_active: true });
      expect(await api.db.selectFrom('transactions').select('id').where('user_id', '=', admin.id).execute()).toEqual(
        [],
      );
      expect(await api.db.selectFrom('wallets').select('id').where('user_id', '=', admin.id).execute()).toEqual([]);
    });
  });

  describe('nobody reviews a transaction of their own account', () => {
    it('a reviewer who was a player: 403 for their own deposit and withdrawal, which stay pending', async () => {
      const player = await createUser(api, { main: 300_000 });
      const ownDeposit = (await deposit(api, player, { amount: 2000, utrNumber: newUtr() })).body.data
        .transactionId as string;
      const ownWithdrawal = (await withdraw(api, player, upiWithdrawal(1000))).body.data.transactionId as string;
      const reviewer = await promoted(player);
      const auditBefore = await countRows(api.db, 'audit_log');
      for (const [transactionId, status] of [
        [ownDeposit, 'COMPLETED'],
        [ownWithdrawal, 'COMPLETED'],
        [ownWithdrawal, 'FAILED'],
      ] as const) {
        const res = await decide(api, reviewer, transactionId, status);
        expect(res.status).toBe(403);
        expect(res.body.message).toBe(OWN_TRANSACTION);
        expect((await transactionRow(api.db, transactionId)).status).toBe('PENDING');
      }
      expect(await countRows(api.db, 'audit_log')).toBe(auditBefore);
      expect(await wallet(api.db, player.id)).toMatchObject({ main: 200_000 });
      // Another administrator may.
      expect((await decide(api, admin, ownDeposit, 'COMPLETED')).status).toBe(200);
    });

    it('the conditional update itself refuses the owner, whatever the caller checked before', async () => {
      const player = await createUser(api);
      const transactionId = (await deposit(api, player, { amount: 500, utrNumber: newUtr() })).body.data
        .transactionId as string;
      const row = await transactionRow(api.db, transactionId);
      const repo = api.app.get(AdminPaymentsRepository);
      const decided = await api.db
        .transaction()
        .execute((trx) => repo.decide(trx, row.id, { status: 'COMPLETED', adminId: player.id, notes: null }));
      expect(decided).toBeUndefined();
      expect((await transactionRow(api.db, transactionId)).status).toBe('PENDING');
      const byOther = await api.db
        .transaction()
        .execute((trx) => repo.decide(trx, row.id, { status: 'FAILED', adminId: admin.id, notes: null }));
      expect(byOther).toMatchObject({ status: 'FAILED', reviewed_by: admin.id });
    });
  });

  it('the audit log records the actor (the admin) and the beneficiary (the player whose money moved)', async () => {
    const player = await createUser(api, { main: 100_000 });
    const depositId = (await deposit(api, player, { amount: 750, utrNumber: newUtr() })).body.data
      .transactionId as string;
    const withdrawalId = (await withdraw(api, player, upiWithdrawal(500))).body.data.transactionId as string;
    expect((await decide(api, admin, depositId, 'COMPLETED', 'UTR matched')).status).toBe(200);
    expect((await decide(api, admin, withdrawalId, 'FAILED')).status).toBe(200);
    for (const [transactionId, action, decision] of [
      [depositId, 'deposit.review', 'COMPLETED'],
      [withdrawalId, 'withdrawal.review', 'FAILED'],
    ] as const) {
      const row = await transactionRow(api.db, transactionId);
      const audit = await api.db
        .selectFrom('audit_log')
        .selectAll()
        .where('target_id', '=', row.id)
        .executeTakeFirstOrThrow();
      expect(audit).toMatchObject({
        actor_id: admin.id,
        beneficiary_id: player.id,
        action,
        decision,
        target_type: 'transaction',
      });
      expect(audit.metadata).toMatchObject({ transactionId, userId: player.id });
    }
  });
});
