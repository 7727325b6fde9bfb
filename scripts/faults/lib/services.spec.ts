import net from 'node:net';
import { freePort } from './services.mjs';

describe('fault suite: freePort', () => {
  it('never hands out the same port twice, and each one can be listened on', async () => {
    const ports: number[] = [];
    for (let i = 0; i < 100; i++) ports.push(await freePort());
    expect(new Set(ports).size).toBe(ports.length);
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => {
      server.on('error', reject);
      server.listen(ports.at(-1), '127.0.0.1', () => resolve());
    });
    await new Promise((resolve) => server.close(resolve));
  });
});
