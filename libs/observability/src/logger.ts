import type { LoggerService } from '@nestjs/common';
import { pino, type Logger } from 'pino';
import { logContext } from './log-context.js';

/** Field names never written to logs. */
export const REDACTED_PATHS = [
  'password',
  'confirmPassword',
  'otp',
  'code',
  'token',
  'accessToken',
  'refreshToken',
  'authorization',
  'cookie',
  '*.password',
  '*.confirmPassword',
  '*.otp',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
];

export function createLogger(service: string, level = 'info'): Logger {
  return pino({
    level,
    base: { service, pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    formatters: { level: (label) => ({ level: label }) },
    mixin: () => ({ ...logContext.getStore() }),
  });
}

/** Nest's LoggerService over pino: structured JSON lines with the request/command id of the context. */
export class JsonLogger implements LoggerService {
  constructor(readonly pino: Logger) {}

  private write(level: 'debug' | 'info' | 'warn' | 'error', message: unknown, rest: unknown[]): void {
    const context = typeof rest[rest.length - 1] === 'string' ? (rest[rest.length - 1] as string) : undefined;
    if (message instanceof Error) {
      this.pino[level]({ context, err: message }, message.message);
    } else if (typeof message === 'object' && message !== null) {
      this.pino[level]({ context, ...(message as object) });
    } else {
      const stack = level === 'error' && typeof rest[0] === 'string' && rest.length > 1 ? rest[0] : undefined;
      this.pino[level]({ context, stack }, String(message));
    }
  }

  log(message: unknown, ...rest: unknown[]): void {
    this.write('info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }
}
