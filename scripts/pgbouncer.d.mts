export interface PgBouncer {
  port: number;
  /** The server URL without a database: append `/<name>`. */
  server: string;
  log(): string;
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
