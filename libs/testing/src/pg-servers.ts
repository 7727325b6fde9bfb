import { execFile } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { startPgBouncer, type PgBouncer } from '../../../scripts/pgbouncer.mjs';
import { replicaBackupArgs } from '../../../scripts/services.mjs';

export { startPgBouncer, type PgBouncer };

const run = promisify(execFile);

/** Where Debian keeps a Postgres major version's programs (initdb, pg_ctl, pg_basebackup). */
export const POSTGRES_BIN = process.env.TEST_POSTGRES_BIN || '/usr/lib/postgresql/15/bin';

/** A Postgres server of a test's own, in a temporary folder, on a free port of 127.0.0.1. */
export interface PostgresServer {
  port: number;
  dir: string;
  /** The server URL as user postgres, without a database: append `/<name>`. */
  server: string;
  /** Runs one statement on its `postgres` database. */
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<R[]>;
  /** Stops it at once (`immediate`), keeping its folder (it can be started again). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and deletes its folder. */
  remove(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolvePort(port));
    });
  });
}

/** Postgres refuses to run as root: as root its programs run as `postgres`. */
async function asPostgres(program: string, args: string[]): Promise<void> {
  const binary = join(POSTGRES_BIN, program);
  if (process.getuid?.() === 0) await run('runuser', ['-u', 'postgres', '--', binary, ...args]);
  else await run(binary, args);
}

/** A temporary folder the postgres user owns. */
async function ownFolder(prefix: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  return dir;
}

function server(port: number, dir: string): PostgresServer {
  const url = `postgres://postgres@127.0.0.1:${port}`;
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses='127.0.0.1'",
    '-c fsync=off',
    '-c full_page_writes=off',
    '-c shared_buffers=32MB',
    '-c max_connections=60',
    '-c hot_standby=on',
  ].join(' ');
  return {
    port,
    dir,
    server: url,
    async query<R extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
      const client = new pg.Client({ connectionString: `${url}/postgres` });
      await client.connect();
      try {
        return (await client.query<R>(text, values)).rows;
      } finally {
        await client.end();
      }
    },
    async start() {
      await asPostgres('pg_ctl', ['start', '-w', '-D', join(dir, 'data'), '-l', join(dir, 'log'), '-o', settings]);
    },
    async stop() {
      await asPostgres('pg_ctl', ['stop', '-w', '-m', 'immediate', '-D', join(dir, 'data')]).catch(() => undefined);
    },
    async remove() {
      await this.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts a primary of a test's own (initdb, trust authentication, wal_level replica: replicas may stream from it),
 * never the shared test server, which serves every other test file.
 */
export async function startPrimary(): Promise<PostgresServer> {
  const dir = await ownFolder('wr-primary-');
  await asPostgres('initdb', ['-D', join(dir, 'data'), '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const primary = server(await freePort(), dir);
  await primary.start();
  return primary;
}

/** Starts a streaming replica of `primary` (pg_basebackup -R: it follows the primary as a hot standby). */
export async function startReplica(primary: PostgresServer): Promise<PostgresServer> {
  const dir = await ownFolder('wr-replica-');
  await asPostgres('pg_basebackup', replicaBackupArgs(join(dir, 'data'), primary.port));
  const replica = server(await freePort(), dir);
  await replica.start();
  return replica;
}
