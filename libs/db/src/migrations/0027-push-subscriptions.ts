import { sql, type Kysely } from 'kysely';

/**
 * Web push subscriptions (docs/app-shell.md, "Push"): a browser's endpoint and keys, given by a player who allowed
 * notifications. An endpoint belongs to one player at a time (the latest to subscribe from that browser); a player may
 * have several browsers. Deleted when the player turns push off or the push service says the endpoint is gone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE push_subscriptions (
      endpoint text PRIMARY KEY CHECK (char_length(endpoint) BETWEEN 10 AND 2000 AND endpoint LIKE 'https://%'),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      p256dh text NOT NULL CHECK (p256dh ~ '^[A-Za-z0-9_-]{80,100}$'),
      auth text NOT NULL CHECK (auth ~ '^[A-Za-z0-9_-]{16,32}$'),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id);
    GRANT SELECT, INSERT, UPDATE, DELETE ON push_subscriptions TO winround_api;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE push_subscriptions`.execute(db);
}
