import type { ApiSuccess } from '@app/contracts';

/** Wraps a payload in the success envelope. */
export function ok<T>(data: T, message?: string): ApiSuccess<T> {
  return message === undefined ? { success: true, data } : { success: true, message, data };
}
