import { Module } from '@nestjs/common';
import { MailQueueModule } from '@app/mail';
import { SocketAuthService } from '../realtime/socket-auth.service.js';
import { PlayBreakRepository } from '../play-breaks/play-break.repository.js';
import { WithdrawTokenService } from '../play-breaks/withdraw-token.service.js';
import { UsersModule } from '../users/users.module.js';
import { AdminCredentials } from './admin-credentials.js';
import { AdminPasswordService } from './admin-password.service.js';
import { AdminSecurityController } from './admin-security.controller.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { CommonPasswords } from './common-passwords.js';
import { LoginBackoff } from './login-backoff.js';
import { LoginStepUp } from './login-step-up.js';
import { OtpRepository } from './otp.repository.js';
import { OtpService } from './otp.service.js';
import { PasswordResetService } from './password-reset.service.js';
import { Passwords } from './passwords.js';
import { RateLimiter } from './rate-limiter.js';
import { RefreshTokenController } from './refresh-token.controller.js';
import { ResetTicketRepository } from './reset-ticket.repository.js';
import { SecondFactorRepository } from './second-factor.repository.js';
import { SecondFactorService } from './second-factor.service.js';
import { SessionRepository } from './session.repository.js';
import { SessionService } from './session.service.js';

/**
 * Registration, login (with its step-up and second factor), sessions, password reset, the super-admin's account
 * security and socket sign-in (the guards live in AuthCoreModule).
 */
@Module({
  imports: [MailQueueModule, UsersModule],
  controllers: [AuthController, RefreshTokenController, AdminSecurityController],
  providers: [
    AuthService,
    SessionService,
    SessionRepository,
    OtpService,
    OtpRepository,
    PasswordResetService,
    ResetTicketRepository,
    Passwords,
    CommonPasswords,
    RateLimiter,
    LoginBackoff,
    LoginStepUp,
    SecondFactorRepository,
    SecondFactorService,
    AdminPasswordService,
    AdminCredentials,
    SocketAuthService,
    PlayBreakRepository,
    WithdrawTokenService,
  ],
  exports: [
    SessionService,
    SessionRepository,
    SocketAuthService,
    RateLimiter,
    Passwords,
    AdminCredentials,
    PlayBreakRepository,
    WithdrawTokenService,
  ],
})
export class AuthModule {}
