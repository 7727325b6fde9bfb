import { join } from 'node:path';

export interface E2EState {
  /** Base URL of the stack global setup started. */
  url: string;
  /** HTTP endpoint of the SMTP capture: GET {mailApi}?to=address → caught messages (newest last). */
  mailApi: string;
  /** The stack's database (for assertions an operator would make, e.g. the ledger reconciles). */
  databaseUrl: string;
}

/** What global setup started. */
export function e2eState(): E2EState {
  return {
    url: process.env.E2E_BASE_URL!,
    mailApi: process.env.E2E_MAIL_API!,
    databaseUrl: process.env.E2E_DATABASE_URL!,
  };
}

/** Where screenshots at phone size are kept. */
export const SCREENSHOTS = join(process.cwd(), 'artifacts', 'screenshots');
