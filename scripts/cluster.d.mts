import type { Server } from 'node:http';

export interface ClusterOptions {
  api: number;
  engines: number;
  partitions: number;
  replica: boolean;
  pgbouncer: boolean;
  port: number;
  apiPort: number;
  quiet: boolean;
  help?: boolean;
}
export function parseArgs(argv: string[]): ClusterOptions;
export function freeRun(start: number, count: number): Promise<number>;
export function startProxy(options: {
  port: number;
  targets: number[];
  host?: string;
}): Promise<{ server: Server; close(): Promise<void> }>;
export interface LocalPostgres {
  port: number;
  dir: string;
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  remove(): Promise<void>;
}
/** Where the Postgres server programs are (POSTGRES_BIN, else Debian's newest major version). */
export function postgresBin(): string;
/** A Postgres primary of its own on `port` (database winround, role winround_api). */
export function startPrimary(bin: string, port: number): Promise<LocalPostgres>;
/** A streaming replica of `primary` on `port` (pg_basebackup -R). */
export function startReplica(bin: string, primary: LocalPostgres, port: number): Promise<LocalPostgres>;
