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
