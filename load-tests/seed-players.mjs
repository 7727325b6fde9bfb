#!/usr/bin/env node
// Seeds load-test players into a TEST deployment's database and writes their tokens where the k6 script reads them
// by default (load-tests/k6/players.json; k6 resolves open() against the script's directory).
//   DATABASE_URL=postgres://… JWT_SECRET=… node load-tests/seed-players.mjs --count 5000 [--out file] [--ttl-seconds 900]
// The tokens live --ttl-seconds (the deployment's ACCESS_TOKEN_TTL_SECONDS, 900 by default; the api refuses a
// longer-lived one): seed shortly before the run, or run the test deployment with a longer ACCESS_TOKEN_TTL_SECONDS.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEFAULT_PLAYERS_FILE } from './lib/k6-session.js';
import { seedPlayers } from './lib/seed.mjs';

/** Where k6/bets.js opens its players by default. */
export const DEFAULT_OUT = fileURLToPath(new URL(`./k6/${DEFAULT_PLAYERS_FILE}`, import.meta.url));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const arg = (name, fallback) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
  const databaseUrl = process.env.DATABASE_URL;
  const jwtSecret = process.env.JWT_SECRET;
  if (!databaseUrl || !jwtSecret) {
    console.error('Set DATABASE_URL and JWT_SECRET of the deployment under test.');
    process.exit(2);
  }
  const out = arg('out', DEFAULT_OUT);
  const players = await seedPlayers({
    databaseUrl,
    jwtSecret,
    count: Number(arg('count', '1000')),
    mainPaise: Number(arg('main-rupees', '100000')) * 100,
    ttlSeconds: Number(arg('ttl-seconds', '900')),
  });
  writeFileSync(out, JSON.stringify(players.map(({ id, token }) => ({ id, token }))));
  console.log(`${players.length} players written to ${out}`);
}
