import { jest } from '@jest/globals';
import { createUser, type TestResponse, type TestUser } from '@app/testing';
import { SecretSeal } from '../auth/secret-seal.js';
import {
  freshEmail,
  registerPlayer,
  registration,
  startIdentityStack,
  type IdentityStack,
} from '../auth/testing/identity-kit.js';
import { decide, deposit, newUtr, upiWithdrawal, withdraw } from '../payment/testing/payments.js';

jest.setTimeout(60_000);

const PAN = 'BQKPM4821R';
const OTHER_PAN = 'PQRSX6789K';

/**
 * Identity before money moves, through the real api: registration refuses under-18s, an account without a date of
 * birth gives it before its next deposit, a withdrawal waits for a verified identity, deposits past the threshold
 * too; the reviewer verifies or rejects with a reason the player sees (audited), a bank payout to another name is
 * flagged, and no route ever returns a full document number.
 */
describe('identity checks', () => {
  let stack: IdentityStack;
  let admin: TestUser;
  /** Every response body of the file, searched for full document numbers at the end. */
  const seen: string[] = [];
  const call = async (
    method: string,
    path: string,
    options: { token?: string; body?: unknown } = {},
  ): Promise<TestResponse> => {
    const res = await stack.api.request(method, path, options as never);
    seen.push(JSON.stringify(res.body));
    return res;
  };
  const identityOf = (user: TestUser) => call('GET', '/api/v1/identity', { token: user.token });
  const submit = (user: TestUser, body: Record<string, unknown>) =>
    call('POST', '/api/v1/identity', { token: user.token, body });
  const review = (
    submissionId: string,
    action: 'verify' | 'reject',
    body: Record<string, unknown> = {},
    token = admin.token,
  ) => call('PUT', `/api/v1/admin/identity/${submissionId}/${action}`, { token, body });
  const summary = async (user: TestUser) =>
    (await call('GET', '/api/v1/wallet/summary', { token: user.token })).body.data.summary;

  beforeAll(async () => {
    stack = await startIdentityStack({
      env: { RATE_LIMITS: 'false', WITHDRAWAL_TURNOVER_PERCENT: '0', KYC_DEPOSIT_THRESHOLD_RUPEES: '15000' },
    });
    admin = await createUser(stack.api, { role: 'super-admin' });
  });
  afterAll(async () => {
    // No response of the whole file carries a full document number, in any case or spacing.
    await stack.close();
    const everything = seen.join('\n').toUpperCase().replace(/[\s-]/g, '');
    expect(everything).not.toContain(PAN);
    expect(everything).not.toContain(OTHER_PAN);
  });

  it("registration refuses anyone under 18 with the terms' words, and keeps an adult's date of birth", async () => {
    const young = await call('POST', '/api/v1/auth/register', {
      body: registration(freshEmail(), { dateOfBirth: '2015-06-01' }),
    });
    expect({ status: young.status, message: young.body.message, errors: young.body.errors }).toEqual({
      status: 400,
      message: 'You must be 18 or older to play.',
      errors: { dateOfBirth: 'You must be 18 or older to play.' },
    });
    const bad = await call('POST', '/api/v1/auth/register', {
      body: registration(freshEmail(), { dateOfBirth: '2001-02-30' }),
    });
    expect(bad.body.message).toBe('Please enter a valid date of birth.');
    const { user } = await registerPlayer(stack, freshEmail(), { dateOfBirth: '2000-05-31' });
    const row = await stack.api.db
      .selectFrom('users')
      .select('date_of_birth')
      .where('id', '=', user._id)
      .executeTakeFirstOrThrow();
    expect(row.date_of_birth).toBe('2000-05-31');
    // The database holds the rule as well: no path writes a minor's date of birth.
    await expect(
      stack.api.db.updateTable('users').set({ date_of_birth: '2015-06-01' }).where('id', '=', user._id).execute(),
    ).rejects.toThrow(/recorded once/);
  });

  it('an account without a date of birth gives it once, before its next deposit', async () => {
    const player = await createUser(stack.api, { dateOfBirth: null });
    const refused = await deposit(stack.api, player, {
      method: 'UPI',
      amount: 500,
      utrNumber: newUtr(),
      upiApp: 'PHONEPE',
      payer: 'ravi@ybl',
    });
    expect({ status: refused.status, message: refused.body.message }).toEqual({
      status: 403,
      message: 'Please add your date of birth (Profile → Identity) before your next deposit.',
    });
    expect((await identityOf(player)).body.data.identity.dateOfBirth).toBeNull();
    const young = await call('PUT', '/api/v1/identity/date-of-birth', {
      token: player.token,
      body: { dateOfBirth: '2012-01-01' },
    });
    expect({ status: young.status, message: young.body.message }).toEqual({
      status: 400,
      message: 'You must be 18 or older to play.',
    });
    const saved = await call('PUT', '/api/v1/identity/date-of-birth', {
      token: player.token,
      body: { dateOfBirth: '1995-08-15' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.identity.dateOfBirth).toBe('1995-08-15');
    const again = await call('PUT', '/api/v1/identity/date-of-birth', {
      token: player.token,
      body: { dateOfBirth: '1990-01-01' },
    });
    expect({ status: again.status, message: again.body.message }).toEqual({
      status: 409,
      message: 'Your date of birth is already recorded. Please contact support to correct it.',
    });
    expect(
      (
        await deposit(stack.api, player, {
          method: 'UPI',
          amount: 500,
          utrNumber: newUtr(),
          upiApp: 'PHONEPE',
          payer: 'ravi@ybl',
        })
      ).status,
    ).toBe(201);
  });

  it('submission, verification, withdrawal: refused before, allowed after; audited with the admin as actor', async () => {
    const player = await createUser(stack.api, { identity: 'none', main: 200_000, isActive: true });
    expect(await summary(player)).toMatchObject({ identityStatus: 'not-submitted', isEligibleForWithdrawal: false });
    const early = await withdraw(stack.api, player, upiWithdrawal(500));
    expect({ status: early.status, message: early.body.message }).toEqual({
      status: 403,
      message: 'Please verify your identity before you withdraw.',
    });

    const wrong = await submit(player, { fullName: 'Ravi Kumar', documentNumber: 'ABCDE12345' });
    expect({ status: wrong.status, errors: wrong.body.errors }).toEqual({
      status: 400,
      errors: { documentNumber: 'Please enter a valid PAN number (e.g. ABCDE1234F).' },
    });
    const sent = await submit(player, { fullName: ' Ravi  Kumar ', documentNumber: 'bqkpm 4821 r' });
    expect(sent.status).toBe(201);
    expect(sent.body.message).toBe('Identity details submitted. We will check them shortly.');
    expect(sent.body.data.identity).toMatchObject({
      status: 'pending',
      fullName: 'Ravi Kumar',
      documentType: 'PAN',
      documentNumber: 'XXXXX4821R',
      rejectionReason: null,
    });
    expect((await submit(player, { fullName: 'Ravi Kumar', documentNumber: PAN })).status).toBe(409);
    const pending = await withdraw(stack.api, player, upiWithdrawal(500));
    expect({ status: pending.status, message: pending.body.message }).toEqual({
      status: 403,
      message: 'Your identity is being checked. You can withdraw once it is verified.',
    });

    // Stored sealed under the api's key, never in clear.
    const row = await stack.api.db
      .selectFrom('identity_checks')
      .selectAll()
      .where('user_id', '=', player.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row).toUpperCase()).not.toContain(PAN);
    expect(new SecretSeal(stack.api.config.identityKey('seal')).unseal(row.document_sealed, row.key_id)).toBe(PAN);

    const list = await call('GET', '/api/v1/admin/identity', { token: admin.token });
    const entry = list.body.data.submissions.find((s: { userId: string }) => s.userId === player.id);
    expect(entry).toMatchObject({
      status: 'pending',
      fullName: 'Ravi Kumar',
      documentNumber: 'XXXXX4821R',
      username: player.username,
      sameNumberAccounts: 0,
    });

    const [first, second] = await Promise.all([
      review(entry.submissionId, 'verify'),
      review(entry.submissionId, 'verify'),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const audit = await stack.api.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'identity.verify')
      .where('beneficiary_id', '=', player.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: admin.id, target_id: entry.submissionId, decision: 'verified' });

    expect(await summary(player)).toMatchObject({ identityStatus: 'verified', isEligibleForWithdrawal: true });
    expect((await withdraw(stack.api, player, upiWithdrawal(500))).status).toBe(201);
    expect((await submit(player, { fullName: 'Ravi Kumar', documentNumber: PAN })).body.message).toBe(
      'Your identity is already verified.',
    );
  });

  it('a rejection carries its reason to the player, who submits again; a decision on the old submission is refused', async () => {
    const player = await createUser(stack.api, { identity: 'none' });
    const first = (await submit(player, { fullName: 'Ravi Kumar', documentNumber: OTHER_PAN })).body.data.identity;
    const { submissionId } = (
      await call('GET', '/api/v1/admin/identity', { token: admin.token })
    ).body.data.submissions.find((s: { userId: string }) => s.userId === player.id);
    const blank = await review(submissionId, 'reject', { reason: '  ' });
    expect({ status: blank.status, errors: blank.body.errors }).toEqual({
      status: 400,
      errors: { reason: 'Please give a reason.' },
    });
    const rejected = await review(submissionId, 'reject', { reason: 'The name does not match the PAN.' });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data.submission).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The name does not match the PAN.',
    });
    expect((await identityOf(player)).body.data.identity).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The name does not match the PAN.',
      documentNumber: first.documentNumber,
    });
    expect((await summary(player)).identityStatus).toBe('rejected');
    expect(
      await stack.api.db
        .selectFrom('audit_log')
        .select(['actor_id', 'note'])
        .where('action', '=', 'identity.reject')
        .where('beneficiary_id', '=', player.id)
        .execute(),
    ).toEqual([{ actor_id: admin.id, note: 'The name does not match the PAN.' }]);

    const again = await submit(player, { fullName: 'Ravi Kumar Sharma', documentNumber: OTHER_PAN });
    expect(again.body.data.identity).toMatchObject({ status: 'pending', rejectionReason: null });
    // The reviewer's decision names the submission they saw: the old one is gone.
    expect((await review(submissionId, 'verify')).status).toBe(404);
    // The same number on another account is shown to the reviewer.
    const other = await createUser(stack.api, { identity: 'none' });
    await submit(other, { fullName: 'Somebody Else', documentNumber: OTHER_PAN });
    const listed = (await call('GET', '/api/v1/admin/identity', { token: admin.token })).body.data.submissions;
    expect(listed.find((s: { userId: string }) => s.userId === other.id).sameNumberAccounts).toBe(1);
  });

  it('deposits past the threshold (₹15,000 here, approved and waiting) need a verified identity', async () => {
    const player = await createUser(stack.api, { identity: 'none' });
    const claim = (amount: number) =>
      deposit(stack.api, player, { method: 'UPI', amount, utrNumber: newUtr(), upiApp: 'PHONEPE', payer: 'ravi@ybl' });
    const ten = await claim(10_000);
    expect(ten.status).toBe(201);
    expect((await decide(stack.api, admin, ten.body.data.transactionId, 'COMPLETED')).status).toBe(200);
    expect((await claim(5_000)).status).toBe(201);
    const past = await claim(100);
    expect({ status: past.status, message: past.body.message }).toEqual({
      status: 403,
      message: 'Deposits above ₹15,000 in total need a verified identity. Please verify your identity to deposit more.',
    });
    expect((await identityOf(player)).body.data.identity).toMatchObject({
      depositThreshold: 15_000,
      deposited: 15_000,
    });
    const verified = await createUser(stack.api);
    const big = await deposit(stack.api, verified, {
      method: 'UPI',
      amount: 10_000,
      utrNumber: newUtr(),
      upiApp: 'PHONEPE',
      payer: 'ravi@ybl',
    });
    await decide(stack.api, admin, big.body.data.transactionId, 'COMPLETED');
    expect(
      (
        await deposit(stack.api, verified, {
          method: 'UPI',
          amount: 10_000,
          utrNumber: newUtr(),
          upiApp: 'PHONEPE',
          payer: 'ravi@ybl',
        })
      ).status,
    ).toBe(201);
  });

  it('a bank payout to another name than the verified one is taken, and flagged to the reviewer', async () => {
    const player = await createUser(stack.api, { main: 300_000, isActive: true });
    const bank = (holder: string, account: string) =>
      withdraw(stack.api, player, {
        method: 'BANK_TRANSFER',
        amount: 600,
        accountNumber: account,
        ifsc: 'HDFC0001234',
        accountHolderName: holder,
      });
    const other = await bank('Suresh Menon', '112233445566');
    const same = await bank('PLAYER TEST', '665544332211');
    expect([other.status, same.status]).toEqual([201, 201]);
    const upi = await withdraw(stack.api, player, upiWithdrawal(500));
    expect(upi.status).toBe(201);
    const pending = (await call('GET', '/api/v1/admin/pending-withdraws?status=PENDING', { token: admin.token })).body
      .data.pendingWithdrawals;
    const of = (id: string) =>
      pending.find((p: { withdrawal: { transactionId: string } }) => p.withdrawal.transactionId === id).withdrawal;
    expect(of(other.body.data.transactionId).nameCheck).toEqual({
      verifiedName: 'Test Player',
      holderName: 'Suresh Menon',
      flagged: true,
    });
    expect(of(same.body.data.transactionId).nameCheck).toEqual({
      verifiedName: 'Test Player',
      holderName: 'PLAYER TEST',
      flagged: false,
    });
    expect(of(upi.body.data.transactionId).nameCheck).toBeNull();
  });

  it("a player reads only their own identity and cannot review anyone's", async () => {
    const a = await createUser(stack.api, { identity: 'none' });
    const b = await createUser(stack.api, { identity: 'none' });
    await submit(a, { fullName: 'Asha Rao', documentNumber: 'AAAPL1234C' });
    const ofB = (await identityOf(b)).body.data.identity;
    expect(ofB).toMatchObject({ status: 'not-submitted', fullName: null, documentNumber: null });
    expect((await call('GET', '/api/v1/admin/identity', { token: b.token })).status).toBe(403);
    const row = await stack.api.db
      .selectFrom('identity_checks')
      .select('submission_id')
      .where('user_id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect((await review(row.submission_id, 'verify', {}, b.token)).status).toBe(403);
    expect((await review(row.submission_id, 'reject', { reason: 'x' }, b.token)).status).toBe(403);
    expect((await identityOf(a)).body.data.identity.status).toBe('pending');
    expect((await identityOf(admin)).status).toBe(403);
    seen.push(JSON.stringify(await stack.api.request('GET', '/api/v1/wallet/transactions', { token: a.token })));
  });
});
