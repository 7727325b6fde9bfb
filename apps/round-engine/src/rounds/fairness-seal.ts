import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * The chain's secret tip, sealed (AES-256-GCM) under the key only round engines hold (FAIRNESS_KEY): the database,
 * its backups and replicas keep ciphertext only. The commitment is the associated data, so a sealed tip cannot be
 * moved to another chain's row (it would no longer open). Stored as base64 of IV (12 bytes) ‖ ciphertext ‖ tag (16).
 */

const IV_BYTES = 12;
const TAG_BYTES = 16;
const aad = (commitment: string) => Buffer.from(`winround fairness chain ${commitment}`, 'utf8');

/** Names a key without revealing it: the first 16 hex of SHA-256 over a label and the key. */
export function fairnessKeyId(key: Buffer): string {
  return createHash('sha256').update('winround fairness key id').update(key).digest('hex').slice(0, 16);
}

export function sealTip(key: Buffer, tipHex: string, commitment: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(commitment));
  const sealed = Buffer.concat([cipher.update(Buffer.from(tipHex, 'hex')), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64');
}

/** Opens a sealed tip; throws when the key is not the one that sealed it or anything was changed. */
export function unsealTip(key: Buffer, sealed: string, commitment: string): string {
  const bytes = Buffer.from(sealed, 'base64');
  const iv = bytes.subarray(0, IV_BYTES);
  const tag = bytes.subarray(bytes.length - TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(aad(commitment));
  decipher.setAuthTag(tag);
  return Buffer.concat([
    decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
    decipher.final(),
  ]).toString('hex');
}
