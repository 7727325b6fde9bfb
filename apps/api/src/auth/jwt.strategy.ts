import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { AppConfig } from '@app/config';
import type { AccessTokenClaims, AuthUser } from './auth-user.js';
import { SessionRevocations } from './session-revocations.js';

/** Validates `Authorization: Bearer <access token>` (HS256, issuer-checked) and refuses a revoked session. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(AppConfig) config: AppConfig,
    @Inject(SessionRevocations) private readonly revocations: SessionRevocations,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: config.jwtKey as unknown as string,
      algorithms: ['HS256'],
      issuer: 'winround',
      ignoreExpiration: false,
    });
  }

  async validate(claims: AccessTokenClaims): Promise<AuthUser | false> {
    if (await this.revocations.isRevoked(claims.sid)) return false;
    return { id: claims.sub, role: claims.role, sessionId: claims.sid };
  }
}
