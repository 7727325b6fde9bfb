/** A UUID in its canonical text form (any version, lower-case): how Postgres prints one and the ids the code holds. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether `text` is a UUID in any letter case (what Postgres accepts as a `uuid`): checked before it reaches a query. */
export function isUuid(text: string): boolean {
  return UUID_PATTERN.test(text.toLowerCase());
}
