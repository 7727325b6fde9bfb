import { hash, argon2id } from 'argon2';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface SeededPlayer {
  id: string;
  walletId: string;
  username: string;
  email: string;
  password: string;
}

async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A verified player with an empty, inactive wallet, written straight into the stack's database: a `users` row
 * (argon2id password hash, as the server stores it) and a `wallets` row.
 */
export async function seedPlayer(
  databaseUrl: string,
  password = 'player123',
  options: { limitsOffered?: boolean } = {},
): Promise<SeededPlayer> {
  const tag = randomBytes(4).toString('hex');
  const username = `payer${tag}`;
  const email = `payer.${tag}@gmail.com`;
  const passwordHash = await hash(password, { type: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  return withClient(databaseUrl, async (client) => {
    const user = await client.query<{ id: string }>(
      `INSERT INTO users (username, email, password_hash, role, referral_code, verified, status, date_of_birth)
       VALUES ($1, $2, $3, 'user', $4, true, 'active', '1990-01-01') RETURNING id`,
      [username, email, passwordHash, `E2E${tag.toUpperCase()}`],
    );
    const id = user.rows[0].id;
    const wallet = await client.query<{ id: string }>(`INSERT INTO wallets (user_id) VALUES ($1) RETURNING id`, [id]);
    // The one-time 'Set your limits' step was offered already, unless the test walks it.
    if (options.limitsOffered !== false)
      await client.query('INSERT INTO player_play_settings (user_id, limits_offered_at) VALUES ($1, now())', [id]);
    // An adult with a verified identity (a fixture, not a sealed number): money can move as the suites expect.
    await client.query(
      `INSERT INTO identity_checks (user_id, status, full_name, document_type, document_sealed, key_id, document_masked, document_digest, decided_at)
       VALUES ($1, 'verified', 'Test Player', 'PAN', 'e2e-fixture-not-sealed', '0000000000000000', 'XXXXX0000T', md5(random()::text) || md5(random()::text), now())`,
      [id],
    );
    return { id, walletId: wallet.rows[0].id, username, email, password };
  });
}

/** The wallet as Postgres holds it (paise), for the checks an operator would make. */
export async function walletRow(
  databaseUrl: string,
  userId: string,
): Promise<{ main: number; bonus: number; isActive: boolean }> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ main: string; bonus: string; is_active: boolean }>(
      'SELECT main, bonus, is_active FROM wallets WHERE user_id = $1',
      [userId],
    );
    return { main: Number(rows[0].main), bonus: Number(rows[0].bonus), isActive: rows[0].is_active };
  });
}

/** A fresh 12-digit UPI UTR (a UTR is held by one pending or approved claim at a time). */
export function newUtr(): string {
  const digits = [...randomBytes(12)].map((b) => String(b % 10)).join('');
  return `4${digits.slice(1)}`;
}
