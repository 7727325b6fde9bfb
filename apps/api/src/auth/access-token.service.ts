import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { AppConfig } from '@app/config';
import type { Role } from '@app/contracts';
import type { AccessTokenClaims } from './auth-user.js';

export type VerifiedAccessClaims = AccessTokenClaims & { exp: number; iat: number };

const ROLES: readonly unknown[] = ['user', 'super-admin'] satisfies Role[];

/**
 * True for claims this server issues: a user, a role, a session, and a lifetime no longer than
 * ACCESS_TOKEN_TTL_SECONDS. The signature check alone accepts a token without `exp` (it would never expire), so
 * every verification of an access token goes through this as well.
 */
export function isAccessClaims(claims: unknown, ttlSeconds: number): claims is VerifiedAccessClaims {
  if (typeof claims !== 'object' || claims === null) return false;
  const c = claims as Record<string, unknown>;
  return (
    typeof c.sub === 'string' &&
    typeof c.sid === 'string' &&
    ROLES.includes(c.role) &&
    Number.isFinite(c.exp) &&
    Number.isFinite(c.iat) &&
    (c.exp as number) > (c.iat as number) &&
    (c.exp as number) - (c.iat as number) <= ttlSeconds
  );
}

/** Issues and verifies short-lived access tokens (HTTP bearer and the socket handshake). */
@Injectable()
export class AccessTokenService {
  constructor(
    @Inject(JwtService) private readonly jwt: JwtService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  sign(user: { id: string; role: Role }, sessionId: string): string {
    const claims: AccessTokenClaims = { sub: user.id, role: user.role, sid: sessionId };
    return this.jwt.sign(claims, { expiresIn: this.config.ACCESS_TOKEN_TTL_SECONDS });
  }

  /** The claims and expiry (epoch seconds) of a valid token; throws when invalid, expired or not one of ours. */
  verify(token: string): VerifiedAccessClaims {
    const claims: unknown = this.jwt.verify(token);
    if (!isAccessClaims(claims, this.config.ACCESS_TOKEN_TTL_SECONDS))
      throw new Error('not an access token of this server');
    return claims;
  }
}
