import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { deleteRedisPrefix } from '../../../libs/redis/src/testing/index.js';
import { testDatabaseServer, testRedisUrl } from '../../../scripts/services.mjs';
import { freePort, startStack } from '../../../scripts/stack.mjs';
import { startMailCatcher } from '../../../libs/mail/src/testing/index.js';

const SERVER = testDatabaseServer();
const REDIS_URL = testRedisUrl();

/**
 * Starts the product exactly as `npm start` does (scripts/stack.mjs), on a free port, with a fresh database
 * on the machine's Postgres, its own Redis key prefix and a real SMTP server capturing the e-mails.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const database = `wr_e2e_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${SERVER}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();

  const mail = await startMailCatcher();
  const redisPrefix = `wre2e:${randomBytes(3).toString('hex')}:`;
  const port = await freePort();
  const stack = await startStack({
    log: () => {},
    stdio: process.env.E2E_SERVER_LOGS ? 'inherit' : 'ignore',
    env: {
      PORT: String(port),
      DATABASE_URL: `${SERVER}/${database}`,
      REDIS_URL,
      REDIS_PREFIX: redisPrefix,
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      ADMIN_EMAIL: 'superadmin@gmail.com',
      ADMIN_PASSWORD: 'admin12345',
      LOG_LEVEL: 'warn',
      // The walks deposit and withdraw without playing a round in between: the deposit turnover rule is off here
      // (the api's integration tests prove it: payment/referral-farm.int-spec.ts, payment/payment.int-spec.ts).
      WITHDRAWAL_TURNOVER_PERCENT: '0',
      ...(process.env.E2E_ENV ? JSON.parse(process.env.E2E_ENV) : {}),
    },
  });
  // Workers inherit these (Playwright runs global setup in the runner process before forking workers).
  process.env.E2E_BASE_URL = stack.url;
  process.env.E2E_MAIL_API = mail.apiUrl;
  process.env.E2E_DATABASE_URL = `${SERVER}/${database}`;
  return async () => {
    await stack.stop();
    await mail.stop();
    const cleanup = new pg.Client({ connectionString: `${SERVER}/postgres` });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await cleanup.end();
    await deleteRedisPrefix(redisPrefix, REDIS_URL);
  };
}
