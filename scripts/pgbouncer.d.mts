export interface PgBouncer {
  port: number;
  /** The server URL without a database: append `/<name>`. */
  server: string;
  log(): string;
  running(): boolean;
  pid(): number | undefined;
  /** kill -9. */
  kill(): Promise<void>;
  /** Starts it again on the same port after kill(). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}
export function startPgBouncer(options?: {
  host?: string;
  port?: number;
  poolMode?: 'session' | 'transaction' | 'statement';
  users?: string[];
  poolSize?: number;
  runAs?: string;
}): Promise<PgBouncer>;
