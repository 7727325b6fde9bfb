import type { Request } from 'express';
import { isIPv4, isIPv6 } from 'node:net';

/** The caller's address (Express honours X-Forwarded-For only when TRUST_PROXY is on) and user agent. */
export function clientInfo(req: Request): { ip: string; userAgent: string | null } {
  const ip = req.ip ?? req.socket.remoteAddress ?? 'unknown';
  const agent = req.headers['user-agent'];
  return { ip, userAgent: typeof agent === 'string' ? agent.slice(0, 300) : null };
}

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail counts as two), or null. */
function ipv6Groups(ip: string): string[] | null {
  const halves = ip.split('::');
  if (halves.length > 2) return null;
  const part = (text: string | undefined) =>
    text ? text.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : [];
  const head = part(halves[0]);
  const tail = part(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return null;
  return [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
}

/**
 * The client a per-client limit counts: an IPv4 address itself (also when written IPv4-mapped, ::ffff:a.b.c.d),
 * and for IPv6 its /64 network, because one subscriber is usually given a whole /64 and could otherwise take a
 * fresh address for every attempt.
 */
export function clientNetwork(ip: string): string {
  return ipv6Prefix(ip, 64) ?? plainAddress(ip);
}

/**
 * The wider network a per-client limit also watches: an IPv6 address's /48 (a site is usually given a /48, so one
 * guesser may take a fresh /64 for every few attempts); null for IPv4 and anything else.
 */
export function clientWideNetwork(ip: string): string | null {
  return ipv6Prefix(ip, 48);
}

function plainAddress(ip: string): string {
  const address = ip.split('%')[0]!.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  return address;
}

/** '2001:db8:85a3::/48' for a /48 of an IPv6 address (not IPv4-mapped), or null. */
function ipv6Prefix(ip: string, bits: 48 | 64): string | null {
  const address = plainAddress(ip);
  if (!isIPv6(address)) return null;
  const groups = ipv6Groups(address);
  if (!groups) return null;
  return `${groups
    .slice(0, bits / 16)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/${bits}`;
}
