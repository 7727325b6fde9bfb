import { BEACON_SCHEME, type BeaconChain } from '@app/domain';
import { drandChainHash } from './chain-hash.js';

const HEX = /^[0-9a-f]+$/;

/** Why a relay's `/info` is not the chain expected, or the chain it describes. */
export type ChainInfoCheck =
  { readonly ok: true; readonly chain: BeaconChain } | { readonly ok: false; readonly reason: string };

/**
 * Checks a relay's `GET /{hash}/info` body against the chain expected: same hash, same public key, the one scheme
 * accepted, and fields that hash (drand's recipe) to that chain hash, so the genesis time and period it reports,
 * which decide what round each period uses, are the chain's own.
 */
export function checkChainInfo(
  body: unknown,
  expected: { readonly chainHash: string; readonly publicKey: string },
): ChainInfoCheck {
  if (typeof body !== 'object' || body === null) return { ok: false, reason: 'not a chain info object' };
  const info = body as Record<string, unknown>;
  const { hash, public_key: publicKey, schemeID, genesis_time: genesisTime, period, groupHash } = info;
  if (hash !== expected.chainHash)
    return { ok: false, reason: `serves chain ${String(hash)}, expected ${expected.chainHash}` };
  if (publicKey !== expected.publicKey)
    return { ok: false, reason: `serves public key ${String(publicKey)}, expected ${expected.publicKey}` };
  if (schemeID !== BEACON_SCHEME)
    return { ok: false, reason: `serves scheme ${String(schemeID)}, only ${BEACON_SCHEME} is accepted` };
  if (!Number.isSafeInteger(genesisTime) || (genesisTime as number) < 0)
    return { ok: false, reason: 'genesis_time is not whole unix seconds' };
  if (!Number.isSafeInteger(period) || (period as number) < 1)
    return { ok: false, reason: 'period is not a whole number of seconds' };
  if (typeof groupHash !== 'string' || !HEX.test(groupHash) || groupHash.length % 2 !== 0)
    return { ok: false, reason: 'groupHash is not hex' };
  const metadata = info.metadata as Record<string, unknown> | undefined;
  const beaconId = typeof metadata?.beaconID === 'string' ? metadata.beaconID : undefined;
  const recomputed = drandChainHash({
    period: period as number,
    genesisTime: genesisTime as number,
    publicKey,
    groupHash,
    beaconId,
  });
  if (recomputed !== expected.chainHash)
    return { ok: false, reason: `its fields hash to ${recomputed}, not to the chain hash` };
  return {
    ok: true,
    chain: Object.freeze({
      hash,
      publicKey,
      genesisTime: genesisTime as number,
      period: period as number,
      scheme: BEACON_SCHEME,
    }),
  };
}
