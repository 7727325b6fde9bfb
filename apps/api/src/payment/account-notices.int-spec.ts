import { jest } from '@jest/globals';
import { MailQueue, paymentNoticeJobId } from '@app/mail';
import { EventsPublisher, noticeMessage } from '@app/realtime';
import { startMailCatcher, type MailCatcher } from '@app/mail/testing';
import {
  createUser,
  eventually,
  MessageLog,
  startTestStack,
  TEST_API_KEY,
  type TestApi,
  type TestStack,
  type TestUser,
} from '@app/testing';
import { decide, deposit, expectLedgerConsistent, newUtr, upiWithdrawal, withdraw } from './testing/payments.js';

jest.setTimeout(60_000);

/**
 * What a player hears when their money moves outside a bet: a `notice` on their live socket for each reviewed
 * deposit or withdrawal (once, and none for a review that was refused or lost a race), and an e-mail for a payout
 * or a rejection, sent by the round engine's mail worker to a real SMTP server.
 */
describe('account notices', () => {
  let stack: TestStack;
  let api: TestApi;
  let mail: MailCatcher;
  let log: MessageLog;
  let admin: TestUser;

  beforeAll(async () => {
    mail = await startMailCatcher();
    const smtp = `smtp://127.0.0.1:${mail.port}`;
    stack = await startTestStack({
      env: { RATE_LIMITS: 'false', SMTP_URL: smtp },
      engineEnv: { ENGINE_ROLES: 'workers' },
    });
    api = stack.api;
    log = new MessageLog(api.config.REDIS_PREFIX);
    await log.start();
    admin = await createUser(api, { role: 'super-admin' });
  });
  afterAll(async () => {
    await log.stop();
    await stack.close();
    await mail.stop();
  });
  afterEach(() => expectLedgerConsistent(api.db));

  const listen = async (user: TestUser) => {
    const socket = api.socket({ apiKey: TEST_API_KEY, token: user.token });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    // The handshake's access token signs the socket in, which joins it to its player's room.
    await new Promise((r) => setTimeout(r, 100));
    const notices: unknown[] = [];
    socket.on('notice', (data) => notices.push(data));
    return notices;
  };
  const streamed = (user: TestUser) => log.to(user.id, 'notice').map((m) => m.data);
  const settle = () => new Promise((r) => setTimeout(r, 700));
  const depositOf = async (player: TestUser, amount: number) => {
    const res = await deposit(api, player, { amount, utrNumber: newUtr(), upiApp: 'PHONEPE', payer: 'asha@ybl' });
    expect(res.status).toBe(201);
    return res.body.data.transactionId as string;
  };
  const withdrawalOf = async (player: TestUser, amount: number) => {
    const res = await withdraw(api, player, upiWithdrawal(amount));
    expect(res.status).toBe(201);
    return res.body.data.transactionId as string;
  };
  const mailsTo = (user: TestUser) => mail.messages.filter((m) => m.to.includes(user.email.toLowerCase()));

  it('a deposit approved: one notice with the amount, none for a second approval, and no e-mail', async () => {
    const player = await createUser(api);
    const onSocket = await listen(player);
    const transactionId = await depositOf(player, 250.5);
    expect((await decide(api, admin, transactionId, 'COMPLETED')).status).toBe(200);
    const expected = { kind: 'deposit-approved', amount: 250.5, transactionId };
    await eventually(async () => onSocket.length > 0, 5_000, 'notice on the socket');
    // The same approval again is refused: it moves nothing and tells the player nothing.
    expect((await decide(api, admin, transactionId, 'COMPLETED')).status).toBe(409);
    expect((await decide(api, admin, transactionId, 'FAILED', 'Not received')).status).toBe(409);
    await settle();
    expect(onSocket).toEqual([expected]);
    expect(streamed(player)).toEqual([expected]);
    expect(mailsTo(player)).toEqual([]);
  });

  it('of two approvals racing, the one that lost (rolled back) sends no notice', async () => {
    const player = await createUser(api);
    const onSocket = await listen(player);
    const transactionId = await depositOf(player, 100);
    const answers = await Promise.all([
      decide(api, admin, transactionId, 'COMPLETED'),
      decide(api, admin, transactionId, 'COMPLETED'),
      decide(api, admin, transactionId, 'FAILED', 'Duplicate'),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    await eventually(async () => onSocket.length > 0, 5_000, 'notice on the socket');
    await settle();
    expect(onSocket).toHaveLength(1);
    expect(streamed(player)).toHaveLength(1);
  });

  it("a deposit rejected: a notice and an e-mail with the reviewer's reason", async () => {
    const player = await createUser(api);
    const onSocket = await listen(player);
    const transactionId = await depositOf(player, 500);
    const since = Date.now();
    const reason = 'No payment with this UTR reached our account.';
    expect((await decide(api, admin, transactionId, 'FAILED', reason)).status).toBe(200);
    const expected = { kind: 'deposit-rejected', amount: 500, transactionId, reason };
    await eventually(async () => onSocket.length > 0, 5_000, 'notice on the socket');
    const sent = await mail.waitFor(player.email, { since });
    expect(sent.subject).toBe('Your deposit of ₹500.00 was not approved');
    expect(sent.text).toContain(`We could not approve your deposit ${transactionId} of ₹500.00.`);
    expect(sent.text).toContain(`Reason: ${reason}`);
    expect(sent.text).toContain(`Hi ${player.username},`);
    await settle();
    expect(onSocket).toEqual([expected]);
    expect(streamed(player)).toEqual([expected]);
    expect(mailsTo(player)).toHaveLength(1);
  });

  it('a player who reads Hindi gets the rejection e-mail in Hindi', async () => {
    const player = await createUser(api);
    await api.db.updateTable('users').set({ language: 'hi-IN' }).where('id', '=', player.id).execute();
    const transactionId = await depositOf(player, 300);
    const since = Date.now();
    expect((await decide(api, admin, transactionId, 'FAILED', 'No payment with this UTR reached us.')).status).toBe(
      200,
    );
    const sent = await mail.waitFor(player.email, { since });
    expect(sent.subject).toBe('आपका ₹300.00 का जमा मंज़ूर नहीं हुआ');
    expect(sent.text).toContain(`नमस्ते ${player.username},`);
    expect(sent.text).toContain('कारण: No payment with this UTR reached us.');
  });

  it('a withdrawal paid: a notice, and an e-mail with the payout reference; a repeat (the relay after the writer) reaches neither the mailbox nor the socket again', async () => {
    const player = await createUser(api, { main: 200_000 });
    const onSocket = await listen(player);
    const transactionId = await withdrawalOf(player, 1_000);
    const since = Date.now();
    expect((await decide(api, admin, transactionId, 'COMPLETED', 'UPI ref 334455667788')).status).toBe(200);
    await eventually(async () => onSocket.length > 0, 5_000, 'notice on the socket');
    expect(onSocket).toEqual([{ kind: 'withdrawal-paid', amount: 1_000, transactionId }]);
    const sent = await mail.waitFor(player.email, { since });
    expect(sent.subject).toBe('Your withdrawal of ₹1,000.00 has been paid');
    expect(sent.text).toContain('Payout reference: UPI ref 334455667788');
    // The outbox relay queueing the same notice again (a writer that stopped after queueing) sends nothing more.
    const queue = api.app.get(MailQueue);
    const again = {
      email: player.email,
      username: player.username,
      notice: { kind: 'withdrawal-paid' as const, amount: 1_000, transactionId },
      amountPaise: 100_000,
      reference: 'UPI ref 334455667788',
      language: 'en-IN' as const,
    };
    await queue.sendAccountNotices([again]);
    // …and publishing it again: the stream carries it twice, the player's socket gets it once.
    await api.app.get(EventsPublisher).publish([noticeMessage({ userId: player.id, ...again })]);
    await eventually(async () => streamed(player).length === 2, 5_000, 'the repeat in the stream');
    expect(await queue.bull.getJob(paymentNoticeJobId({ notice: 'withdrawal-paid', transactionId }))).toBeDefined();
    await new Promise((r) => setTimeout(r, 1_500));
    expect(mailsTo(player)).toHaveLength(1);
    expect(onSocket).toHaveLength(1);
  });

  it('a withdrawal rejected: a notice and an e-mail with the reason; the amount is back in main', async () => {
    const player = await createUser(api, { main: 200_000 });
    const onSocket = await listen(player);
    const transactionId = await withdrawalOf(player, 600);
    const since = Date.now();
    const reason = 'The UPI ID does not belong to the account holder.';
    expect((await decide(api, admin, transactionId, 'FAILED', reason)).status).toBe(200);
    await eventually(async () => onSocket.length > 0, 5_000, 'notice on the socket');
    expect(onSocket).toEqual([{ kind: 'withdrawal-rejected', amount: 600, transactionId, reason }]);
    const sent = await mail.waitFor(player.email, { since });
    expect(sent.subject).toBe('Your withdrawal of ₹600.00 was not paid');
    expect(sent.text).toContain('The amount is back in your main balance.');
    expect(sent.text).toContain(`Reason: ${reason}`);
    await settle();
    expect(streamed(player)).toHaveLength(1);
    expect(mailsTo(player)).toHaveLength(1);
  });

  it('a notice goes to its player only', async () => {
    const player = await createUser(api);
    const stranger = await createUser(api);
    const strangerHears = await listen(stranger);
    const transactionId = await depositOf(player, 100);
    expect((await decide(api, admin, transactionId, 'COMPLETED')).status).toBe(200);
    await eventually(async () => streamed(player).length > 0, 5_000, 'notice in the stream');
    await settle();
    expect(strangerHears).toEqual([]);
  });
});
