// The compose stack's nginx configuration (deploy/nginx/default.conf) run by a real nginx against a real upstream:
// precompressed assets (.br for clients that accept brotli, .gz otherwise), gzip on the fly for the rest and for
// the api's answers. Only the container specifics change: the listen port, the web root, the upstream address
// (127.0.0.1 instead of the compose service names resolved through Docker's DNS).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, get, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { ROOT } from './checks.mjs';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

function free(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

function request(
  port: number,
  path: string,
  acceptEncoding?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(
      { host: '127.0.0.1', port, path, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    ).on('error', reject);
  });
}

describe('nginx of the compose stack compresses what it serves', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wr-nginx-'));
  const html = join(dir, 'html');
  const app = `${'export const greeting = "namaste";\n'.repeat(400)}`;
  const css = `${'.card { color: #111827; background: #f9fafb; }\n'.repeat(300)}`;
  const json = JSON.stringify({
    success: true,
    data: Array.from({ length: 200 }, (_, i) => ({ period: `2026112300${i}`, result: i % 10 })),
  });
  let nginx: ChildProcess;
  let upstream: Server;
  let port: number;

  beforeAll(async () => {
    expect(spawnSync(NGINX, ['-v']).status).toBe(0);
    // nginx's workers run as an unprivileged user: the web root must be readable by them.
    chmodSync(dir, 0o755);
    mkdirSync(join(html, 'assets'), { recursive: true });
    writeFileSync(join(html, 'index.html'), `<!doctype html><title>WinRound</title>${'<p>play</p>'.repeat(200)}`);
    writeFileSync(
      join(html, 'index.visitor.html'),
      `<!doctype html><title>WinRound</title><p>visitor</p>${'<p>play</p>'.repeat(200)}`,
    );
    writeFileSync(
      join(html, 'index.player.html'),
      `<!doctype html><title>WinRound</title><p>player</p>${'<p>play</p>'.repeat(200)}`,
    );
    writeFileSync(
      join(html, 'index.game.html'),
      `<!doctype html><title>WinRound</title><p>game</p>${'<p>play</p>'.repeat(200)}`,
    );
    writeFileSync(join(html, 'assets/app-1a2b.js'), app);
    writeFileSync(join(html, 'assets/app-1a2b.js.br'), brotliCompressSync(app));
    writeFileSync(join(html, 'assets/app-1a2b.js.gz'), gzipSync(app, { level: 9 }));
    writeFileSync(join(html, 'assets/site-3c4d.css'), css);
    upstream = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.end(json);
    });
    const apiPort = await free();
    await new Promise<void>((r) => upstream.listen(apiPort, '127.0.0.1', () => r()));
    port = await free();
    const site = readFileSync(join(ROOT, 'deploy/nginx/default.conf'), 'utf8')
      .replace(/^resolver .*$/m, '')
      .replace(/server api-\d:3000 ([^;]*?) resolve;/g, `server 127.0.0.1:${apiPort} $1;`)
      .replace('listen 80;', `listen 127.0.0.1:${port};`)
      .replace('root /usr/share/nginx/html;', `root ${html};`);
    writeFileSync(
      join(dir, 'nginx.conf'),
      `daemon off;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;\nevents {}\nhttp {\ninclude /etc/nginx/mime.types;\ndefault_type application/octet-stream;\naccess_log off;\nclient_body_temp_path ${dir}/body;\nproxy_temp_path ${dir}/proxy;\nfastcgi_temp_path ${dir}/fastcgi;\nuwsgi_temp_path ${dir}/uwsgi;\nscgi_temp_path ${dir}/scgi;\n${site}\n}\n`,
    );
    const test = spawnSync(NGINX, ['-t', '-p', dir, '-c', join(dir, 'nginx.conf')], { encoding: 'utf8' });
    expect(test.stderr).toContain('syntax is ok');
    nginx = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'ignore' });
    for (let i = 0; i < 50; i++) {
      if (
        await request(port, '/healthz').then(
          (r) => r.status === 200,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 100));
    }
  });
  afterAll(async () => {
    nginx?.kill('SIGTERM');
    await new Promise((r) => upstream?.close(r));
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the precompressed brotli asset to a client that accepts br, with the type of the original', async () => {
    const res = await request(port, '/assets/app-1a2b.js', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^application\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers.vary)).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(res.body).toString()).toBe(app);
  });

  it('serves the precompressed .gz to a gzip-only client, and the plain file to one that accepts neither', async () => {
    const gz = await request(port, '/assets/app-1a2b.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.equals(readFileSync(join(html, 'assets/app-1a2b.js.gz')))).toBe(true);
    const plain = await request(port, '/assets/app-1a2b.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(app);
  });

  it('gzips on the fly what has no precompressed copy: assets, the page and the api answers', async () => {
    for (const [path, original] of [
      ['/assets/site-3c4d.css', css],
      ['/api/v1/rounds/history', json],
    ] as const) {
      const res = await request(port, path, 'gzip, br');
      expect([path, res.status, res.headers['content-encoding']]).toEqual([path, 200, 'gzip']);
      expect(gunzipSync(res.body).toString()).toBe(original);
    }
    const page = await request(port, '/game', 'gzip');
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.body).toString()).toContain('<title>WinRound</title>');
  });

  it("serves a player's, the game's and a visitor's first pages with their screens asked for, the plain shell elsewhere", async () => {
    const shell = async (path: string) => {
      const res = await request(port, path);
      expect({ path, status: res.status, csp: Boolean(res.headers['content-security-policy']) }).toEqual({
        path,
        status: 200,
        csp: true,
      });
      return /<p>(visitor|player|game)<\/p>/.exec(res.body.toString())?.[1] ?? 'plain';
    };
    for (const path of ['/', '/login', '/register/', '/terms-and-conditions'])
      expect([path, await shell(path)]).toEqual([path, 'visitor']);
    for (const path of ['/game', '/game/']) expect([path, await shell(path)]).toEqual([path, 'game']);
    for (const path of ['/wallet/statement', '/profile/abc', '/history'])
      expect([path, await shell(path)]).toEqual([path, 'player']);
    for (const path of ['/fairness', '/admin/dashboard', '/gamex'])
      expect([path, await shell(path)]).toEqual([path, 'plain']);
  });
});
