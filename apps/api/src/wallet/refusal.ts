import { HttpException } from '@nestjs/common';

/** A decider's refusal as the HTTP error the client reads: the status its code maps to, the message, per-field errors. */
export function refusalException<Code extends string>(
  statuses: Readonly<Record<Code, number>>,
  refusal: {
    readonly data: {
      readonly code: Code;
      readonly message: string;
      readonly errors?: Readonly<Record<string, string>>;
    };
  },
): HttpException {
  const { code, message, errors } = refusal.data;
  return new HttpException(errors ? { message, errors } : message, statuses[code]);
}
