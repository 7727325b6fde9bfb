import {
  createParamDecorator,
  ForbiddenException,
  Inject,
  Injectable,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import type { Request } from 'express';
import { Database } from '@app/db';
import { AUTH_MESSAGES } from '../auth/auth-messages.js';
import { PlayBreakRepository } from './play-break.repository.js';
import { WithdrawTokenService } from './withdraw-token.service.js';

export const WITHDRAW_TOKEN_MESSAGES = {
  signInAgain: 'Please sign in again to withdraw: the link from the sign-in page lasts 15 minutes.',
  notAway: 'Nothing keeps you away any more: please log in.',
} as const;

/**
 * The only door a withdraw-only token opens (the /play-safely/away routes, which are otherwise @Public so the
 * access-token guard does not refuse them first): a valid, unexpired token, of a player whose account is active and
 * who is still on a break or self-excluded — all read from the database at each call.
 */
@Injectable()
export class WithdrawTokenGuard implements CanActivate {
  constructor(
    @Inject(WithdrawTokenService) private readonly tokens: WithdrawTokenService,
    @Inject(PlayBreakRepository) private readonly breaks: PlayBreakRepository,
    @Inject(Database) private readonly db: Database,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request & { awayUserId?: string }>();
    const header = req.headers.authorization;
    const token = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    const userId = this.tokens.verify(token);
    if (!userId) throw new UnauthorizedException(WITHDRAW_TOKEN_MESSAGES.signInAgain);
    const account = await this.db
      .selectFrom('users')
      .select(['role', 'status'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!account || account.role !== 'user') throw new UnauthorizedException(WITHDRAW_TOKEN_MESSAGES.signInAgain);
    if (account.status !== 'active') throw new ForbiddenException(AUTH_MESSAGES.accountSuspended);
    if (!(await this.breaks.latest(undefined, userId))?.running)
      throw new UnauthorizedException(WITHDRAW_TOKEN_MESSAGES.notAway);
    req.awayUserId = userId;
    return true;
  }
}

/** The player a withdraw-only token names (after WithdrawTokenGuard). */
export const AwayPlayer = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  return context.switchToHttp().getRequest<{ awayUserId: string }>().awayUserId;
});
