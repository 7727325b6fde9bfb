import { QUICKNET } from '@app/domain';
import recorded from '../../domain/src/fairness/quicknet-beacons.json' with { type: 'json' };
import { drandChainHash } from './chain-hash.js';
import { checkChainInfo } from './chain-info.js';

const info = recorded.chain;
const expected = { chainHash: QUICKNET.hash, publicKey: QUICKNET.publicKey };

describe("drand's chain hash", () => {
  it("recomputes quicknet's hash from its /info", () => {
    const hash = drandChainHash({
      period: info.period,
      genesisTime: info.genesis_time,
      publicKey: info.public_key,
      groupHash: info.groupHash,
      beaconId: info.metadata.beaconID,
    });
    expect(hash).toBe(QUICKNET.hash);
  });

  it('hashes no beacon ID for the default chain', () => {
    const base = { period: 30, genesisTime: 1595431050, publicKey: info.public_key, groupHash: info.groupHash };
    expect(drandChainHash({ ...base, beaconId: 'default' })).toBe(drandChainHash(base));
    expect(drandChainHash({ ...base, beaconId: 'other' })).not.toBe(drandChainHash(base));
  });
});

describe('checking a relay’s /info against the configured chain', () => {
  it('accepts quicknet’s real /info', () => {
    expect(checkChainInfo(info, expected)).toEqual({ ok: true, chain: { ...QUICKNET } });
  });

  it('refuses another hash, another key, another scheme', () => {
    expect(checkChainInfo({ ...info, hash: 'ab'.repeat(32) }, expected)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('serves chain'),
    });
    expect(checkChainInfo({ ...info, public_key: 'a'.repeat(192) }, expected)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('public key'),
    });
    expect(checkChainInfo({ ...info, schemeID: 'pedersen-bls-chained' }, expected)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('scheme'),
    });
  });

  it('refuses a genesis time or period that does not hash to the chain hash (they decide which round a period uses)', () => {
    expect(checkChainInfo({ ...info, genesis_time: info.genesis_time + 3 }, expected)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('hash to'),
    });
    expect(checkChainInfo({ ...info, period: 30 }, expected)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('hash to'),
    });
  });

  it('refuses what is not chain info', () => {
    for (const junk of [
      null,
      'x',
      42,
      { ...info, period: '3' },
      { ...info, genesis_time: -1 },
      { ...info, groupHash: 'xyz' },
    ]) {
      expect(checkChainInfo(junk, expected).ok).toBe(false);
    }
  });
});
