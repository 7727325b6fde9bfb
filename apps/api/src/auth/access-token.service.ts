import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { AppConfig } from '@app/config';
import type { Role } from '@app/contracts';
import type { AccessTokenClaims } from './auth-user.js';

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

  /** The claims and expiry (epoch seconds) of a valid token; throws when invalid or expired. */
  verify(token: string): AccessTokenClaims & { exp: number; iat: number } {
    return this.jwt.verify(token);
  }
}
