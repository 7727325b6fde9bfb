import type { CookieOptions, Request, Response } from 'express';
import type { AppConfig } from '@app/config';
import { API_BASE_PATH, REFRESH_COOKIE } from '@app/contracts';

/** The refresh cookie: httpOnly, SameSite=Strict, sent only under /api/v1 (both refresh calls and logout), Secure in production. */
function options(config: AppConfig): CookieOptions {
  return { httpOnly: true, sameSite: 'strict', secure: config.isProduction, path: API_BASE_PATH };
}

export function setRefreshCookie(res: Response, config: AppConfig, token: string): void {
  res.cookie(REFRESH_COOKIE, token, { ...options(config), maxAge: config.REFRESH_TOKEN_TTL_SECONDS * 1000 });
}

export function clearRefreshCookie(res: Response, config: AppConfig): void {
  res.clearCookie(REFRESH_COOKIE, options(config));
}

export function readRefreshCookie(req: Request): string | undefined {
  const value = (req.cookies as Record<string, unknown> | undefined)?.[REFRESH_COOKIE];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function readBearer(req: Request): string | undefined {
  const header = req.headers.authorization;
  return typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7).trim() || undefined : undefined;
}
