import { Module } from '@nestjs/common';
import { MailQueueModule } from '@app/mail';
import { SocketAuthService } from '../realtime/socket-auth.service.js';
import { UsersModule } from '../users/users.module.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { CommonPasswords } from './common-passwords.js';
import { LoginBackoff } from './login-backoff.js';
import { OtpRepository } from './otp.repository.js';
import { OtpService } from './otp.service.js';
import { PasswordResetService } from './password-reset.service.js';
import { Passwords } from './passwords.js';
import { RateLimiter } from './rate-limiter.js';
import { RefreshTokenController } from './refresh-token.controller.js';
import { ResetTicketRepository } from './reset-ticket.repository.js';
import { SessionRepository } from './session.repository.js';
import { SessionService } from './session.service.js';

/** Registration, login, sessions, password reset and socket sign-in (the guards live in AuthCoreModule). */
@Module({
  imports: [MailQueueModule, UsersModule],
  controllers: [AuthController, RefreshTokenController],
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
    SocketAuthService,
  ],
  exports: [SessionService, SocketAuthService, RateLimiter, Passwords],
})
export class AuthModule {}
