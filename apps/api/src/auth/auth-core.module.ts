import { Global, Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { AppConfig, JWT_ISSUER } from '@app/config';
import { AccessTokenService } from './access-token.service.js';
import { JwtAuthGuard } from './jwt-auth.guard.js';
import { JwtStrategy } from './jwt.strategy.js';
import { RolesGuard } from './roles.guard.js';
import { SessionRevocations } from './session-revocations.js';

/** Access tokens, the JWT strategy and the guards ApiModule installs globally (after the API-key guard). */
@Global()
@Module({
  imports: [
    PassportModule,
    JwtModule.registerAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        secret: config.jwtKey as unknown as string,
        signOptions: { algorithm: 'HS256', issuer: JWT_ISSUER },
        verifyOptions: { algorithms: ['HS256'], issuer: JWT_ISSUER },
      }),
    }),
  ],
  providers: [JwtStrategy, AccessTokenService, JwtAuthGuard, RolesGuard, SessionRevocations],
  exports: [AccessTokenService, JwtModule, JwtAuthGuard, RolesGuard, SessionRevocations],
})
export class AuthCoreModule {}
