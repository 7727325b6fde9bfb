import { jest } from '@jest/globals';
import { gzipSync } from 'node:zlib';
import { reconcile } from '@app/ledger';
import { currentPeriod } from '@app/domain';
import { deposit, newUtr, transactionRow } from '../payment/testing/payments.js';
import { RoundsService } from '../rounds/rounds.service.js';
import {
  connected,
  createUser,
  startTestApi,
  TEST_API_KEY,
  type TestApi,
  type TestResponse,
  type TestUser,
} from '@app/testing';
import { rawRequest, responseProblems } from './testing/responses.js';
import { changedParts, snapshotState } from './testing/state.js';

jest.setTimeout(60_000);

const INPUT = {
  notObject: 'Request body must be a JSON object.',
  tooDeep: 'Request body is nested too deeply.',
  tooMany: 'Request body has too many values.',
  textControl: 'Text must not contain control or invisible characters.',
  textTooLong: 'Text must be at most 2000 characters.',
  notJson: 'Request body is not valid JSON.',
  notUtf8: 'Request body is not valid UTF-8.',
  contentType: 'Request body must be sent as application/json.',
  encoding: 'Compressed request bodies are not accepted.',
  tooLarge: 'Request body is too large.',
  badUrl: 'The address is not valid.',
  headersTooLarge: 'The address or headers of the request are too long.',
  notFound: 'Nothing is found at this address.',
} as const;

/**
 * Hostile input at the shared layer: whatever the route, a body, query or path an attacker shapes is refused with
 * 400 (413/415 where those fit) and the envelope, and nothing is stored.
 */
describe('hostile input is refused at the shared layer', () => {
  let api: TestApi;
  let player: TestUser;
  let admin: TestUser;
  let pendingDeposit: { walletId: string; transactionId: string };

  beforeAll(async () => {
    api = await startTestApi({ env: { RATE_LIMITS: 'false' } });
    player = await createUser(api, { main: 5_000_00 });
    admin = await createUser(api, { role: 'super-admin' });
    const made = await deposit(api, player, { amount: 500, utrNumber: newUtr(), upiApp: 'PHONEPE' });
    expect(made.status).toBe(201);
    const row = await transactionRow(api.db, made.body.data.transactionId);
    pendingDeposit = { walletId: row.wallet_id, transactionId: made.body.data.transactionId };
  });
  afterAll(() => api.close());

  /** Sends, then checks the status, the message, the envelope and that no money or account record moved. */
  async function refused(send: () => Promise<TestResponse>, status: number, message?: string): Promise<TestResponse> {
    const before = await snapshotState(api.db);
    const res = await send();
    expect({ status: res.status, message: res.body?.message }).toEqual({
      status,
      message: message ?? res.body?.message,
    });
    expect(responseProblems(res)).toEqual([]);
    expect(changedParts(before, await snapshotState(api.db))).toEqual([]);
    return res;
  }
  const post = (path: string, body: unknown, token?: string) => () =>
    api.request('POST', path, { body: typeof body === 'string' ? body : JSON.stringify(body), token });
  const review = (body: Record<string, unknown>) => () =>
    api.request('PUT', '/api/v1/admin/update-transaction-status', {
      token: admin.token,
      body: { ...pendingDeposit, status: 'FAILED', ...body },
    });

  it('deeply nested JSON → 400, not a stack overflow', async () => {
    const deep = '{"email":' + '['.repeat(5000) + ']'.repeat(5000) + ',"password":"secret123"}';
    await refused(post('/api/v1/auth/login', deep), 400, INPUT.tooDeep);
    const deepObject = '{"name":' + '{"a":'.repeat(2000) + '1' + '}'.repeat(2000) + '}';
    await refused(
      () => api.request('PUT', '/api/v1/user/profile', { token: player.token, body: deepObject }),
      400,
      INPUT.tooDeep,
    );
  });

  it('a NUL byte in a text field → 400 (Postgres would refuse it with a 500)', async () => {
    await refused(review({ adminNotes: 'checked\u0000' }), 400, INPUT.textControl);
    await refused(
      () => api.request('PUT', '/api/v1/user/profile', { token: player.token, body: { name: 'Ravi\u0000Kumar' } }),
      400,
      INPUT.textControl,
    );
  });

  it('bidi and zero-width controls in any text field → 400, nothing stored', async () => {
    for (const hidden of ['\u202E', '\u2066', '\u200B', '\u200F', '\uFEFF', '\u0007', '\u009B']) {
      const res = await refused(review({ adminNotes: `paid${hidden}ok` }), 400, INPUT.textControl);
      expect(res.body.errors).toEqual({ adminNotes: INPUT.textControl });
    }
    const row = await transactionRow(api.db, pendingDeposit.transactionId);
    expect(row.status).toBe('PENDING');
    expect(row.admin_notes).toBeNull();
  });

  it('a lone UTF-16 surrogate (not text) → 400', async () => {
    await refused(
      () =>
        api.request('PUT', '/api/v1/admin/update-transaction-status', {
          token: admin.token,
          body: `{"walletId":"${pendingDeposit.walletId}","transactionId":"${pendingDeposit.transactionId}","status":"FAILED","adminNotes":"half \\ud800"}`,
        }),
      400,
      INPUT.textControl,
    );
  });

  it('10 KB strings → 400 with the limit, in any field', async () => {
    const long = 'x'.repeat(10_000);
    await refused(
      post('/api/v1/auth/login', { email: `${long}@gmail.com`, password: 'secret123' }),
      400,
      INPUT.textTooLong,
    );
    await refused(
      post('/api/v1/payment/deposit', { method: 'UPI', amount: 500, utrNumber: long }, player.token),
      400,
      INPUT.textTooLong,
    );
  });

  it('wrong types on optional fields → 400 with the field message', async () => {
    const res = await refused(
      post('/api/v1/payment/deposit', { method: 'UPI', amount: 500, utrNumber: newUtr(), upiApp: true }, player.token),
      400,
      'Please choose a valid UPI app.',
    );
    expect(res.body.errors).toEqual({ upiApp: 'Please choose a valid UPI app.' });
    await refused(
      post('/api/v1/payment/deposit', { method: 'UPI', amount: 500, utrNumber: 412345678901 }, player.token),
      400,
      'UTR number must be the 12 digits your UPI app shows for the payment.',
    );
    await refused(
      post(
        '/api/v1/payment/withdraw',
        { method: 'UPI', amount: 500, upiApp: ['PHONEPE'], upiId: 'ravi' },
        player.token,
      ),
      400,
      'Please fill all fields correctly.',
    );
    await refused(
      post(
        '/api/v1/payment/withdraw',
        {
          method: 'BANK_TRANSFER',
          amount: 500,
          accountNumber: 123456789012,
          ifsc: 'SBIN0001234',
          accountHolderName: 'Ravi Kumar',
        },
        player.token,
      ),
      400,
      'Please fill all fields correctly.',
    );
    await refused(review({ adminNotes: { text: 'x' } }), 400, 'Admin notes must be text of at most 500 characters.');
  });

  it('prototype-pollution keys → 400, never merged', async () => {
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const res = await refused(
        post(
          '/api/v1/auth/login',
          `{"email":"nobody@gmail.com","password":"secret123","${key}":{"role":"super-admin"}}`,
        ),
        400,
        `Unknown field: ${key}`,
      );
      expect(res.body.errors).toEqual({ [key]: `Unknown field: ${key}` });
    }
    await refused(
      () =>
        api.request('PUT', '/api/v1/user/profile', {
          token: player.token,
          body: '{"name":"Ravi K","nested":{"__proto__":{"isAdmin":true}}}',
        }),
      400,
      'Unknown field: __proto__',
    );
    expect(({} as Record<string, unknown>).role).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('huge arrays and non-object bodies → 400', async () => {
    await refused(
      post('/api/v1/auth/login', { email: Array.from({ length: 3000 }, () => 0), password: 'secret123' }),
      400,
      INPUT.tooMany,
    );
    await refused(post('/api/v1/auth/login', '[{"email":"a@gmail.com","password":"secret123"}]'), 400, INPUT.notObject);
    await refused(post('/api/v1/auth/login', '"secret"'), 400, INPUT.notJson);
  });

  it('invalid UTF-8 in a body → 400, never stored as replacement characters', async () => {
    const bytes = Buffer.concat([
      Buffer.from(
        `{"walletId":"${pendingDeposit.walletId}","transactionId":"${pendingDeposit.transactionId}","status":"FAILED","adminNotes":"ok `,
      ),
      Buffer.from([0xff, 0xfe, 0xc0, 0x80]),
      Buffer.from('"}'),
    ]);
    await refused(
      () =>
        rawRequest(api, {
          method: 'PUT',
          path: '/api/v1/admin/update-transaction-status',
          headers: {
            'x-api-key': TEST_API_KEY,
            authorization: `Bearer ${admin.token}`,
            'content-type': 'application/json',
          },
          body: bytes,
        }),
      400,
      INPUT.notUtf8,
    );
  });

  it('invalid percent-encoding or control characters in the path or query → 400 with a plain message', async () => {
    await refused(() => api.request('GET', '/api/v1/user/profile/%E0%A4%A'), 400, INPUT.badUrl);
    await refused(() => api.request('GET', '/api/v1/fairness/periods/%FF'), 400, INPUT.badUrl);
    await refused(() => api.request('GET', '/api/v1/user/profile/%00'), 400, INPUT.textControl);
    await refused(
      () => api.request('GET', '/api/v1/admin/pending-deposits?from=%E2%80%AE2026-01-01', { token: admin.token }),
      400,
      INPUT.textControl,
    );
    await refused(
      () => api.request('GET', '/api/v1/admin/pending-deposits?status=%FF', { token: admin.token }),
      400,
      INPUT.badUrl,
    );
  });

  it('an address or headers too long for the HTTP parser → 431 with the envelope, not an empty reply', async () => {
    await refused(
      () => api.request('GET', `/api/v1/fairness/periods/${'9'.repeat(20_000)}`),
      431,
      INPUT.headersTooLarge,
    );
    await refused(
      () => api.request('GET', '/api/v1/app-config', { headers: { 'x-padding': 'p'.repeat(20_000) } }),
      431,
      INPUT.headersTooLarge,
    );
  });

  it('an unknown address is answered without echoing it back', async () => {
    const res = await refused(
      () => api.request('GET', `/api/v1/user/${'<img src=x onerror=alert(1)>'.repeat(3)}?q=${'x'.repeat(3_000)}`),
      404,
      INPUT.notFound,
    );
    expect(JSON.stringify(res.body)).not.toContain('img');
    await refused(() => api.request('DELETE', '/api/v1/wallet/summary'), 404, INPUT.notFound);
  });

  it('a body that is not JSON → 415; a compressed or oversized body → 415 / 413', async () => {
    const headers = { 'x-api-key': TEST_API_KEY };
    const credentials = '{"email":"nobody@gmail.com","password":"secret123"}';
    await refused(
      () =>
        rawRequest(api, {
          method: 'POST',
          path: '/api/v1/auth/login',
          headers: { ...headers, 'content-type': 'text/plain' },
          body: credentials,
        }),
      415,
      INPUT.contentType,
    );
    await refused(
      () =>
        rawRequest(api, {
          method: 'POST',
          path: '/api/v1/auth/login',
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          body: 'email=a%40gmail.com&password=secret123',
        }),
      415,
      INPUT.contentType,
    );
    await refused(
      () => rawRequest(api, { method: 'POST', path: '/api/v1/auth/login', headers, body: credentials }),
      415,
      INPUT.contentType,
    );
    await refused(
      () =>
        rawRequest(api, {
          method: 'POST',
          path: '/api/v1/payment/deposit',
          headers: {
            ...headers,
            authorization: `Bearer ${player.token}`,
            'content-type': 'application/json',
            'content-encoding': 'gzip',
          },
          body: gzipSync(JSON.stringify({ method: 'UPI', amount: 500, utrNumber: newUtr() })),
        }),
      415,
      INPUT.encoding,
    );
    await refused(
      () =>
        rawRequest(api, {
          method: 'POST',
          path: '/api/v1/auth/login',
          headers: { ...headers, 'content-type': 'application/json', 'content-encoding': 'gzip' },
          body: 'not gzip',
        }),
      415,
      INPUT.encoding,
    );
    await refused(
      post(
        '/api/v1/payment/deposit',
        { method: 'UPI', amount: 500, utrNumber: newUtr(), pad: 'x'.repeat(40_000) },
        player.token,
      ),
      413,
      INPUT.tooLarge,
    );
    // A call without a body needs no content type.
    const bare = await rawRequest(api, { method: 'POST', path: '/api/v1/refresh-token', headers });
    expect(bare.status).toBe(401);
  });

  it('socket payloads with control characters, deep nesting or huge strings are refused with an exception', async () => {
    const socket = api.socket({ apiKey: TEST_API_KEY, token: player.token });
    await connected(socket);
    const exceptions: string[] = [];
    const replies: string[] = [];
    socket.on('exception', (e) => exceptions.push(e.message));
    socket.on('bet-message', (m) => replies.push(m.message));
    const period = currentPeriod(Date.now(), api.app.get(RoundsService).periodConfig);
    socket.emit('place-bet', { periodId: period.periodId, betType: 'color', betValue: 'red\u202E', amount: 10 });
    socket.emit('place-bet', { periodId: `${period.periodId}\u0000`, betType: 'color', betValue: 'red', amount: 10 });
    socket.emit('new-token', { token: 'x'.repeat(3000) });
    (socket.emit as (event: string, payload: unknown) => void)(
      'place-bet',
      JSON.parse('{"a":' + '['.repeat(100) + ']'.repeat(100) + '}'),
    );
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(exceptions).toEqual([INPUT.textControl, INPUT.textControl, INPUT.textTooLong, INPUT.tooDeep]);
    expect(replies).toEqual([]);
    expect(socket.connected).toBe(true);
    socket.disconnect();
  });

  it('leaves the ledger reconciled', async () => {
    expect((await reconcile(api.db)).ok).toBe(true);
  });
});
