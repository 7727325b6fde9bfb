#!/usr/bin/env node
// A throwaway local Redis Cluster: 3 masters and 3 replicas (`redis-server --cluster-enabled yes` from the PATH, on
// free ports, in a temporary directory, nothing persisted), created with `redis-cli --cluster create` and ready once
// every node reports `cluster_state:ok` and every replica is assigned and synced (so a killed master fails over).
// Used by the cluster integration specs (`startRedisCluster`, re-exported by @app/redis/testing), the fault suite's
// and the bench's cluster topology; run on its own (`node scripts/redis-cluster.mjs`) it prints REDIS_CLUSTER_NODES
// and keeps the cluster up until Ctrl-C.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MissingServiceError, onPath, REDIS_INSTALL_HINT } from './services.mjs';

const HOST = '127.0.0.1';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function portFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, HOST, () => server.close(() => resolve(true)));
  });
}

/** `count` free ports whose cluster bus ports (port + 10000) are free too. */
async function freeClusterPorts(count) {
  const ports = [];
  for (let attempt = 0; ports.length < count && attempt < 500; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 30_000);
    if (ports.includes(port) || ports.includes(port - 10_000) || ports.includes(port + 10_000)) continue;
    if ((await portFree(port)) && (await portFree(port + 10_000))) ports.push(port);
  }
  if (ports.length < count) throw new Error('no free ports for a Redis Cluster');
  return ports;
}

function cli(port, ...args) {
  return spawnSync('redis-cli', ['-h', HOST, '-p', String(port), ...args], { encoding: 'utf8', timeout: 10_000 });
}

/**
 * Starts the cluster. Returns { nodes: [{ host, port }] (masters and replicas), clusterNodes (the
 * REDIS_CLUSTER_NODES value), dir, stop() } — `stop` kills every node and removes the directory.
 * Also, for fault experiments: `masterPorts()`, `kill(port)` (SIGKILL), `restart(port)` and `healthy()` (every node
 * up and every slot served).
 * @param {{ masters?: number, replicasPerMaster?: number, log?: (line: string) => void, timeoutMs?: number,
 *   nodeTimeoutMs?: number }} [options]
 */
export async function startRedisCluster({
  masters = 3,
  replicasPerMaster = 1,
  log = () => {},
  timeoutMs = 30_000,
  nodeTimeoutMs = 5000,
} = {}) {
  const server = onPath('redis-server');
  if (!server || !onPath('redis-cli'))
    throw new MissingServiceError(`a Redis Cluster needs redis-server and redis-cli: ${REDIS_INSTALL_HINT}.`);
  const dir = mkdtempSync(join(tmpdir(), 'wr-redis-cluster-'));
  const ports = await freeClusterPorts(masters * (1 + replicasPerMaster));
  const children = [];
  const killAll = () => {
    for (const child of children) child.kill('SIGKILL');
  };
  process.once('exit', killAll);
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', killAll);
    await Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', resolve);
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 3000).unref();
          }),
      ),
    );
    rmSync(dir, { recursive: true, force: true });
  };
  /** Starts the node on `port` (again: it reads its nodes file and rejoins, as a replica if it was failed over). */
  const startNode = (port) => {
    const child = spawn(
      server,
      [
        '--bind',
        HOST,
        '--port',
        String(port),
        '--cluster-enabled',
        'yes',
        '--cluster-config-file',
        join(dir, `nodes-${port}.conf`),
        '--cluster-node-timeout',
        String(nodeTimeoutMs),
        '--dir',
        dir,
        '--save',
        '',
        '--appendonly',
        'no',
        '--daemonize',
        'no',
      ],
      { stdio: 'ignore' },
    );
    children.push(child);
    byPort.set(port, child);
    return child;
  };
  const byPort = new Map();
  try {
    for (const port of ports) startNode(port);
    const deadline = Date.now() + timeoutMs;
    for (const port of ports) {
      while (cli(port, 'PING').stdout.trim() !== 'PONG') {
        if (Date.now() > deadline) throw new Error(`redis-server on ${port} did not start`);
        await sleep(50);
      }
    }
    const created = spawnSync(
      'redis-cli',
      [
        '--cluster',
        'create',
        ...ports.map((p) => `${HOST}:${p}`),
        '--cluster-replicas',
        String(replicasPerMaster),
        '--cluster-yes',
      ],
      { encoding: 'utf8', timeout: timeoutMs },
    );
    if (created.status !== 0) throw new Error(`redis-cli --cluster create failed: ${created.stdout}${created.stderr}`);
    for (const port of ports) {
      while (!/cluster_state:ok/.test(cli(port, 'CLUSTER', 'INFO').stdout)) {
        if (Date.now() > deadline) throw new Error(`the cluster node on ${port} never reported cluster_state:ok`);
        await sleep(100);
      }
    }
    // Every node must also know every slot's master (a client may ask any of them first).
    for (const port of ports) {
      while (!/cluster_slots_ok:16384/.test(cli(port, 'CLUSTER', 'INFO').stdout)) {
        if (Date.now() > deadline) throw new Error(`the cluster node on ${port} does not see every slot`);
        await sleep(100);
      }
    }
    // The replicas are assigned once the nodes have met, a moment after `cluster create` returns: until every node
    // sees each of them as a replica, and each replica has synced with its master, a master lost would not fail over.
    const replicas = masters * replicasPerMaster;
    const replicaLines = (port) => (cli(port, 'CLUSTER', 'NODES').stdout.match(/ (myself,)?slave /g) ?? []).length;
    for (const port of ports) {
      while (replicaLines(port) < replicas) {
        if (Date.now() > deadline) throw new Error(`the cluster node on ${port} never saw its ${replicas} replicas`);
        await sleep(100);
      }
    }
    for (const port of ports) {
      const role = () => cli(port, 'INFO', 'replication').stdout;
      if (!/role:slave/.test(role())) continue;
      while (!/master_link_status:up/.test(role())) {
        if (Date.now() > deadline) throw new Error(`the replica on ${port} never synced with its master`);
        await sleep(100);
      }
    }
    log(
      `Redis Cluster up on ${ports.map((p) => `${HOST}:${p}`).join(', ')} (${masters} masters, ${replicasPerMaster} replica each)`,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  const nodes = ports.map((port) => ({ host: HOST, port }));
  const alive = (port) => {
    const child = byPort.get(port);
    return !!child && child.exitCode === null && child.signalCode === null;
  };
  return {
    nodes,
    clusterNodes: nodes.map((n) => `${n.host}:${n.port}`).join(','),
    dir,
    stop,
    /** The ports of the nodes that are masters now, as a live node sees it. */
    masterPorts() {
      for (const port of ports.filter(alive)) {
        const answer = cli(port, 'CLUSTER', 'NODES');
        if (answer.status !== 0) continue;
        return answer.stdout
          .split('\n')
          .map((line) => line.trim().split(' '))
          .filter((fields) => /(^|,)master(,|$)/.test(fields[2] ?? '') && !/fail/.test(fields[2]))
          .map((fields) => Number(/:(\d+)@/.exec(fields[1])?.[1]))
          .filter((port) => ports.includes(port));
      }
      return [];
    },
    /** The master serving the slot of `key` now, as a live node sees it (null when none is known). */
    masterOf(key) {
      for (const port of ports.filter(alive)) {
        const slot = cli(port, 'CLUSTER', 'KEYSLOT', key);
        const table = cli(port, 'CLUSTER', 'NODES');
        if (slot.status !== 0 || table.status !== 0) continue;
        const n = Number(slot.stdout.trim());
        for (const line of table.stdout.split('\n')) {
          const fields = line.trim().split(' ');
          if (!/(^|,)master(,|$)/.test(fields[2] ?? '') || /fail/.test(fields[2])) continue;
          const served = fields.slice(8).some((range) => {
            const [from, to = from] = range.split('-').map(Number);
            return n >= from && n <= to;
          });
          if (served) return Number(/:(\d+)@/.exec(fields[1])?.[1]);
        }
      }
      return null;
    },
    alive,
    /** The running nodes' process ids (for CPU accounting). */
    pids: () => ports.filter(alive).map((port) => byPort.get(port).pid),
    /** kill -9 of one node; resolves once it is gone. */
    async kill(port) {
      const child = byPort.get(port);
      if (!alive(port)) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
    /** Starts a killed node again; resolves once it answers PING. */
    async restart(port) {
      if (alive(port)) return;
      startNode(port);
      const deadline = Date.now() + timeoutMs;
      while (cli(port, 'PING').stdout.trim() !== 'PONG') {
        if (Date.now() > deadline) throw new Error(`redis-server on ${port} did not start again`);
        await sleep(50);
      }
    },
    /** Every node up, each saying cluster_state:ok, and every slot served. */
    healthy() {
      return ports.every((port) => {
        if (!alive(port)) return false;
        const info = cli(port, 'CLUSTER', 'INFO').stdout;
        return /cluster_state:ok/.test(info) && /cluster_slots_ok:16384/.test(info);
      });
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const cluster = await startRedisCluster({ log: (line) => console.error(line) });
  console.log(`REDIS_CLUSTER_NODES=${cluster.clusterNodes}`);
  console.error('Ctrl-C stops it.');
  const shutdown = () => void cluster.stop().then(() => process.exit(0));
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  setInterval(() => {}, 60_000);
}
