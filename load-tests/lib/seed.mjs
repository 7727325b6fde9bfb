// Seeds signed-in players for load tests straight into Postgres: users, wallets funded through ONE balanced
// journal entry (so the ledger still reconciles), sessions, and access tokens signed with the deployment's
// JWT_SECRET. For test deployments only.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { argon2id, hash } from 'argon2';
import pg from 'pg';

/** The service's name (the tokens' issuer) and the password hash parameters, as the server reads them. */
const identity = JSON.parse(readFileSync(new URL('../../libs/config/src/identity.json', import.meta.url), 'utf8'));

/** Load-test players all share this password (they sign in with minted tokens; the password is for manual checks). */
export const LOAD_TEST_PASSWORD = 'load-test-1';

const b64url = (value) => Buffer.from(value).toString('base64url');

/** An HS256 access token the api accepts (the service's issuer), as AccessTokenService signs them. */
export function signAccessToken({ userId, sessionId, role = 'user', secret, ttlSeconds = 900 }) {
  const now = Math.floor(Date.now() / 1000);
  const header = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = b64url(
    JSON.stringify({ sub: userId, role, sid: sessionId, iat: now, exp: now + ttlSeconds, iss: identity.serviceName }),
  );
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

/**
 * Creates `count` players with `mainPaise` each. Returns [{ id, email, token }]. The api refuses an access token
 * that lives longer than its ACCESS_TOKEN_TTL_SECONDS (900 s by default): pass the deployment's value as
 * `ttlSeconds` (the bench runs its stack with a longer one).
 */
export async function seedPlayers({
  databaseUrl,
  count,
  mainPaise = 10_000_000,
  jwtSecret,
  chunk = 5000,
  ttlSeconds = 900,
}) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const run = randomBytes(3).toString('hex');
  const passwordHash = await hash(LOAD_TEST_PASSWORD, { type: argon2id, ...identity.passwordHash });
  const players = [];
  try {
    for (let offset = 0; offset < count; offset += chunk) {
      const n = Math.min(chunk, count - offset);
      const ids = Array.from({ length: n }, () => randomUUID());
      const sessions = Array.from({ length: n }, () => randomUUID());
      const emails = ids.map((_, i) => `load.${run}.${offset + i}@gmail.com`);
      await client.query('BEGIN');
      await client.query(
        `INSERT INTO users (id, username, email, password_hash, referral_code)
         SELECT u.id, 'load_' || $6 || '_' || ($5::int + u.n::int), u.email, $3, upper($4 || to_hex($5::int + u.n::int))
         FROM unnest($1::uuid[], $2::text[]) WITH ORDINALITY AS u(id, email, n)`,
        // Referral codes and usernames unique by construction (the run's random prefix and the player's number).
        [ids, emails, passwordHash, `L${run}`, offset, run],
      );
      await client.query(`INSERT INTO wallets (user_id, is_active) SELECT unnest($1::uuid[]), true`, [ids]);
      await client.query(
        `INSERT INTO sessions (id, user_id, expires_at) SELECT * FROM unnest($1::uuid[], $2::uuid[]), LATERAL (SELECT now() + interval '1 day') e`,
        [sessions, ids],
      );
      const { rows } = await client.query(
        `INSERT INTO events (type, stream, payload) VALUES ('LoadTestFunding', 'load-test', $1) RETURNING seq`,
        [JSON.stringify({ players: n, each: mainPaise })],
      );
      const seq = rows[0].seq;
      // One journal entry: clearing:deposits pays every player's main balance.
      await client.query(
        `INSERT INTO ledger_postings (event_seq, account, amount)
         SELECT $1::bigint, 'clearing:deposits', -($3::bigint * cardinality($2::uuid[]))
         UNION ALL SELECT $1::bigint, 'user:' || id || ':main', $3::bigint FROM unnest($2::uuid[]) AS id`,
        [seq, ids, mainPaise],
      );
      await client.query(`UPDATE wallets SET main = main + $2 WHERE user_id = ANY($1::uuid[])`, [ids, mainPaise]);
      await client.query('COMMIT');
      for (let i = 0; i < n; i++) {
        players.push({
          id: ids[i],
          email: emails[i],
          token: signAccessToken({ userId: ids[i], sessionId: sessions[i], secret: jwtSecret, ttlSeconds }),
        });
      }
    }
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
  return players;
}
