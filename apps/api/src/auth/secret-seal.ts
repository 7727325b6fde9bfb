import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read again but never show (an authenticator's key), sealed with AES-256-GCM: a random
 * 12-byte nonce, the 16-byte tag and the ciphertext, as base64url. `keyId` (16 hex characters of the key's SHA-256)
 * is stored beside each sealed value, so a value sealed under another key (the signing secret was rotated) is known
 * for what it is instead of failing to open.
 */
export class SecretSeal {
  readonly keyId: string;

  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new RangeError('a sealing key is 32 bytes');
    this.keyId = createHash('sha256').update(key).digest('hex').slice(0, 16);
  }

  seal(secret: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url');
  }

  /** The secret, or null when it was sealed under another key or does not open (tampered with). */
  unseal(sealed: string, keyId: string): string | null {
    if (keyId !== this.keyId) return null;
    const raw = Buffer.from(sealed, 'base64url');
    if (raw.length < 29) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
