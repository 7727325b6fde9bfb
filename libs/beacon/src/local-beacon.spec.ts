import { BEACON_SCHEME, roundTimeMs, verifyBeacon, type BeaconRound } from '@app/domain';
import { checkChainInfo } from './chain-info.js';
import { startLocalBeacon, type LocalBeacon } from './local-beacon.js';

/** A genesis 100 s ago (1-s rounds): rounds 1..~100 are produced. */
const genesisTime = Math.floor(Date.now() / 1000) - 100;

describe('local drand beacon', () => {
  let beacon: LocalBeacon;
  const get = (path: string) => fetch(`${beacon.url}${path}`);
  const getRound = async (round: number | 'latest'): Promise<BeaconRound> => {
    const response = await get(`/${beacon.chain.hash}/public/${round}`);
    expect(response.status).toBe(200);
    return (await response.json()) as BeaconRound;
  };

  beforeAll(async () => {
    beacon = await startLocalBeacon({ period: 1, genesisTime, seed: 'local beacon spec' });
  });
  afterAll(() => beacon.close());
  afterEach(() => beacon.setMode('normal'));

  it('serves rounds that verify against its chain', async () => {
    expect(beacon.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    for (const round of [1, 42, 99]) {
      const served = await getRound(round);
      expect(served.round).toBe(round);
      await expect(verifyBeacon(beacon.chain, served, round)).resolves.toEqual({ ok: true });
    }
  });

  it('answers 425 for a round whose time has not come', async () => {
    const future = beacon.latestRound() + 5;
    const response = await get(`/${beacon.chain.hash}/public/${future}`);
    expect(response.status).toBe(425);
    expect(roundTimeMs(beacon.chain, future)).toBeGreaterThan(Date.now());
  });

  it('serves /info matching its chain, and a chain hash computed as drand computes it', async () => {
    const response = await get(`/${beacon.chain.hash}/info`);
    const info = (await response.json()) as Record<string, unknown>;
    expect(info).toMatchObject({
      hash: beacon.chain.hash,
      public_key: beacon.chain.publicKey,
      genesis_time: genesisTime,
      period: 1,
      schemeID: BEACON_SCHEME,
    });
    expect(checkChainInfo(info, { chainHash: beacon.chain.hash, publicKey: beacon.chain.publicKey })).toEqual({
      ok: true,
      chain: beacon.chain,
    });
    await expect(get('/info').then((r) => r.json())).resolves.toEqual(info);
  });

  it('serves as latest the newest round produced', async () => {
    const before = beacon.latestRound();
    const latest = await getRound('latest');
    const after = beacon.latestRound();
    expect(latest.round).toBeGreaterThanOrEqual(before);
    expect(latest.round).toBeLessThanOrEqual(after);
    expect(roundTimeMs(beacon.chain, latest.round)).toBeLessThanOrEqual(Date.now());
    await expect(verifyBeacon(beacon.chain, latest)).resolves.toEqual({ ok: true });
  });

  it('serves /chains and /health; 404 for another chain, 400 for a round that is not one', async () => {
    await expect(get('/chains').then((r) => r.json())).resolves.toEqual([beacon.chain.hash]);
    expect((await get('/health')).status).toBe(200);
    expect((await get(`/${'ab'.repeat(32)}/public/1`)).status).toBe(404);
    expect((await get(`/${beacon.chain.hash}/public/abc`)).status).toBe(400);
    expect((await get(`/${beacon.chain.hash}/public/0`)).status).toBe(400);
  });

  it('derives the same chain from the same seed, genesis and period, and another from another seed', async () => {
    const same = await startLocalBeacon({ period: 1, genesisTime, seed: 'local beacon spec' });
    const other = await startLocalBeacon({ period: 1, genesisTime, seed: 'another seed' });
    const random = await startLocalBeacon({ period: 1, genesisTime });
    try {
      expect(same.chain).toEqual(beacon.chain);
      expect(other.chain.publicKey).not.toBe(beacon.chain.publicKey);
      expect(other.chain.hash).not.toBe(beacon.chain.hash);
      expect(random.chain.publicKey).not.toBe(beacon.chain.publicKey);
    } finally {
      await Promise.all([same.close(), other.close(), random.close()]);
    }
  });

  it('defaults to a 3-s chain whose genesis is a whole second in the past, on the period grid', async () => {
    const defaults = await startLocalBeacon();
    try {
      expect(defaults.chain.period).toBe(3);
      expect(Number.isSafeInteger(defaults.chain.genesisTime)).toBe(true);
      expect(defaults.chain.genesisTime % 3).toBe(0);
      expect(defaults.chain.genesisTime * 1000).toBeLessThan(Date.now());
      expect(defaults.latestRound()).toBeGreaterThan(1);
    } finally {
      await defaults.close();
    }
  });

  describe('fault modes', () => {
    it('down: 503 to every request', async () => {
      beacon.setMode('down');
      expect((await get(`/${beacon.chain.hash}/public/5`)).status).toBe(503);
      expect((await get('/health')).status).toBe(503);
    });

    it('forged: rounds signed by another key', async () => {
      beacon.setMode('forged');
      const forged = await getRound(7);
      expect(forged.round).toBe(7);
      await expect(verifyBeacon(beacon.chain, forged, 7)).resolves.toEqual({ ok: false, reason: 'bad-signature' });
    });

    it('stale: an older round than the one asked for, even for a future one', async () => {
      beacon.setMode('stale');
      const stale = await getRound(7);
      expect(stale.round).toBe(6);
      await expect(verifyBeacon(beacon.chain, stale)).resolves.toEqual({ ok: true });
      const future = await getRound(beacon.latestRound() + 10);
      expect(future.round).toBeLessThan(beacon.latestRound());
    });

    it('silent: requests hang until the mode changes', async () => {
      beacon.setMode('silent');
      let answered = false;
      const pending = getRound(8).then((r) => ((answered = true), r));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(answered).toBe(false);
      beacon.setMode('normal');
      await expect(pending).resolves.toMatchObject({ round: 8 });
    });

    it('silent: close() ends hanging requests', async () => {
      const closing = await startLocalBeacon({ period: 1, genesisTime, seed: 'local beacon spec' });
      closing.setMode('silent');
      const pending = fetch(`${closing.url}/health`).then(
        () => 'answered',
        () => 'dropped',
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      await closing.close();
      await expect(pending).resolves.toBe('dropped');
    });

    it('refuses an unknown mode', () => {
      expect(() => beacon.setMode('broken' as never)).toThrow(RangeError);
    });
  });
});
