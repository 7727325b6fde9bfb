import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { freeRun, parseArgs, startProxy } from './cluster.mjs';

/** A stand-in api node: answers its own name, and a Socket.IO polling handshake with a session id of its own. */
function node(name: string): Promise<http.Server> {
  let sessions = 0;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://node');
    if (url.pathname.startsWith('/socket.io') && !url.searchParams.has('sid')) {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`0{"sid":"${name}-${++sessions}","upgrades":["websocket"]}`);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(name);
  });
  // A websocket-like upgrade: switch protocols, then echo with the node's name.
  server.on('upgrade', (_req, socket) => {
    socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n');
    socket.on('data', (chunk: Buffer) => socket.write(`${name}:${chunk.toString()}`));
    socket.on('end', () => socket.end());
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const portOf = (server: http.Server) => (server.address() as AddressInfo).port;

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers });
  return { body: await res.text(), cookie: res.headers.get('set-cookie') };
}

describe('npm run cluster', () => {
  it('reads its options', () => {
    expect(parseArgs([])).toMatchObject({ api: 3, engines: 3, partitions: 6, replica: true, pgbouncer: true });
    expect(parseArgs(['--api', '2', '--engines=4', '--no-replica', '--no-pgbouncer', '--quiet'])).toMatchObject({
      api: 2,
      engines: 4,
      replica: false,
      pgbouncer: false,
      quiet: true,
    });
    expect(() => parseArgs(['--api', '0'])).toThrow('--api');
    expect(() => parseArgs(['--nope'])).toThrow('unknown option');
  });

  it('finds a run of consecutive free ports', async () => {
    const blocker = await node('blocker');
    const taken = portOf(blocker);
    try {
      const base = await freeRun(taken, 2);
      expect(base).toBeGreaterThan(taken);
    } finally {
      blocker.close();
    }
  });

  describe('the load-balancing proxy', () => {
    let nodes: http.Server[];
    let proxy: Awaited<ReturnType<typeof startProxy>>;
    let url: string;

    beforeAll(async () => {
      nodes = await Promise.all(['a', 'b', 'c'].map(node));
      const port = await freeRun(20_000 + Math.floor(Math.random() * 20_000), 1);
      proxy = await startProxy({ port, targets: nodes.map(portOf) });
      url = `http://127.0.0.1:${port}`;
    });
    afterAll(async () => {
      await proxy.close();
      for (const n of nodes) n.closeAllConnections();
      await Promise.all(nodes.map((n) => new Promise((done) => n.close(done))));
    });

    it('spreads new clients round-robin and keeps each on its node by cookie', async () => {
      const first = await Promise.all([1, 2, 3].map(() => get(`${url}/api/v1/health`)));
      expect(first.map((r) => r.body).sort()).toEqual(['a', 'b', 'c']);
      for (const r of first) {
        const cookie = /wr_node=\d+/.exec(r.cookie ?? '')![0];
        for (let i = 0; i < 3; i++) {
          const again = await get(`${url}/`, { cookie });
          expect(again.body).toBe(r.body);
          expect(again.cookie).toBeNull();
        }
      }
    });

    it("sends a Socket.IO polling session's requests to the node that answered its handshake, without cookies", async () => {
      for (let i = 0; i < 3; i++) {
        const handshake = await get(`${url}/socket.io/?EIO=4&transport=polling`);
        const sid = /"sid":"([^"]+)"/.exec(handshake.body)![1];
        const owner = sid.split('-')[0];
        for (let j = 0; j < 4; j++) {
          expect((await get(`${url}/socket.io/?EIO=4&transport=polling&sid=${sid}`)).body).toBe(owner);
        }
      }
    });

    it('passes websocket upgrades through both ways', async () => {
      const answer = await new Promise<string>((resolve, reject) => {
        const req = http.request(`${url}/socket.io/?EIO=4&transport=websocket`, {
          headers: { connection: 'Upgrade', upgrade: 'websocket' },
        });
        req.on('upgrade', (res, socket) => {
          expect(res.statusCode).toBe(101);
          socket.once('data', (chunk: Buffer) => {
            resolve(chunk.toString());
            socket.destroy();
          });
          socket.write('ping');
        });
        req.on('error', reject);
        req.end();
      });
      expect(answer).toMatch(/^[abc]:ping$/);
    });

    it('answers 502 when the node is down', async () => {
      const lone = await node('lone');
      const port = await freeRun(20_000 + Math.floor(Math.random() * 20_000), 1);
      const target = portOf(lone);
      await new Promise((done) => lone.close(done));
      const down = await startProxy({ port, targets: [target] });
      try {
        const res = await fetch(`http://127.0.0.1:${port}/`);
        expect(res.status).toBe(502);
      } finally {
        await down.close();
      }
    });
  });
});
