import { argon2id, hash } from 'argon2';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { DEV_API_KEY } from '../../../../libs/contracts/src/envelope.js';

/** A player of the game suite: seeded as a verified user, funded through a real deposit and its approval. */
export interface GamePlayer {
  id: string;
  username: string;
  email: string;
  password: string;
}

const API_KEY = process.env.VITE_API_KEY || DEV_API_KEY;
const ADMIN = { email: 'superadmin@gmail.com', password: 'admin12345' };

/** A verified player with an empty wallet, written into the stack's database as the server stores one. */
export async function seedGamePlayer(databaseUrl: string, password = 'player123'): Promise<GamePlayer> {
  const tag = randomBytes(4).toString('hex');
  const username = `gamer${tag}`;
  const email = `gamer.${tag}@gmail.com`;
  const passwordHash = await hash(password, { type: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO users (username, email, password_hash, role, referral_code, verified, status, date_of_birth)
       VALUES ($1, $2, $3, 'user', $4, true, 'active', '1990-01-01') RETURNING id`,
      [username, email, passwordHash, `G${tag.toUpperCase()}`],
    );
    await client.query('INSERT INTO wallets (user_id) VALUES ($1)', [rows[0]!.id]);
    // The one-time 'Set your limits' step was offered already (the play-safely walk asks for a player who has not seen it).
    await client.query('INSERT INTO player_play_settings (user_id, limits_offered_at) VALUES ($1, now())', [
      rows[0]!.id,
    ]);
    // An adult with a verified identity (a fixture, not a sealed number): money can move as the suites expect.
    await client.query(
      `INSERT INTO identity_checks (user_id, status, full_name, document_type, document_sealed, key_id, document_masked, document_digest, decided_at)
       VALUES ($1, 'verified', 'Test Player', 'PAN', 'e2e-fixture-not-sealed', '0000000000000000', 'XXXXX0000T', md5(random()::text) || md5(random()::text), now())`,
      [rows[0]!.id],
    );
    return { id: rows[0]!.id, username, email, password };
  } finally {
    await client.end();
  }
}

async function call<T>(baseUrl: string, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      'x-api-key': API_KEY,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json().catch(() => null)) as { data?: T; message?: string } | null;
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${json?.message ?? ''}`);
  return json?.data as T;
}

async function accessToken(baseUrl: string, email: string, password: string): Promise<string> {
  const data = await call<{ accessToken: string }>(baseUrl, 'POST', '/auth/login', { email, password });
  return data.accessToken;
}

function newUtr(): string {
  return `5${[...randomBytes(11)].map((b) => String(b % 10)).join('')}`;
}

/**
 * Funds players the way money really arrives: each asks for a UPI deposit with a fresh UTR, and the super-admin
 * approves it, so every rupee is in the ledger.
 */
export async function fundPlayers(baseUrl: string, players: GamePlayer[], rupees: number): Promise<void> {
  const utrs: string[] = [];
  for (const player of players) {
    const token = await accessToken(baseUrl, player.email, player.password);
    const utr = newUtr();
    await call(
      baseUrl,
      'POST',
      '/payment/deposit',
      { method: 'UPI', amount: rupees, utrNumber: utr, upiApp: 'GOOGLE_PAY' },
      token,
    );
    utrs.push(utr);
  }
  const admin = await accessToken(baseUrl, ADMIN.email, ADMIN.password);
  const { pendingDeposits } = await call<{
    pendingDeposits: { walletId: string; deposit: { transactionId: string; utrNumber?: string } }[];
  }>(baseUrl, 'GET', '/admin/pending-deposits', undefined, admin);
  for (const utr of utrs) {
    const entry = pendingDeposits.find((d) => d.deposit.utrNumber === utr);
    if (!entry) throw new Error(`deposit ${utr} is not pending`);
    await call(
      baseUrl,
      'PUT',
      '/admin/update-transaction-status',
      {
        walletId: entry.walletId,
        transactionId: entry.deposit.transactionId,
        status: 'COMPLETED',
      },
      admin,
    );
  }
}
