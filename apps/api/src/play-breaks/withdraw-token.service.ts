import { Inject, Injectable } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppConfig } from '@app/config';

/** How long a withdraw-only token lasts: enough to fill in the withdrawal form, no more. */
export const WITHDRAW_TOKEN_TTL_SECONDS = 15 * 60;
const SCOPE = 'play-break-withdraw';

/**
 * The token a sign-in refused by a break or self-exclusion gets (after the password and every factor were right):
 * `pb1.<claims>.<HMAC-SHA256>` under a key derived for this purpose alone. It is not a JWT and not signed with the
 * access-token key, so the access-token guard, the socket handshake and the refresh route all refuse it without
 * knowing it exists; only the guard of the /play-safely/away routes reads it. It names the player and expires
 * after 15 minutes; each use checks the database again (still away, account active).
 */
@Injectable()
export class WithdrawTokenService {
  private readonly key: Buffer;

  constructor(@Inject(AppConfig) config: AppConfig) {
    this.key = config.deriveKey(SCOPE);
  }

  private mac(body: string): Buffer {
    return createHmac('sha256', this.key).update(body).digest();
  }

  issue(userId: string, nowMs = Date.now()): { token: string; expiresAt: Date } {
    const expiresAt = new Date(nowMs + WITHDRAW_TOKEN_TTL_SECONDS * 1000);
    const body = Buffer.from(JSON.stringify({ sub: userId, scope: SCOPE, exp: expiresAt.getTime() })).toString(
      'base64url',
    );
    return { token: `pb1.${body}.${this.mac(body).toString('base64url')}`, expiresAt };
  }

  /** The player a valid, unexpired token names; null otherwise. */
  verify(token: unknown, nowMs = Date.now()): string | null {
    if (typeof token !== 'string' || token.length > 1000) return null;
    const [version, body, mac, ...rest] = token.split('.');
    if (version !== 'pb1' || !body || !mac || rest.length > 0) return null;
    const given = Buffer.from(mac, 'base64url');
    const expected = this.mac(body);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
        sub?: unknown;
        scope?: unknown;
        exp?: unknown;
      };
      if (
        claims.scope !== SCOPE ||
        typeof claims.sub !== 'string' ||
        typeof claims.exp !== 'number' ||
        claims.exp <= nowMs
      )
        return null;
      return claims.sub;
    } catch {
      return null;
    }
  }
}
