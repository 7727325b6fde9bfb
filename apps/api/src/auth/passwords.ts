import { Injectable } from '@nestjs/common';
import { argon2id, hash, verify, type HashOptions } from 'argon2';
import { randomBytes } from 'node:crypto';
import { PASSWORD_HASH_PARAMETERS } from '@app/config';

/** argon2id with the configuration's parameters (OWASP's recommended minimum). Every password hash uses these. */
export const PASSWORD_HASH_OPTIONS: Readonly<HashOptions> = { type: argon2id, ...PASSWORD_HASH_PARAMETERS };

/**
 * Password hashing: argon2id at OWASP's recommended minimum (19 MiB, 2 passes, parallelism 1): ~70 ms here, so
 * a login burst does not starve the two cores an api node shares. Hashes record their parameters, so older or
 * stronger ones still verify.
 */
@Injectable()
export class Passwords {
  private dummy?: Promise<string>;

  hash(password: string): Promise<string> {
    return hash(password, PASSWORD_HASH_OPTIONS);
  }

  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  }

  /**
   * Spends the same time as a real check when there is no account, so that the answer's timing does not tell
   * whether an e-mail address is registered.
   */
  async verifyNobody(password: string): Promise<false> {
    this.dummy ??= this.hash(randomBytes(16).toString('hex'));
    await this.verify(await this.dummy, password);
    return false;
  }
}
