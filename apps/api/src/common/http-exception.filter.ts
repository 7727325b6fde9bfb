import { ArgumentsHost, Catch, HttpException, HttpStatus, Logger, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import type { ApiError } from '@app/contracts';

/** Turns every error into the `{ success: false, statusCode, message }` envelope; never leaks internals. */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const response = host.switchToHttp().getResponse<Response>();
    const body = toApiError(exception);
    if (body.statusCode >= 500) this.logger.error(exception instanceof Error ? exception : String(exception));
    if (!response.headersSent) response.status(body.statusCode).json(body);
  }
}

export function toApiError(exception: unknown): ApiError {
  if (exception instanceof HttpException) {
    const statusCode = exception.getStatus();
    const cause = exception.cause as { type?: string } | undefined;
    if (cause?.type === 'entity.parse.failed' || (statusCode === 400 && cause instanceof SyntaxError)) {
      return { success: false, statusCode: 400, message: 'Request body is not valid JSON.' };
    }
    if (statusCode === 413) return { success: false, statusCode: 413, message: 'Request body is too large.' };
    const raw = exception.getResponse();
    let message = exception.message;
    let errors: Record<string, string> | undefined;
    if (typeof raw === 'string') message = raw;
    else if (raw && typeof raw === 'object') {
      const r = raw as { message?: unknown; errors?: Record<string, string> };
      if (Array.isArray(r.message)) message = String(r.message[0] ?? message);
      else if (typeof r.message === 'string') message = r.message;
      errors = r.errors;
    }
    return { success: false, statusCode, message, ...(errors ? { errors } : {}) };
  }
  const status = (exception as { status?: number; statusCode?: number })?.status ?? (exception as { statusCode?: number })?.statusCode;
  if (status === 413) return { success: false, statusCode: 413, message: 'Request body is too large.' };
  if (status === 400 && (exception as { type?: string })?.type === 'entity.parse.failed') {
    return { success: false, statusCode: 400, message: 'Request body is not valid JSON.' };
  }
  return { success: false, statusCode: HttpStatus.INTERNAL_SERVER_ERROR, message: 'Something went wrong. Please try again.' };
}
