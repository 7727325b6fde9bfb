#!/usr/bin/env node
// A throwaway local Redis Cluster: 3 masters and 3 replicas (`redis-server --cluster-enabled yes` from the PATH, on
// free ports, in a temporary directory, nothing persisted), created with `redis-cli --cluster create` and ready once
// every node reports `cluster_state:ok`. Used by the cluster integration specs (`startRedisCluster`, re-exported by
// @app/redis/testing); run on its own (`node scripts/redis-cluster.mjs`) it prints REDIS_CLUSTER_NODES and keeps the
// cluster up until Ctrl-C.
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
 * @param {{ masters?: number, replicasPerMaster?: number, log?: (line: string) => void, timeoutMs?: number }} [options]
 */
export async function startRedisCluster({
  masters = 3,
  replicasPerMaster = 1,
  log = () => {},
  timeoutMs = 30_000,
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
  try {
    for (const port of ports) {
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
          '5000',
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
    }
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
    log(
      `Redis Cluster up on ${ports.map((p) => `${HOST}:${p}`).join(', ')} (${masters} masters, ${replicasPerMaster} replica each)`,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  const nodes = ports.map((port) => ({ host: HOST, port }));
  return { nodes, clusterNodes: nodes.map((n) => `${n.host}:${n.port}`).join(','), dir, stop };
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
