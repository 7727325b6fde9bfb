export const REDIS_INSTALL_HINT: string;
export class MissingServiceError extends Error {}
export function freePort(): Promise<number>;
export function portOpen(port: number, host?: string): Promise<boolean>;
export function redisPing(url: string): Promise<boolean>;
export function postgresAnswers(server: string): Promise<boolean>;
export function onPath(binary: string): string | null;
export function testDatabaseServer(env?: NodeJS.ProcessEnv): string;
export function testRedisUrl(env?: NodeJS.ProcessEnv): string;
export function ensureTestServices(options?: {
  env?: NodeJS.ProcessEnv;
  postgres?: boolean;
  redis?: boolean;
  log?: (line: string) => void;
}): Promise<{ env: { TEST_DATABASE_SERVER?: string; TEST_REDIS_URL?: string }; stop(): Promise<void> }>;
/** The pg_basebackup arguments that make `dataDir` a streaming replica of 127.0.0.1:`primaryPort`. */
export function replicaBackupArgs(dataDir: string, primaryPort: number): string[];
