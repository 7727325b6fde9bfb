import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import fc from 'fast-check';
import { currentPeriod } from '@app/domain';
import { reconcile } from '@app/ledger';
import {
  deposit,
  expectLedgerConsistent,
  newUtr,
  transactionRow,
  upiWithdrawal,
  withdraw,
} from '../payment/testing/payments.js';
import { RoundsService } from '../rounds/rounds.service.js';
import { createUser, newSession, startTestApi, TEST_API_KEY, type TestApi, type TestUser } from '@app/testing';
import { encodeBody, hostileBody, hostilePathParam, hostileQuery, transport } from './testing/hostile.js';
import { checkProperty, clip, forgedToken, FUZZ } from './testing/fuzz-settings.js';
import { fillPath, loadOperations, type Operation } from './testing/openapi.js';
import { rawRequest, responseProblems } from './testing/responses.js';
import { changedParts, snapshotState, type StateSnapshot } from './testing/state.js';

jest.setTimeout(300_000);

type Identity = 'anonymous' | 'player' | 'admin';
const IDENTITIES: Identity[] = ['anonymous', 'player', 'admin'];

/**
 * Every REST operation of the OpenAPI document, as anonymous, player and super-admin, with generated hostile
 * payloads (fast-check, seeded): paths, queries, bodies, content types and encodings. For every request: no 5xx,
 * the error envelope with a plain message, no internal detail in any body, and no money or account record
 * changed by a refused request or by any GET. At the end the ledger reconciles.
 */
describe('REST fuzz: every documented route with hostile input', () => {
  let api: TestApi;
  let operations: Operation[];
  let player: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let known: string[];
  let state: StateSnapshot;
  const seen = new Map<string, Map<number, number>>();
  const errors: string[] = [];

  beforeAll(async () => {
    api = await startTestApi({ env: { RATE_LIMITS: 'false' } });
    operations = await loadOperations(api);
    // Anything logged at error level while fuzzing (a swallowed failure, a 5xx) is a finding.
    jest.spyOn(Logger.prototype, 'error').mockImplementation(function (this: Logger, message: unknown) {
      errors.push(
        clip(
          message instanceof Error
            ? `${message.name}: ${message.message}`
            : typeof message === 'object'
              ? JSON.stringify(message)
              : String(message),
          400,
        ),
      );
    });
    player = await createUser(api, { main: 20_000_00, bonus: 50_00 });
    other = await createUser(api, { main: 5_000_00 });
    admin = await createUser(api, { role: 'super-admin' });
    // Reviewable requests of another player, so admin routes reach their decisions.
    const pending = await deposit(api, other, { amount: 500, utrNumber: newUtr(), upiApp: 'PHONEPE' });
    const held = await withdraw(api, other, upiWithdrawal(600));
    expect([pending.status, held.status]).toEqual([201, 201]);
    const rows = await Promise.all([
      transactionRow(api.db, pending.body.data.transactionId),
      transactionRow(api.db, held.body.data.transactionId),
    ]);
    const period = currentPeriod(Date.now(), api.app.get(RoundsService).periodConfig).periodId;
    known = [
      player.id,
      other.id,
      admin.id,
      player.walletId,
      other.walletId,
      player.email,
      other.email,
      player.username,
      other.referralCode,
      ...rows.flatMap((r) => [r.id, r.transaction_id, r.wallet_id, r.utr_number ?? '']),
      period,
      '202611210001',
      '2026-11-21',
      'COMPLETED',
      'FAILED',
      'PENDING',
      'ALL',
      'secret123',
      '123456',
    ].filter(Boolean);
    state = await snapshotState(api.db);
  });

  afterAll(async () => {
    const lines = [...seen].map(
      ([key, statuses]) =>
        `${key.padEnd(62)} ${[...statuses]
          .sort(([a], [b]) => a - b)
          .map(([s, n]) => `${s}×${n}`)
          .join(' ')}`,
    );
    console.log(`REST fuzz (seed ${FUZZ.seed}, ${FUZZ.runs} cases per route and identity):\n${lines.join('\n')}`);
    jest.restoreAllMocks();
    await api?.close();
  });

  it('serves a document with the routes of the spec', () => {
    const keys = operations.map((o) => o.key);
    for (const key of [
      'POST /api/v1/auth/login',
      'POST /api/v1/payment/deposit',
      'PUT /api/v1/admin/update-transaction-status',
      'GET /api/v1/user/profile/{id}',
    ])
      expect(keys).toContain(key);
  });

  const anonymousAuth = () =>
    fc.constantFrom<Record<string, string>>(
      {},
      { authorization: 'Bearer garbage' },
      { authorization: 'Bearer ' },
      { authorization: 'Basic YWRtaW46YWRtaW4=' },
      {
        authorization: `Bearer ${forgedToken({ alg: 'none', typ: 'JWT' }, { sub: other.id, role: 'super-admin', sid: other.id })}`,
      },
      {
        authorization: `Bearer ${forgedToken({ alg: 'HS256', typ: 'JWT' }, { sub: admin.id, role: 'super-admin', sid: admin.id, exp: 9_999_999_999 })}`,
      },
      { authorization: `Bearer ${'x'.repeat(8_000)}` },
      { cookie: `refreshToken=${encodeURIComponent('j:{"__proto__":{"a":1}}')}` },
      { cookie: `refreshToken=${encodeURIComponent('garbage\u0000')}` },
      { cookie: `refreshToken=${'a'.repeat(4_000)}` },
    );

  function requestArbitrary(op: Operation, identity: Identity, token: string) {
    return fc.record({
      params: fc.tuple(...op.pathParams.map(() => hostilePathParam(known))),
      query: hostileQuery(op.queryParams, known),
      body: op.body ? hostileBody(op.body, known) : fc.option(hostileBody(undefined, known), { freq: 4 }),
      transport,
      auth: identity === 'anonymous' ? anonymousAuth() : fc.constant({ authorization: `Bearer ${token}` }),
    });
  }

  for (const identity of IDENTITIES) {
    it(`as ${identity}: no 5xx, no internals, nothing changed on refusal`, async () => {
      for (const op of operations) {
        const counts = seen.get(`${op.key} as ${identity}`) ?? new Map<number, number>();
        seen.set(`${op.key} as ${identity}`, counts);
        // A fresh session per route: fuzzing the sign-out route ends the one before.
        const token = identity === 'anonymous' ? '' : await newSession(api, identity === 'player' ? player : admin);
        await checkProperty(
          `${op.key} as ${identity}`,
          fc.asyncProperty(requestArbitrary(op, identity, token), async (req) => {
            const values = Object.fromEntries(op.pathParams.map((name, i) => [name, req.params[i]!]));
            const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
              values[name]!.raw ? values[name]!.value : fillPath(`{${name}}`, { [name]: values[name]!.value }),
            );
            const headers: Record<string, string> = { 'x-api-key': TEST_API_KEY, ...req.auth };
            const body = op.method !== 'GET' && req.body !== null ? encodeBody(req.body, req.transport) : undefined;
            if (body) {
              if (req.transport.contentType) headers['content-type'] = req.transport.contentType;
              if (req.transport.contentEncoding) headers['content-encoding'] = req.transport.contentEncoding;
            }
            const sent = {
              method: op.method,
              path: clip(`${path}${req.query}`, 300),
              headers: clip(JSON.stringify(headers), 300),
              body: body ? clip(Buffer.from(body).toString('utf8'), 300) : undefined,
            };
            const res = await Promise.race([
              rawRequest(api, { method: op.method, path: `${path}${req.query}`, headers, body }),
              new Promise<never>((_, reject) =>
                setTimeout(
                  () => reject(new Error(`no answer within ${FUZZ.requestTimeoutMs} ms`)),
                  FUZZ.requestTimeoutMs,
                ).unref(),
              ),
            ]);
            counts.set(res.status, (counts.get(res.status) ?? 0) + 1);
            const logged = errors.splice(0);
            const after = await snapshotState(api.db);
            const changed = changedParts(state, after);
            state = after;
            const problems = [...responseProblems(res), ...logged.map((e) => `logged error: ${e}`)];
            if ((res.status >= 400 || op.method === 'GET') && changed.length > 0)
              problems.push(`HTTP ${res.status} but changed: ${changed.join(', ')}`);
            expect({ sent, status: res.status, problems }).toEqual({ sent, status: res.status, problems: [] });
          }),
        );
      }
      // The identity really was used: signed-in fuzzing reached past authentication on the signed-in routes.
      if (identity !== 'anonymous') {
        const beyondAuth = [...seen]
          .filter(([key]) => key.endsWith(`as ${identity}`))
          .some(([, statuses]) => [...statuses.keys()].some((s) => s !== 401 && s !== 403));
        expect(beyondAuth).toBe(true);
      }
    });
  }

  it('leaves the ledger reconciled and every payment projection consistent', async () => {
    expect((await reconcile(api.db)).ok).toBe(true);
    await expectLedgerConsistent(api.db);
    const health = await api.request('GET', '/api/v1/health');
    expect(health.status).toBe(200);
  });
});
