import type { CookieOptions, Request, Response } from 'express';
import type { AppConfig } from '@app/config';
import { API_BASE_PATH } from '@app/contracts';
import { RESET_TICKET_MINUTES } from './otp-policy.js';

export const RESET_TICKET_COOKIE = 'resetTicket';

/** The reset ticket's cookie: httpOnly, SameSite=Strict, sent only to the reset call, Secure in production. */
function options(config: AppConfig): CookieOptions {
  return {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.isProduction,
    path: `${API_BASE_PATH}/auth/forgot-password/reset`,
  };
}

export function setResetTicketCookie(res: Response, config: AppConfig, ticket: string): void {
  res.cookie(RESET_TICKET_COOKIE, ticket, { ...options(config), maxAge: RESET_TICKET_MINUTES * 60_000 });
}

export function clearResetTicketCookie(res: Response, config: AppConfig): void {
  res.clearCookie(RESET_TICKET_COOKIE, options(config));
}

export function readResetTicketCookie(req: Request): string | undefined {
  const value = (req.cookies as Record<string, unknown> | undefined)?.[RESET_TICKET_COOKIE];
  return typeof value === 'string' && value !== '' ? value : undefined;
}
