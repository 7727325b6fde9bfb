import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';

function flatten(errors: ValidationError[], parent = ''): Array<[string, string]> {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((m) => [path, m] as [string, string]);
    return [...own, ...flatten(error.children ?? [], path)];
  });
}

/**
 * The global validation pipe: unknown fields are rejected, payloads transformed to DTO classes, and the
 * error body carries the first message (DTOs use the spec's texts) plus a per-field map.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => {
      const pairs = flatten(errors);
      const fields: Record<string, string> = {};
      for (const [field, message] of pairs)
        fields[field] ??= message.replace(/^property (\S+) should not exist$/, 'Unknown field: $1');
      const first = pairs[0]?.[1] ?? 'Invalid request.';
      const message = /^property (\S+) should not exist$/.test(first)
        ? first.replace(/^property (\S+) should not exist$/, 'Unknown field: $1')
        : first;
      return new BadRequestException({ message, errors: fields });
    },
  });
}
