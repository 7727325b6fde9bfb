import { toApiError } from '../common/http-exception.filter.js';

export interface Refusal {
  status: number;
  message: string;
  errors?: Record<string, string>;
}

/** The error envelope a client would receive for a use case that refuses (fails the test when it does not). */
export async function refusal(promise: Promise<unknown>): Promise<Refusal> {
  const error = await promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: unknown) => e,
  );
  const { statusCode, message, errors } = toApiError(error);
  return { status: statusCode, message, ...(errors ? { errors } : {}) };
}
