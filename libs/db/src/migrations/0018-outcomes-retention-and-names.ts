import { sql, type Kysely } from 'kysely';
import { loadUsernameSkeleton } from '@app/domain';

/** Users read and written per statement while their skeletons are filled in. */
const PAGE = 5_000;

/**
 * Two changes:
 *
 * - bet_outcomes is kept 7 days (the round engine's workers delete older answers in batches, oldest first): an index
 *   on created_at makes each batch a short range scan instead of a read of the whole table. On a large live database,
 *   build it beforehand with `CREATE INDEX CONCURRENTLY bet_outcomes_created_at_idx ON bet_outcomes (created_at)`; this
 *   migration then leaves it as it is.
 *
 * - Usernames are unique on their confusable skeleton (usernameSkeleton of @app/domain: `bοss` with a Greek omicron,
 *   `b0ss` and `boss` + U+034F all look like `boss`). The skeleton is computed by the application (the Unicode
 *   confusables table is not the database's), stored in users.username_skeleton when a name is registered or changed,
 *   and UNIQUE, so two accounts racing for look-alike names cannot both win (23505). Existing accounts get theirs here:
 *   within each skeleton the earliest account (created_at, then id) keeps its name, and every later one becomes its name
 *   (cut to 21 characters, trailing spaces dropped) + '-' + the first 8 hex digits of its id, as 0009 did for case.
 *   Rows written by other paths later (fixtures, seeding scripts) may leave it null: they are outside the rule.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS bet_outcomes_created_at_idx ON bet_outcomes (created_at)`.execute(db);

  await sql`ALTER TABLE users ADD COLUMN username_skeleton text`.execute(db);
  const skeleton = await loadUsernameSkeleton();
  const held = new Set<string>();
  // Pages in (created_at, id) order; the cursor keeps the timestamp as Postgres' text (microseconds, which a Date drops).
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const { rows }: { rows: Array<{ id: string; username: string; at: string }> } = await sql<{
      id: string;
      username: string;
      at: string;
    }>`
      SELECT id, username, created_at::text AS at FROM users
      ${after ? sql`WHERE (created_at, id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
      ORDER BY created_at, id
      LIMIT ${PAGE}
    `.execute(db);
    if (rows.length === 0) break;
    after = rows.at(-1)!;
    const ids: string[] = [];
    const names: string[] = [];
    const skeletons: Array<string | null> = [];
    for (const row of rows) {
      let name = row.username;
      let key: string | null = skeleton(name);
      if (held.has(key)) {
        name = `${Array.from(row.username).slice(0, 21).join('').trimEnd()}-${row.id.replace(/-/g, '').slice(0, 8)}`;
        key = skeleton(name);
        // (Another renamed account could only hold it with the same 8 hex digits of its id: it keeps no skeleton.)
        if (held.has(key)) key = null;
      }
      if (key !== null) held.add(key);
      ids.push(row.id);
      names.push(name);
      skeletons.push(key);
    }
    await sql`
      UPDATE users u
      SET username_skeleton = k.skeleton,
          username = k.username,
          updated_at = CASE WHEN u.username = k.username THEN u.updated_at ELSE now() END
      FROM unnest(${ids}::uuid[], ${names}::text[], ${skeletons}::text[]) AS k(id, username, skeleton)
      WHERE u.id = k.id
    `.execute(db);
  }
  await sql`CREATE UNIQUE INDEX users_username_skeleton_key ON users (username_skeleton)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS users_username_skeleton_key`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS username_skeleton`.execute(db);
  await sql`DROP INDEX IF EXISTS bet_outcomes_created_at_idx`.execute(db);
}
