import { startLocalBeacon, type LocalBeacon } from '@app/beacon';
import { tracked } from './lifecycle.js';

/**
 * The public-randomness beacon of a test file's round engines: a local drand relay (`@app/beacon`) with 1-s rounds
 * (so a period's round comes within a second of its lock, whatever the test's round length), started on first use and
 * closed when the file ends. Its key comes from a fixed text: every file's engines mix in the same chain.
 */
let shared: Promise<LocalBeacon> | undefined;

export function testBeacon(): Promise<LocalBeacon> {
  shared ??= startLocalBeacon({ period: 1, seed: 'winround test beacon' }).then(async (beacon) => {
    await tracked({
      close: async () => {
        shared = undefined;
        await beacon.close();
      },
    });
    return beacon;
  });
  return shared;
}

/** What a round engine needs to mix in a beacon's rounds: its relays, chain hash and public key. */
export function beaconEnv(
  beacon: Pick<LocalBeacon, 'url' | 'chain'>,
  ...more: Pick<LocalBeacon, 'url'>[]
): Record<string, string> {
  return {
    DRAND_URLS: [beacon.url, ...more.map((b) => b.url)].join(','),
    DRAND_CHAIN_HASH: beacon.chain.hash,
    DRAND_PUBLIC_KEY: beacon.chain.publicKey,
  };
}
