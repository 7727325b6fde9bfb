/**
 * Runs a local drand beacon until SIGTERM or SIGINT: `node dist/libs/beacon/src/local-beacon-cli.js [--port N]
 * [--period S] [--seed TEXT]` (see LOCAL_BEACON_USAGE). Prints one JSON line to stdout once it listens,
 * `{"url": …, "chain": {hash, publicKey, genesisTime, period, scheme}}`, for a launcher to read and pass on as
 * DRAND_URLS, DRAND_CHAIN_HASH and DRAND_PUBLIC_KEY; nothing else goes to stdout.
 */
import { localBeaconOptions, LOCAL_BEACON_USAGE } from './local-beacon-args.js';
import { startLocalBeacon, type LocalBeacon } from './local-beacon.js';

let beacon: LocalBeacon;
try {
  beacon = await startLocalBeacon(localBeaconOptions(process.argv.slice(2), process.env));
} catch (error) {
  process.stderr.write(
    `local beacon: ${error instanceof Error ? error.message : String(error)}\n${LOCAL_BEACON_USAGE}\n`,
  );
  process.exit(2);
}

const stop = (): void => {
  void beacon.close().then(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
process.stdout.write(`${JSON.stringify({ url: beacon.url, chain: beacon.chain })}\n`);
