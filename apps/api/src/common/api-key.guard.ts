import { CanActivate, ExecutionContext, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { timingSafeEqual } from 'node:crypto';
import { AppConfig } from '@app/config';
import { API_KEY_HEADER } from '@app/contracts';
import { SKIP_API_KEY } from './public.decorator.js';

export const API_KEY_MISSING = 'API key is missing.';
export const API_KEY_INVALID = 'API key is invalid.';

export function apiKeyMatches(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Every HTTP call carries the client API key (it identifies the client app; it is not an authorisation). */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const skip = this.reflector.getAllAndOverride<boolean>(SKIP_API_KEY, [context.getHandler(), context.getClass()]);
    if (skip) return true;
    const given = context.switchToHttp().getRequest().headers[API_KEY_HEADER];
    if (given === undefined) throw new UnauthorizedException(API_KEY_MISSING);
    if (!apiKeyMatches(this.config.API_KEY, given)) throw new UnauthorizedException(API_KEY_INVALID);
    return true;
  }
}
