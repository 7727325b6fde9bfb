import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, SERVER_NODE_FLAGS, serverNode, serverNodeFlags, StackError } from './stack.mjs';

describe('the servers’ Node flags', () => {
  it('are the same wherever a server starts: the local stack, the image, the compose file', () => {
    const flags = SERVER_NODE_FLAGS.map((flag) => JSON.stringify(flag)).join(', ');
    const image = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
    expect(image).toContain(`CMD ["node", "--enable-source-maps", ${flags}, "dist/apps/api/src/main.js"]`);
    const compose = readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8');
    expect(compose).toContain(`["node", "--enable-source-maps", ${flags}, "dist/apps/round-engine/src/main.js"]`);
  });

  it('can be replaced for a comparison, and every one is a flag this Node accepts', () => {
    expect(serverNodeFlags({})).toEqual([...SERVER_NODE_FLAGS]);
    expect(serverNodeFlags({ SERVER_NODE_FLAGS: ' --max-semi-space-size=16  ' })).toEqual(['--max-semi-space-size=16']);
    expect(serverNodeFlags({ SERVER_NODE_FLAGS: '' })).toEqual([]);
    const run = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, '-e', 'process.exit(0)'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});

describe('the servers’ Node binary', () => {
  it('is this process’s own unless SERVER_NODE names another', () => {
    expect(serverNode({})).toBe(process.execPath);
    expect(serverNode({ SERVER_NODE: '' })).toBe(process.execPath);
    expect(serverNode({ SERVER_NODE: process.execPath })).toBe(process.execPath);
  });

  it('refuses, in one line, a SERVER_NODE that is not a program it can run', () => {
    const missing = join(ROOT, 'no-such-node');
    expect(() => serverNode({ SERVER_NODE: missing })).toThrow(StackError);
    expect(() => serverNode({ SERVER_NODE: missing })).toThrow(
      `SERVER_NODE is not a program this user can run: ${missing}`,
    );
    expect(() => serverNode({ SERVER_NODE: join(ROOT, 'package.json') })).toThrow(StackError);
  });
});
