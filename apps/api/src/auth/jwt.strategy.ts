import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { AppConfig, JWT_ISSUER } from '@app/config';
import { isAccessClaims } from './access-token.service.js';
import type { AuthUser } from './auth-user.js';
import { SessionRevocations } from './session-revocations.js';

/**
 * Validates `Authorization: Bearer <access token>` (HS256 only, issuer-checked, `exp` required and no further
 * away than the access-token lifetime) and refuses a revoked session.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(SessionRevocations) private readonly revocations: SessionRevocations,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: config.jwtKey as unknown as string,
      algorithms: ['HS256'],
      issuer: JWT_ISSUER,
      ignoreExpiration: false,
    });
  }

  async validate(claims: unknown): Promise<AuthUser | false> {
    if (!isAccessClaims(claims, this.config.ACCESS_TOKEN_TTL_SECONDS)) return false;
    if (await this.revocations.isRevoked(claims.sid)) return false;
    return { id: claims.sub, role: claims.role, sessionId: claims.sid };
  }
}
