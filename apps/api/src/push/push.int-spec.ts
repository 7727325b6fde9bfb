import { execFileSync } from 'node:child_process';
import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, globalAgent, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ece from 'http_ece';
import webpush from 'web-push';
import { createUser, startTestApi, type TestApi, type TestUser } from '@app/testing';
import { decide, deposit, newUtr } from '../payment/testing/payments.js';
import { PushSender, type PushMessage } from './push-sender.js';

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A push service stand-in over real TLS (a throwaway certificate for 127.0.0.1), answering each POST with `status`. */
async function pushService(): Promise<{
  url: string;
  received: Received[];
  status: { next: number };
  close: () => Promise<void>;
}> {
  const dir = mkdtempSync(join(tmpdir(), 'push-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-days',
      '1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const cert = readFileSync(join(dir, 'cert.pem'));
  const key = readFileSync(join(dir, 'key.pem'));
  rmSync(dir, { recursive: true });
  // The api's https requests trust this certificate (and the usual ones) for the test.
  globalAgent.options.ca = [cert];
  const received: Received[] = [];
  const status = { next: 201 };
  const server: Server = createServer({ cert, key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(status.next).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    status,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's push keys, as PushManager.subscribe makes them. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    ecdh,
    authSecret,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
  };
}

const MESSAGE: PushMessage = { title: 'Withdrawal paid', body: '₹1,200.00 is on its way', tag: 'tx-1', url: '/wallet' };

describe('web push', () => {
  const vapid = webpush.generateVAPIDKeys();
  let api: TestApi;
  let service: Awaited<ReturnType<typeof pushService>>;
  let player: TestUser;
  let other: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    service = await pushService();
    api = await startTestApi({
      env: { WEB_PUSH_PUBLIC_KEY: vapid.publicKey, WEB_PUSH_PRIVATE_KEY: vapid.privateKey, RATE_LIMITS: 'false' },
    });
    player = await createUser(api);
    other = await createUser(api);
    admin = await createUser(api, { role: 'super-admin' });
  });
  afterAll(async () => {
    await api?.close();
    await service?.close();
  });

  it('hands out the public key, and keeps a subscription only from a player, only well-formed', async () => {
    const key = await api.request('GET', '/api/v1/push/key');
    expect(key.body).toEqual({ success: true, data: { publicKey: vapid.publicKey } });
    const { keys } = browserKeys();
    const bad = await api.request('PUT', '/api/v1/push/subscription', {
      token: player.token,
      body: { endpoint: 'http://push.example/abc', keys },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('The push endpoint must be an https:// URL.');
    const badKeys = await api.request('PUT', '/api/v1/push/subscription', {
      token: player.token,
      body: { endpoint: `${service.url}/x`, keys: { p256dh: 'short', auth: keys.auth } },
    });
    expect(badKeys.status).toBe(400);
    expect(badKeys.body.message).toBe("The browser's push keys are missing or malformed.");
    const byAdmin = await api.request('PUT', '/api/v1/push/subscription', {
      token: admin.token,
      body: { endpoint: `${service.url}/admin`, keys },
    });
    expect(byAdmin.status).toBe(403);
    expect(await api.db.selectFrom('push_subscriptions').selectAll().execute()).toEqual([]);
  });

  it("sends the message encrypted for the player's browser and signed with the operator's key; a gone endpoint is forgotten", async () => {
    const browser = browserKeys();
    const endpoint = `${service.url}/send/${randomBytes(6).toString('hex')}`;
    const saved = await api.request('PUT', '/api/v1/push/subscription', {
      token: player.token,
      body: { endpoint, keys: browser.keys },
    });
    expect(saved.body).toEqual({ success: true, data: { subscribed: true } });

    const sender = api.app.get(PushSender);
    await expect(sender.send(player.id, MESSAGE)).resolves.toBe(1);
    const got = service.received.at(-1)!;
    expect(got.path).toBe(new URL(endpoint).pathname);
    expect(got.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(got.headers.ttl)).toBeGreaterThan(0);
    // Only the browser's keys open it.
    const plain = ece.decrypt(got.body, {
      version: 'aes128gcm',
      privateKey: browser.ecdh,
      authSecret: browser.authSecret,
    });
    expect(JSON.parse(plain.toString('utf8'))).toEqual(MESSAGE);
    expect(got.body.toString('utf8')).not.toContain('Withdrawal');
    // VAPID: a JWT for this push service's origin, verified with the public key it names.
    const [, token, k] = /^vapid t=([^,]+), k=(.+)$/.exec(String(got.headers.authorization))!;
    expect(k).toBe(vapid.publicKey);
    const [header, claims, signature] = token!.split('.');
    expect(JSON.parse(Buffer.from(claims!, 'base64url').toString())).toMatchObject({ aud: service.url });
    const raw = Buffer.from(vapid.publicKey, 'base64url');
    const publicKey = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    expect(
      verify(
        'sha256',
        Buffer.from(`${header}.${claims}`),
        { key: publicKey, dsaEncoding: 'ieee-p1363' },
        Buffer.from(signature!, 'base64url'),
      ),
    ).toBe(true);
    // Nothing to another player.
    const before = service.received.length;
    await expect(sender.send(other.id, MESSAGE)).resolves.toBe(0);
    expect(service.received).toHaveLength(before);

    service.status.next = 410;
    await expect(sender.send(player.id, MESSAGE)).resolves.toBe(0);
    service.status.next = 201;
    expect(
      await api.db.selectFrom('push_subscriptions').select('endpoint').where('endpoint', '=', endpoint).execute(),
    ).toEqual([]);
  });

  it("pushes a rejected deposit to the player's browser, with the reviewer's reason, once the review committed", async () => {
    const browser = browserKeys();
    const endpoint = `${service.url}/review/${randomBytes(6).toString('hex')}`;
    const payer = await createUser(api);
    await api.request('PUT', '/api/v1/push/subscription', {
      token: payer.token,
      body: { endpoint, keys: browser.keys },
    });
    const claim = await deposit(api, payer, { amount: 300, utrNumber: newUtr(), upiApp: 'PHONEPE', payer: 'asha@ybl' });
    const transactionId = claim.body.data.transactionId as string;
    expect((await decide(api, admin, transactionId, 'FAILED', 'No payment with this UTR reached us')).status).toBe(200);
    const path = new URL(endpoint).pathname;
    const deadline = Date.now() + 10_000;
    while (!service.received.some((r) => r.path === path) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    const got = service.received.filter((r) => r.path === path);
    expect(got).toHaveLength(1);
    const plain = ece.decrypt(got[0]!.body, {
      version: 'aes128gcm',
      privateKey: browser.ecdh,
      authSecret: browser.authSecret,
    });
    expect(JSON.parse(plain.toString('utf8'))).toEqual({
      title: 'Deposit not approved',
      body: 'Your deposit of ₹300.00 was not approved. Reason: No payment with this UTR reached us',
      tag: `deposit-rejected-${transactionId}`,
      url: '/wallet',
    });
  });

  it('moves an endpoint to the latest player to subscribe with it, and lets only its holder remove it', async () => {
    const { keys } = browserKeys();
    const endpoint = `${service.url}/shared/${randomBytes(6).toString('hex')}`;
    await api.request('PUT', '/api/v1/push/subscription', { token: player.token, body: { endpoint, keys } });
    await api.request('PUT', '/api/v1/push/subscription', { token: other.token, body: { endpoint, keys } });
    const holder = () =>
      api.db.selectFrom('push_subscriptions').select('user_id').where('endpoint', '=', endpoint).executeTakeFirst();
    expect(await holder()).toEqual({ user_id: other.id });
    await api.request('DELETE', '/api/v1/push/subscription', { token: player.token, body: { endpoint } });
    expect(await holder()).toEqual({ user_id: other.id });
    const removed = await api.request('DELETE', '/api/v1/push/subscription', {
      token: other.token,
      body: { endpoint },
    });
    expect(removed.body).toEqual({ success: true, data: { subscribed: false } });
    expect(await holder()).toBeUndefined();
  });

  it('is off without keys: no key handed out, no subscription kept, nothing sent', async () => {
    const off = await startTestApi({ database: api.database, env: { RATE_LIMITS: 'false' } });
    try {
      expect((await off.request('GET', '/api/v1/push/key')).body).toEqual({ success: true, data: { publicKey: null } });
      const { keys } = browserKeys();
      const refused = await off.request('PUT', '/api/v1/push/subscription', {
        token: off.accessToken(player, player.sessionId),
        body: { endpoint: `${service.url}/off`, keys },
      });
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe('Push notifications are not enabled on this server.');
      await expect(off.app.get(PushSender).send(player.id, MESSAGE)).resolves.toBe(0);
    } finally {
      await off.close();
    }
  });
});
