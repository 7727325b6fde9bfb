import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BlsUnavailableError, QUICKNET, verifyBeacon, verifyShortSignature, type BeaconRound } from '@app/domain';
import recorded from '../../domain/src/fairness/quicknet-beacons.json' with { type: 'json' };
import { BeaconClient, type BeaconClientOptions } from './beacon-client.js';
import { startLocalBeacon, type LocalBeacon, type LocalBeaconMode } from './local-beacon.js';

/** 1-s rounds since 100 s ago, one key for every relay of the test chain. */
const genesisTime = Math.floor(Date.now() / 1000) - 100;
const seed = 'beacon client spec';

/** A relay serving fixed answers: `routes` maps a path to [status, body]; anything else is a 404. */
async function stubRelay(
  routes: Record<string, [number, unknown]>,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const [status, body] = routes[req.url ?? ''] ?? [404, 'not found'];
    res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

describe('BeaconClient against local relays', () => {
  const relays = {} as Record<LocalBeaconMode, LocalBeacon>;
  const warnings: Record<string, unknown>[] = [];
  const client = (urls: string[], extra: Partial<BeaconClientOptions> = {}) =>
    new BeaconClient({
      relays: urls,
      chainHash: relays.normal.chain.hash,
      publicKey: relays.normal.chain.publicKey,
      // Generous: on a busy machine an honest relay and its signature check may take a second or more.
      timeoutMs: 5000,
      logger: { warn: (e) => warnings.push(e) },
      ...extra,
    });

  beforeAll(async () => {
    for (const mode of ['normal', 'down', 'silent', 'forged', 'stale'] as const) {
      relays[mode] = await startLocalBeacon({ period: 1, genesisTime, seed });
      relays[mode].setMode(mode);
    }
  });
  afterAll(() => Promise.all(Object.values(relays).map((relay) => relay.close())));
  beforeEach(() => (warnings.length = 0));

  it('returns a verified round from a mix of relays where only one is honest and up', async () => {
    const beacons = client([relays.down.url, relays.forged.url, relays.stale.url, relays.normal.url]);
    const round = await beacons.round(50);
    expect(round?.round).toBe(50);
    await expect(verifyBeacon(relays.normal.chain, round!, 50)).resolves.toEqual({ ok: true });
    expect(beacons.stats.requests).toBe(4);
  });

  it('returns null, counting why, when no relay gives a verified round', async () => {
    const beacons = client([relays.down.url, relays.forged.url, relays.stale.url]);
    await expect(beacons.round(51)).resolves.toBeNull();
    expect(beacons.stats).toEqual({ requests: 3, failures: 1, tooEarly: 0, rejected: 2 });
    expect(warnings.map((w) => w.reason).sort()).toEqual(['HTTP 503', 'bad-signature', 'wrong-round']);
  });

  it('returns null for a round not produced yet (425), without a warning', async () => {
    const beacons = client([relays.normal.url]);
    await expect(beacons.round(relays.normal.latestRound() + 30)).resolves.toBeNull();
    expect(beacons.stats).toEqual({ requests: 1, failures: 1, tooEarly: 1, rejected: 0 });
    expect(warnings).toEqual([]);
  });

  it('skips a relay answering junk, and survives one that does not listen at all', async () => {
    const junk = await stubRelay({
      [`/${relays.normal.chain.hash}/public/52`]: [200, { round: 52, randomness: 'zz', signature: 'nope' }],
    });
    const refused = await stubRelay({});
    await refused.close();
    try {
      const bad = client([junk.url, refused.url]);
      await expect(bad.round(52)).resolves.toBeNull();
      expect(bad.stats).toEqual({ requests: 2, failures: 1, tooEarly: 0, rejected: 1 });
      await expect(client([junk.url, refused.url, relays.normal.url]).round(52)).resolves.toMatchObject({ round: 52 });
    } finally {
      await junk.close();
    }
  });

  it('does not wait for a relay that hangs: a good relay answers at once, and silence ends at the time-out', async () => {
    const beacons = client([relays.silent.url, relays.normal.url], { timeoutMs: 5000 });
    let started = Date.now();
    await expect(beacons.round(53)).resolves.toMatchObject({ round: 53 });
    expect(Date.now() - started).toBeLessThan(2500);

    const silent = client([relays.silent.url, relays.silent.url], { timeoutMs: 300 });
    started = Date.now();
    await expect(silent.round(54)).resolves.toBeNull();
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(1500);
    expect(silent.stats).toEqual({ requests: 2, failures: 2, tooEarly: 0, rejected: 0 });
  });

  it('answers a round asked again from its cache, without a request', async () => {
    let fetches = 0;
    const counting: typeof fetch = (input, init) => ((fetches += 1), fetch(input, init));
    const beacons = client([relays.normal.url], { fetch: counting });
    const first = await beacons.round(55);
    const again = await beacons.round(55);
    expect(again).toEqual(first);
    expect([fetches, beacons.stats.requests]).toEqual([1, 1]);
  });

  it('shares one fetch between concurrent calls for the same round', async () => {
    const beacons = client([relays.normal.url]);
    const [a, b] = await Promise.all([beacons.round(56), beacons.round(56)]);
    expect(a).toEqual(b);
    expect(beacons.stats.requests).toBe(1);
  });

  it('info(): the chain, from the first relay that serves it, cached', async () => {
    const beacons = client([relays.down.url, relays.normal.url]);
    await expect(beacons.info()).resolves.toEqual(relays.normal.chain);
    const requests = beacons.stats.requests;
    await expect(beacons.info()).resolves.toEqual(relays.normal.chain);
    expect(beacons.stats.requests).toBe(requests);
  });

  it('info(): refuses relays serving another key or another chain', async () => {
    const other = await startLocalBeacon({ period: 1, genesisTime, seed: 'another key' });
    try {
      const wrongKey = new BeaconClient({
        relays: [relays.normal.url],
        chainHash: relays.normal.chain.hash,
        publicKey: other.chain.publicKey,
      });
      await expect(wrongKey.info()).rejects.toThrow(/public key/);
      // The other relay does not know the configured chain hash at all (404).
      await expect(client([other.url]).info()).rejects.toThrow(/HTTP 404/);
      // A relay answering for the configured hash with another chain's info.
      const liar = await stubRelay({
        [`/${relays.normal.chain.hash}/info`]: [200, await fetch(`${other.url}/info`).then((r) => r.json())],
      });
      try {
        await expect(client([liar.url]).info()).rejects.toThrow(/serves chain/);
      } finally {
        await liar.close();
      }
    } finally {
      await other.close();
    }
  });

  it('refuses a configuration that cannot be right', async () => {
    const { hash, publicKey } = relays.normal.chain;
    expect(() => new BeaconClient({ relays: [], chainHash: hash, publicKey })).toThrow(/relay/);
    expect(() => new BeaconClient({ relays: ['ftp://x'], chainHash: hash, publicKey })).toThrow(/http/);
    expect(() => new BeaconClient({ relays: [relays.normal.url], chainHash: 'abc', publicKey })).toThrow(/chainHash/);
    expect(() => new BeaconClient({ relays: [relays.normal.url], chainHash: hash, publicKey: 'abc' })).toThrow(
      /publicKey/,
    );
    await expect(client([relays.normal.url]).round(0)).rejects.toThrow(RangeError);
  });
});

describe('BeaconClient with quicknet’s real key and format (recorded rounds, served by a stub relay)', () => {
  const rounds = recorded.rounds as BeaconRound[];
  let relay: { url: string; close: () => Promise<void> };

  beforeAll(async () => {
    const routes: Record<string, [number, unknown]> = { [`/${QUICKNET.hash}/info`]: [200, recorded.chain] };
    for (const r of rounds) routes[`/${QUICKNET.hash}/public/${r.round}`] = [200, r];
    routes[`/${QUICKNET.hash}/public/${rounds[0]!.round + 1}`] = [425, 'Too Early'];
    relay = await stubRelay(routes);
  });
  afterAll(() => relay.close());

  it('neither takes nor calls forged a round whose check cannot run on this machine, and takes it once it can', async () => {
    let broken = true;
    const warnings: Record<string, unknown>[] = [];
    const real = rounds[0]!;
    const beacons = new BeaconClient({
      relays: [relay.url],
      chainHash: QUICKNET.hash,
      publicKey: QUICKNET.publicKey,
      logger: { warn: (e) => warnings.push(e) },
      blsVerify: (signature, message, publicKey) => {
        if (broken) return Promise.reject(new BlsUnavailableError('the BLS worker stopped'));
        return verifyShortSignature(signature, message, publicKey);
      },
    });
    await expect(beacons.round(real.round)).resolves.toBeNull();
    expect(beacons.stats).toMatchObject({ failures: 1, rejected: 0 });
    expect(warnings).toEqual([
      expect.objectContaining({ msg: 'drand round not verified', round: real.round, reason: 'the BLS worker stopped' }),
    ]);
    broken = false;
    await expect(beacons.round(real.round)).resolves.toEqual(real);
    expect(beacons.stats).toMatchObject({ failures: 1, rejected: 0 });
  });

  it('accepts the real /info as quicknet', async () => {
    const beacons = new BeaconClient({
      relays: [`${relay.url}/`],
      chainHash: QUICKNET.hash,
      publicKey: QUICKNET.publicKey,
    });
    await expect(beacons.info()).resolves.toEqual({ ...QUICKNET });
  });

  it.each(rounds)('returns real round $round, verified under the quicknet key', async (real) => {
    const beacons = new BeaconClient({ relays: [relay.url], chainHash: QUICKNET.hash, publicKey: QUICKNET.publicKey });
    await expect(beacons.round(real.round)).resolves.toEqual(real);
    expect(beacons.stats).toEqual({ requests: 1, failures: 0, tooEarly: 0, rejected: 0 });
  });

  it('refuses a real round served as another (a relay cannot pick which round a period uses)', async () => {
    const [first, second] = rounds as [BeaconRound, BeaconRound];
    const swapped = await stubRelay({
      [`/${QUICKNET.hash}/public/${second.round}`]: [200, { ...first, round: second.round }],
    });
    try {
      const alone = new BeaconClient({
        relays: [swapped.url],
        chainHash: QUICKNET.hash,
        publicKey: QUICKNET.publicKey,
      });
      await expect(alone.round(second.round)).resolves.toBeNull();
      expect(alone.stats).toEqual({ requests: 1, failures: 0, tooEarly: 0, rejected: 1 });
      const beacons = new BeaconClient({
        relays: [swapped.url, relay.url],
        chainHash: QUICKNET.hash,
        publicKey: QUICKNET.publicKey,
      });
      await expect(beacons.round(second.round)).resolves.toEqual(second);
      await expect(beacons.round(first.round + 1)).resolves.toBeNull();
    } finally {
      await swapped.close();
    }
  });
});
