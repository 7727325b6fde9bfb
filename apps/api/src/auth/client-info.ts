import type { Request } from 'express';

/** The caller's address (Express honours X-Forwarded-For only when TRUST_PROXY is on) and user agent. */
export function clientInfo(req: Request): { ip: string; userAgent: string | null } {
  const ip = req.ip ?? req.socket.remoteAddress ?? 'unknown';
  const agent = req.headers['user-agent'];
  return { ip, userAgent: typeof agent === 'string' ? agent.slice(0, 300) : null };
}
