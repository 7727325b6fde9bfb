import { jest } from '@jest/globals';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BOOT_SCRIPT_CSP_SOURCE, inlineScriptSources } from '../web/boot-script.js';
import { createTestDatabase, type TestDatabase } from '@app/db/testing';
import { deleteRedisPrefix, TEST_REDIS_URL, testRedisPrefix } from '@app/redis/testing';

jest.setTimeout(120_000);

const ROOT = resolve(process.cwd());
const API_MAIN = join(ROOT, 'dist/apps/api/src/main.js');
const ENGINE_MAIN = join(ROOT, 'dist/apps/round-engine/src/main.js');
const WEB_DIST = join(ROOT, 'dist/web');

/** A production environment with every required variable (tests remove one at a time). */
const PRODUCTION: Record<string, string> = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  JWT_SECRET: 'production-test-secret-0123456789abcdef',
  API_KEY: 'production-test-api-key',
  ADMIN_EMAIL: 'operator@gmail.com',
  ADMIN_PASSWORD: 'operator-password-42',
  // A fresh database's super-admin has no second factor yet: production starts only with the waiver (tested below).
  ADMIN_2FA_WAIVED: 'true',
  LOG_LEVEL: 'warn',
};

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/** Runs a built process to its exit (a configuration refusal ends it at once). */
function runToExit(
  main: string,
  env: Record<string, string>,
): { status: number | null; stderr: string; stdout: string } {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) =>
        !(k in PRODUCTION) &&
        ![
          'PORT',
          'METRICS_PORT',
          'API_DOCS',
          'DATABASE_URL',
          'REDIS_URL',
          'REDIS_PREFIX',
          'WEB_DIST',
          'WEB_ORIGIN',
          'FAIRNESS_KEY',
          'FAIRNESS_BEACON',
          'DRAND_URLS',
          'DRAND_CHAIN_HASH',
          'DRAND_PUBLIC_KEY',
        ].includes(k),
    ),
  );
  const result = spawnSync(process.execPath, [main], { env: { ...clean, ...env }, encoding: 'utf8', timeout: 30_000 });
  return { status: result.status, stderr: result.stderr.trim(), stdout: result.stdout.trim() };
}

describe('production posture', () => {
  beforeAll(() => {
    for (const file of [API_MAIN, ENGINE_MAIN, join(WEB_DIST, 'index.html')]) {
      if (!existsSync(file))
        throw new Error(`${file} is missing: run \`npm run build\` first (this suite starts the built processes)`);
    }
  });

  describe('refuses to start without its secrets, with one clear line', () => {
    const cases: Array<[string, Record<string, string>, RegExp]> = [
      [
        'SMTP_URL',
        { SMTP_URL: '' },
        /^Invalid configuration: SMTP_URL is required in production: players receive their one-time codes by e-mail$/,
      ],
      ['JWT_SECRET', { JWT_SECRET: '' }, /^Invalid configuration: JWT_SECRET is required in production/],
      ['API_KEY', { API_KEY: '' }, /^Invalid configuration: API_KEY must be set in production/],
      ['ADMIN_PASSWORD', { ADMIN_PASSWORD: '' }, /^Invalid configuration: ADMIN_PASSWORD is required in production/],
      ['ADMIN_EMAIL', { ADMIN_EMAIL: '' }, /^Invalid configuration: ADMIN_EMAIL is required in production/],
      [
        'the development admin password',
        { ADMIN_PASSWORD: 'admin12345' },
        /^Invalid configuration: ADMIN_PASSWORD must not be the development password/,
      ],
      [
        'the development API key',
        { API_KEY: 'dev-api-key' },
        /^Invalid configuration: API_KEY must be set in production/,
      ],
    ];
    for (const main of [API_MAIN, ENGINE_MAIN]) {
      it.each(cases)(
        `${main.includes('round-engine') ? 'round engine' : 'api'}: without %s`,
        (_name, change, message) => {
          const env = Object.fromEntries(Object.entries({ ...PRODUCTION, ...change }).filter(([, v]) => v !== ''));
          const result = runToExit(main, env);
          expect({ status: result.status, lines: result.stderr.split('\n').length, stdout: result.stdout }).toEqual({
            status: 1,
            lines: 1,
            stdout: '',
          });
          expect(result.stderr).toMatch(message);
        },
      );
    }

    // The fairness secrets: only round engines hold the sealing key, and an engine names the beacon it mixes in.
    const KEY = 'ab'.repeat(32);
    it.each<[string, string, Record<string, string>, RegExp]>([
      [
        'round engine',
        'without FAIRNESS_KEY',
        {},
        /^Invalid configuration: FAIRNESS_KEY is required by a round engine in production/,
      ],
      [
        'round engine',
        'without DRAND_URLS',
        { FAIRNESS_KEY: KEY },
        /^Invalid configuration: DRAND_URLS is required with FAIRNESS_BEACON=drand/,
      ],
      [
        'round engine',
        'without DRAND_PUBLIC_KEY',
        { FAIRNESS_KEY: KEY, DRAND_URLS: 'https://api.drand.sh', DRAND_CHAIN_HASH: 'cd'.repeat(32) },
        /^Invalid configuration: DRAND_PUBLIC_KEY is required/,
      ],
      [
        'api',
        'given FAIRNESS_KEY',
        { FAIRNESS_KEY: KEY },
        /^Invalid configuration: FAIRNESS_KEY must not be given to an api node/,
      ],
    ])('%s: %s', (which, _name, extra, message) => {
      const result = runToExit(which === 'api' ? API_MAIN : ENGINE_MAIN, { ...PRODUCTION, ...extra });
      expect({ status: result.status, lines: result.stderr.split('\n').length, stdout: result.stdout }).toEqual({
        status: 1,
        lines: 1,
        stdout: '',
      });
      expect(result.stderr).toMatch(message);
    });
  });

  describe('a production api node', () => {
    let database: TestDatabase;
    const prefix = testRedisPrefix();
    let api: ChildProcess;
    let port: number;
    let metricsPort: number;
    let logs = '';

    async function start(extra: Record<string, string> = {}): Promise<void> {
      port = await freePort();
      metricsPort = await freePort();
      logs = '';
      api = spawn(process.execPath, [API_MAIN], {
        env: {
          ...process.env,
          ...PRODUCTION,
          DATABASE_URL: database.apiUrl,
          DATABASE_POOLER: database.pooler,
          REDIS_URL: TEST_REDIS_URL,
          REDIS_PREFIX: prefix,
          PORT: String(port),
          METRICS_PORT: String(metricsPort),
          WEB_DIST,
          WEB_ORIGIN: 'https://play.winround.example',
          ...extra,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      api.stdout!.on('data', (d) => (logs += String(d)));
      api.stderr!.on('data', (d) => (logs += String(d)));
      const deadline = Date.now() + 60_000;
      for (;;) {
        if (api.exitCode !== null) throw new Error(`the api exited (${api.exitCode}):\n${logs}`);
        try {
          if ((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok) return;
        } catch {
          /* not up yet */
        }
        if (Date.now() > deadline) throw new Error(`the api did not become healthy:\n${logs}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    async function stop(): Promise<void> {
      if (!api || api.exitCode !== null) return;
      await new Promise<void>((done) => {
        api.once('exit', () => done());
        api.kill('SIGTERM');
      });
    }
    const get = (path: string, at = port) =>
      fetch(`http://127.0.0.1:${at}${path}`, { headers: { 'x-api-key': PRODUCTION.API_KEY } });

    beforeAll(async () => {
      database = await createTestDatabase();
      await start();
    });
    afterAll(async () => {
      await stop();
      await database?.drop();
      await deleteRedisPrefix(prefix);
    });

    it('refuses to start while a super-admin has no second factor (without ADMIN_2FA_WAIVED), with one clear line', () => {
      const unwaived = Object.fromEntries(Object.entries(PRODUCTION).filter(([k]) => k !== 'ADMIN_2FA_WAIVED'));
      const result = runToExit(API_MAIN, {
        ...unwaived,
        DATABASE_URL: database.apiUrl,
        DATABASE_POOLER: database.pooler,
        REDIS_URL: TEST_REDIS_URL,
        REDIS_PREFIX: prefix,
        PORT: '0',
      });
      expect({ status: result.status, lines: result.stderr.split('\n').length }).toEqual({ status: 1, lines: 1 });
      expect(result.stderr).toMatch(
        /^Refusing to start: super-admin operator@gmail\.com has no second factor enrolled\. Set ADMIN_2FA_WAIVED=true for one start/,
      );
    });

    it('serves no API documentation', async () => {
      expect((await get('/api/docs')).status).toBe(404);
      expect((await get('/api/docs-json')).status).toBe(404);
    });

    it('serves /metrics on METRICS_PORT only, not on the public port', async () => {
      const metrics = await get('/metrics', metricsPort);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain('wr_http_request_duration_seconds');
      const publicMetrics = await get('/metrics');
      expect(publicMetrics.status).toBe(404);
      expect(await publicMetrics.text()).not.toContain('process_cpu');
      // The operations port answers nothing else.
      expect((await get('/api/v1/app-config', metricsPort)).status).toBe(404);
    });

    it("limits the page's connections to its own origin and the configured ones", async () => {
      const page = await get('/');
      expect(page.status).toBe(200);
      const csp = page.headers.get('content-security-policy') ?? '';
      const connect = /(?:^|;)\s*connect-src ([^;]*)/.exec(csp)?.[1]?.trim().split(/\s+/);
      expect(connect).toEqual(["'self'", 'https://play.winround.example', 'wss://play.winround.example']);
    });

    it("sends a browser the brotli copy of the build's files, though it lists gzip first; gzip to a gzip-only client", async () => {
      const script = readdirSync(join(WEB_DIST, 'assets')).find((f) => f.endsWith('.js'))!;
      const asking = (encodings: string) =>
        fetch(`http://127.0.0.1:${port}/assets/${script}`, { headers: { 'accept-encoding': encodings } });
      expect((await asking('gzip, deflate, br, zstd')).headers.get('content-encoding')).toBe('br');
      expect((await asking('gzip, deflate')).headers.get('content-encoding')).toBe('gzip');
      expect((await asking('gzip, br;q=0')).headers.get('content-encoding')).toBe('gzip');
      const page = await fetch(`http://127.0.0.1:${port}/game`, {
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(page.headers.get('content-encoding')).toBe('br');
    });

    it("allows index.html's boot script by its hash and no other inline script", async () => {
      const page = await get('/game');
      const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(page.headers.get('content-security-policy') ?? '')?.[1];
      expect(scriptSrc?.trim().split(/\s+/)).toEqual(["'self'", BOOT_SCRIPT_CSP_SOURCE]);
      expect(inlineScriptSources(await page.text())).toEqual([BOOT_SCRIPT_CSP_SOURCE]);
    });

    it('does not serve the web source maps, and the bundles do not point at them', async () => {
      const assets = readdirSync(join(WEB_DIST, 'assets'));
      const scripts = assets.filter((f) => f.endsWith('.js'));
      expect(scripts.length).toBeGreaterThan(0);
      const pointing = scripts.filter((script) =>
        /sourceMappingURL/.test(readFileSync(join(WEB_DIST, 'assets', script), 'utf8')),
      );
      expect(pointing).toEqual([]);
      const served = await get(`/assets/${scripts[0]}`);
      expect(served.status).toBe(200);
      // Whether or not the build wrote a map beside the bundle, none is served.
      for (const name of [`${scripts[0]}.map`, ...assets.filter((f) => f.endsWith('.map'))]) {
        const res = await get(`/assets/${name}`);
        expect({ name, status: res.status }).toEqual({ name, status: 404 });
      }
    });

    it('serves the service worker revalidated on every check, precaching the shell and the offline page', async () => {
      const worker = await get('/sw.js');
      expect(worker.status).toBe(200);
      expect(worker.headers.get('cache-control')).toBe('no-cache');
      expect(worker.headers.get('content-type')).toMatch(/javascript/);
      const script = await worker.text();
      for (const url of ['index.html', 'offline.html']) expect(script).toContain(`"${url}"`);
      // Never the API: nothing about money is ever answered from the worker's cache.
      expect(script).not.toMatch(/["']\/?api\//);
      const offline = await get('/offline.html');
      expect(offline.status).toBe(200);
      expect(await offline.text()).toContain('You are offline');
      // The first paint needs no script: index.html carries the static shell.
      expect(await (await get('/game')).text()).toMatch(/<div id="root">\s*<div class="boot"/);
    });

    it("asks for the first screen's chunk with the page: the game's on the game, the player's on a player's other pages, the visitor's on a visitor's", async () => {
      const preloads = async (path: string) => {
        const res = await get(path);
        expect({ path, status: res.status, cache: res.headers.get('cache-control') }).toEqual({
          path,
          status: 200,
          cache: 'no-store',
        });
        return [
          ...(await res.text()).matchAll(/rel="modulepreload" crossorigin href="\/assets\/([a-z-]+)-[\w-]{8}\.js"/g),
        ]
          .map((m) => m[1])
          .filter((name) => name !== 'rolldown-runtime');
      };
      for (const path of ['/game', '/game/'])
        expect({ path, chunks: await preloads(path) }).toEqual({ path, chunks: ['screens-shared', 'game-screen'] });
      for (const path of ['/wallet', '/wallet/statement', '/profile', '/history'])
        expect({ path, chunks: await preloads(path) }).toEqual({ path, chunks: ['screens-shared', 'player-screens'] });
      for (const path of ['/', '/login', '/register', '/forgot-password', '/terms-and-conditions'])
        expect({ path, chunks: await preloads(path) }).toEqual({ path, chunks: ['screens-shared', 'public-screens'] });
      // Any other page (the console, the fairness page, an unknown address): the plain shell.
      for (const path of ['/admin/dashboard', '/fairness', '/nowhere'])
        expect({ path, chunks: await preloads(path) }).toEqual({ path, chunks: ['screens-shared'] });
    });

    it('serves the documentation again when API_DOCS=true', async () => {
      await stop();
      await start({ API_DOCS: 'true' });
      expect((await get('/api/docs-json')).status).toBe(200);
      expect((await get('/api/docs')).status).toBe(200);
    });
  });

  describe('the compose stack', () => {
    const compose = readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8');
    const SECRETS = ['POSTGRES_PASSWORD', 'API_DB_PASSWORD', 'FAIRNESS_KEY', 'API_KEY', 'JWT_SECRET', 'ADMIN_PASSWORD'];

    it('has no working default for any secret: each one is ${VAR:?message}', () => {
      for (const name of SECRETS) {
        const uses = [...compose.matchAll(new RegExp(`\\$\\{${name}(:?[-?+=])?([^}]*)\\}`, 'g'))];
        expect({ name, uses: uses.length > 0 }).toEqual({ name, uses: true });
        for (const use of uses)
          expect({ name, use: use[0] }).toEqual({
            name,
            use: expect.stringMatching(new RegExp(`^\\$\\{${name}:\\?.+\\}$`)),
          });
      }
      // No literal password or secret values either.
      expect(compose.match(/^\s*[A-Z_]*(PASSWORD|SECRET|API_KEY):[ \t]*["']?(?!\$\{)[^\s"'#]+.*$/gm)).toBeNull();
      const example = readFileSync(join(ROOT, 'deploy/env.example'), 'utf8');
      for (const name of SECRETS) expect(example).toMatch(new RegExp(`^${name}=$`, 'm'));
    });

    it('`docker-compose config` refuses to render without the secrets, naming them, and renders with them', () => {
      const dir = mkdtempSync(join(tmpdir(), 'wr-compose-'));
      try {
        const env = Object.fromEntries(
          Object.entries(process.env).filter(([k]) => !SECRETS.includes(k) && k !== 'ADMIN_EMAIL'),
        );
        const empty = join(dir, 'empty.env');
        writeFileSync(empty, '');
        const refused = spawnSync(
          'docker-compose',
          ['-f', join(ROOT, 'docker-compose.yml'), '--env-file', empty, 'config', '-q'],
          { env, encoding: 'utf8' },
        );
        expect(refused.error).toBeUndefined();
        expect(refused.status).not.toBe(0);
        expect(refused.stderr).toMatch(
          /(POSTGRES_PASSWORD|API_DB_PASSWORD|FAIRNESS_KEY|API_KEY|JWT_SECRET|ADMIN_PASSWORD|ADMIN_EMAIL).*(set|required)/i,
        );
        const rendered = spawnSync(
          'docker-compose',
          ['-f', join(ROOT, 'docker-compose.yml'), '--env-file', join(ROOT, '.ci/compose.env'), 'config'],
          { env, encoding: 'utf8' },
        );
        expect(rendered.stderr).toBe('');
        expect(rendered.status).toBe(0);
        // Every api node serves its metrics on the operations port, which Prometheus scrapes.
        expect(rendered.stdout).toMatch(/METRICS_PORT: '9464'/);
        // Api nodes connect as the api's own role and never get the fairness key; engines as the owner, with it.
        const services = rendered.stdout.split(/\n {2}(?=[a-z][\w-]*:\n)/);
        const service = (name: string) => services.find((block) => block.startsWith(`${name}:\n`)) ?? '';
        for (const api of ['api-1', 'api-2']) {
          expect(service(api)).toMatch(/DATABASE_URL: postgres:\/\/winround_api:/);
          expect(service(api)).not.toMatch(/FAIRNESS_KEY/);
        }
        for (const engine of ['round-engine', 'round-engine-standby']) {
          expect(service(engine)).toMatch(/DATABASE_URL: postgres:\/\/winround:/);
          expect(service(engine)).toMatch(/FAIRNESS_KEY: /);
          expect(service(engine)).toMatch(
            /DRAND_CHAIN_HASH: 52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971/,
          );
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      const prometheus = readFileSync(join(ROOT, 'deploy/prometheus/prometheus.yml'), 'utf8');
      expect(prometheus).toContain('"api-1:9464", "api-2:9464"');
    });
  });
});
