/** True when a Postgres error is a violation of the named unique constraint or index. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: unknown; constraint?: unknown } | null;
  return !!e && e.code === '23505' && e.constraint === constraint;
}

/** True when a Postgres error is a violation of the named CHECK constraint. */
export function isCheckViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: unknown; constraint?: unknown } | null;
  return !!e && e.code === '23514' && e.constraint === constraint;
}
