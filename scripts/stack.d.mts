import type { ChildProcess } from 'node:child_process';

export const ROOT: string;
export const SERVER_NODE_FLAGS: readonly string[];
export function serverNodeFlags(env?: Record<string, string | undefined>): string[];
export class StackError extends Error {}
export function buildIfStale(options?: { log?: (line: string) => void; force?: boolean }): void;
export function freePort(): Promise<number>;
export interface Stack {
  url: string;
  /** Every api node (several with API_NODES). */
  urls: string[];
  env: Record<string, string>;
  stop(): Promise<void>;
  children: ChildProcess[];
}
export function startStack(options?: {
  env?: Record<string, string>;
  log?: (line: string) => void;
  stdio?: 'inherit' | 'pipe' | 'ignore';
  build?: boolean;
  onUnexpectedExit?: (name: string, code: number | null) => void;
}): Promise<Stack>;
