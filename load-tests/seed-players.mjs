#!/usr/bin/env node
// Seeds load-test players into a TEST deployment's database and writes their tokens for k6.
//   DATABASE_URL=postgres://… JWT_SECRET=… node load-tests/seed-players.mjs --count 5000 --out players.json
import { writeFileSync } from 'node:fs';
import { seedPlayers } from './lib/seed.mjs';

const args = process.argv.slice(2);
const arg = (name, fallback) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const databaseUrl = process.env.DATABASE_URL;
const jwtSecret = process.env.JWT_SECRET;
if (!databaseUrl || !jwtSecret) {
  console.error('Set DATABASE_URL and JWT_SECRET of the deployment under test.');
  process.exit(2);
}
const players = await seedPlayers({ databaseUrl, jwtSecret, count: Number(arg('count', '1000')), mainPaise: Number(arg('main-rupees', '100000')) * 100 });
writeFileSync(arg('out', 'players.json'), JSON.stringify(players.map(({ id, token }) => ({ id, token }))));
console.log(`${players.length} players written to ${arg('out', 'players.json')}`);
