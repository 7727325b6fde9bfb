import { randomBytes } from 'node:crypto';
import { SecretSeal } from './secret-seal.js';

describe('SecretSeal: secrets the server reads again but never shows', () => {
  const seal = new SecretSeal(randomBytes(32));

  it('seals with a fresh nonce every time and opens again under the same key', () => {
    const a = seal.seal('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    const b = seal.seal('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(a).not.toContain('JBSWY3DP');
    expect(seal.unseal(a, seal.keyId)).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(seal.keyId).toMatch(/^[0-9a-f]{16}$/);
  });

  it('does not open a value sealed under another key, or one tampered with', () => {
    const other = new SecretSeal(randomBytes(32));
    const sealed = other.seal('secret');
    expect(seal.unseal(sealed, other.keyId)).toBeNull();
    expect(seal.unseal(sealed, seal.keyId)).toBeNull();
    const mine = Buffer.from(seal.seal('secret'), 'base64url');
    mine[mine.length - 1]! ^= 1;
    expect(seal.unseal(mine.toString('base64url'), seal.keyId)).toBeNull();
    expect(seal.unseal('short', seal.keyId)).toBeNull();
    expect(() => new SecretSeal(randomBytes(16))).toThrow(RangeError);
  });
});
