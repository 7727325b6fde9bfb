import { randomUUID } from 'node:crypto';
import type { AdminDispute, Dispute } from '@app/contracts';
import { DISPUTE_MESSAGES } from '@app/domain';
import { MailQueue, type MailJob } from '@app/mail';
import { createUser, recordTestChain, startTestApi, type TestApi, type TestUser } from '@app/testing';
import { deposit, newUtr, transactionRow } from '../payment/testing/payments.js';

const PERIOD = '202611210007';
const HEX = (c: string) => c.repeat(64);
const DAY = 86_400_000;

describe('disputes keyed to the round', () => {
  let api: TestApi;
  let asha: TestUser;
  let ravi: TestUser;
  let admin: TestUser;
  let betId: string;

  beforeAll(async () => {
    api = await startTestApi({ env: { RATE_LIMITS: 'false' } });
    asha = await createUser(api, { main: 5_000_00 });
    ravi = await createUser(api, { main: 5_000_00 });
    admin = await createUser(api, { role: 'super-admin' });
    // Asha's settled, lost bet on green in a period that drew 5 (violet, big).
    const chain = await recordTestChain(api.db, { commitment: HEX('a'), length: 10 });
    const start = new Date('2026-11-21T00:03:00+05:30');
    await api.db
      .insertInto('periods')
      .values({
        id: PERIOD,
        start_at: start,
        lock_at: new Date(start.getTime() + 25_000),
        end_at: new Date(start.getTime() + 30_000),
        status: 'SETTLED',
        chain_id: chain.id,
        chain_index: 1,
        seed_hash: HEX('c'),
        seed: HEX('d'),
        digit: 5,
        color: 'violet',
        big_small: 'big',
      } as never)
      .execute();
    betId = randomUUID();
    await api.db
      .insertInto('bets')
      .values({
        id: betId,
        user_id: asha.id,
        period_id: PERIOD,
        bet_type: 'color',
        bet_value: 'green',
        amount: 10_000,
        status: 'COMPLETED',
        is_win: false,
        win_amount: 0,
        placed_at: start,
      } as never)
      .execute();
  });
  afterAll(() => api.close());

  const open = (user: TestUser, body: Record<string, unknown>) =>
    api.request('POST', '/api/v1/disputes', { token: user.token, body });
  const audits = (disputeId: string) =>
    api.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'beneficiary_id', 'decision'])
      .where('target_type', '=', 'dispute')
      .where('target_id', '=', disputeId)
      .orderBy('id')
      .execute();
  async function queuedMail(): Promise<MailJob[]> {
    const jobs = await api.app.get(MailQueue).bull.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
    return jobs.map((j) => j.data);
  }

  it('a player disputes their own bet, the admin answers, the mail is queued, the player reads and closes it; every step audited', async () => {
    // Not someone else's bet: 404, exactly as an unknown one.
    const stranger = await open(ravi, { betId, message: 'This bet is not mine but I want it reviewed.' });
    expect({ status: stranger.status, message: stranger.body.message }).toEqual({
      status: 404,
      message: DISPUTE_MESSAGES.betNotFound,
    });
    const unknown = await open(ravi, { betId: randomUUID(), message: 'This bet is not mine but I want it reviewed.' });
    expect({ status: unknown.status, message: unknown.body.message }).toEqual({
      status: 404,
      message: DISPUTE_MESSAGES.betNotFound,
    });

    const res = await open(asha, { betId, message: '  I bet on green and lost, but I think the round drew 7.  ' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Dispute opened. We answer within 14 days.');
    const dispute: Dispute = res.body.data.dispute;
    expect(dispute).toMatchObject({
      status: 'open',
      subjectType: 'bet',
      periodId: PERIOD,
      proofPath: `/api/v1/bet/${betId}/proof`,
      message: 'I bet on green and lost, but I think the round drew 7.',
      answer: null,
      bet: {
        _id: betId,
        periodId: PERIOD,
        betType: 'color',
        betValue: 'green',
        amount: 100,
        status: 'COMPLETED',
        isWin: false,
        result: { digit: 5, color: 'violet', bigSmall: 'big' },
        periodStatus: 'SETTLED',
      },
      transaction: null,
    });
    expect(Date.parse(dispute.dueAt) - Date.parse(dispute.createdAt)).toBe(14 * DAY);
    // One at a time per bet.
    const again = await open(asha, { betId, message: 'Opening it a second time, please look.' });
    expect({ status: again.status, message: again.body.message }).toEqual({
      status: 409,
      message: DISPUTE_MESSAGES.alreadyOpen,
    });

    // The console's open list carries the player and the evidence.
    const list = await api.request('GET', '/api/v1/admin/disputes?status=open', { token: admin.token });
    expect(list.status).toBe(200);
    const row: AdminDispute = list.body.data.disputes.find((d: AdminDispute) => d.id === dispute.id);
    expect(row).toMatchObject({
      player: { id: asha.id, username: asha.username, email: asha.email },
      bet: { result: { digit: 5 } },
    });

    // The admin answers: answered, e-mailed.
    const empty = await api.request('PUT', `/api/v1/admin/disputes/${dispute.id}/answer`, {
      token: admin.token,
      body: { answer: '   ' },
    });
    expect({ status: empty.status, message: empty.body.message, errors: empty.body.errors }).toEqual({
      status: 400,
      message: DISPUTE_MESSAGES.answerRequired,
      errors: { answer: DISPUTE_MESSAGES.answerRequired },
    });
    const answer = 'Period 202611210007 drew 5, which is violet. Your bet was on green, so it lost.';
    const answered = await api.request('PUT', `/api/v1/admin/disputes/${dispute.id}/answer`, {
      token: admin.token,
      body: { answer },
    });
    expect(answered.status).toBe(200);
    expect(answered.body.data.dispute).toMatchObject({ status: 'answered', answer });
    expect(await queuedMail()).toContainEqual({
      kind: 'dispute-answered',
      to: asha.email,
      username: asha.username,
      about: `your bet in period ${PERIOD}`,
      subject: { type: 'bet', periodId: PERIOD },
      answer,
      where: 'Profile → My disputes',
      // The e-mail is written in the player's language (the account's, English by default).
      language: 'en-IN',
    });
    const twice = await api.request('PUT', `/api/v1/admin/disputes/${dispute.id}/answer`, {
      token: admin.token,
      body: { answer: 'Another answer' },
    });
    expect({ status: twice.status, message: twice.body.message }).toEqual({
      status: 409,
      message: DISPUTE_MESSAGES.alreadyAnswered,
    });

    // The player reads it; another player sees nothing of it and cannot close it.
    const mine = await api.request('GET', '/api/v1/disputes', { token: asha.token });
    expect(mine.body.data.disputes).toEqual([expect.objectContaining({ id: dispute.id, status: 'answered', answer })]);
    expect((await api.request('GET', '/api/v1/disputes', { token: ravi.token })).body.data.disputes).toEqual([]);
    expect((await api.request('PUT', `/api/v1/disputes/${dispute.id}/close`, { token: ravi.token })).status).toBe(404);

    const closed = await api.request('PUT', `/api/v1/disputes/${dispute.id}/close`, { token: asha.token });
    expect(closed.status).toBe(200);
    expect(closed.body.data.dispute).toMatchObject({ status: 'closed' });
    expect((await api.request('PUT', `/api/v1/disputes/${dispute.id}/close`, { token: asha.token })).status).toBe(409);
    expect(
      (await api.request('GET', '/api/v1/admin/disputes?status=closed', { token: admin.token })).body.data.disputes.map(
        (d: AdminDispute) => d.id,
      ),
    ).toContain(dispute.id);

    expect(await audits(dispute.id)).toEqual([
      { action: 'dispute.open', actor_id: asha.id, beneficiary_id: asha.id, decision: 'open' },
      { action: 'dispute.answer', actor_id: admin.id, beneficiary_id: asha.id, decision: 'answered' },
      { action: 'dispute.close', actor_id: asha.id, beneficiary_id: asha.id, decision: 'closed' },
    ]);
    // Closed, the bet may be disputed again.
    expect((await open(asha, { betId, message: 'Looking again, the proof does not verify.' })).status).toBe(201);
  });

  it('refuses an empty or too long text, and a body naming no subject or both', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ betId, message: '' }, DISPUTE_MESSAGES.textTooShort],
      [{ betId, message: 'short' }, DISPUTE_MESSAGES.textTooShort],
      [{ betId, message: 'x'.repeat(1001) }, DISPUTE_MESSAGES.textTooLong],
      [{ message: 'Something is wrong here.' }, DISPUTE_MESSAGES.subjectRequired],
      [{ betId, transactionId: randomUUID(), message: 'Something is wrong here.' }, DISPUTE_MESSAGES.subjectRequired],
    ];
    for (const [body, message] of cases) {
      const res = await open(ravi, body);
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
    }
    expect(await api.db.selectFrom('disputes').select('id').where('user_id', '=', ravi.id).execute()).toEqual([]);
  });

  it('keeps one dispute per transaction when parallel openings race; the admin closes it', async () => {
    const dep = await deposit(api, ravi, {
      amount: 500,
      utrNumber: newUtr(),
      upiApp: 'PHONEPE',
      payer: 'ravi.kumar@okaxis',
    });
    const tx = await transactionRow(api.db, dep.body.data.transactionId);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        open(ravi, { transactionId: tx.id, message: 'My deposit of ₹500 is still pending after a day.' }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const loser of answers.filter((a) => a.status === 409))
      expect(loser.body.message).toBe(DISPUTE_MESSAGES.alreadyOpen);
    const rows = await api.db.selectFrom('disputes').selectAll().where('transaction_id', '=', tx.id).execute();
    expect(rows).toHaveLength(1);
    const dispute: Dispute = answers.find((a) => a.status === 201)!.body.data.dispute;
    expect(dispute).toMatchObject({
      subjectType: 'transaction',
      periodId: null,
      proofPath: null,
      transaction: { transactionId: tx.transaction_id, type: 'DEPOSIT', status: 'PENDING', amount: 500 },
    });
    // Not another player's transaction.
    expect((await open(asha, { transactionId: tx.id, message: 'This is not my deposit at all.' })).status).toBe(404);

    const closed = await api.request('PUT', `/api/v1/admin/disputes/${dispute.id}/close`, { token: admin.token });
    expect(closed.status).toBe(200);
    expect(closed.body.data.dispute).toMatchObject({ status: 'closed', player: { id: ravi.id } });
    expect(await audits(dispute.id)).toEqual([
      { action: 'dispute.open', actor_id: ravi.id, beneficiary_id: ravi.id, decision: 'open' },
      { action: 'dispute.close', actor_id: admin.id, beneficiary_id: ravi.id, decision: 'closed' },
    ]);
    // A closed dispute is never answered, and the database keeps it so.
    expect(
      (
        await api.request('PUT', `/api/v1/admin/disputes/${dispute.id}/answer`, {
          token: admin.token,
          body: { answer: 'Too late' },
        })
      ).status,
    ).toBe(409);
    await expect(
      api.db.updateTable('disputes').set({ status: 'open' }).where('id', '=', dispute.id).execute(),
    ).rejects.toThrow(/cannot go from closed/);
  });
});
