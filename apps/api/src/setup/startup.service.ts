import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import { AdminCredentials } from '../auth/admin-credentials.js';
import { AppConfig } from '@app/config';
import { Database, migrations } from '@app/db';
import { loadUsernameSkeleton } from '@app/domain';

const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A referral code: 8 unambiguous upper-case letters and digits. */
export function newReferralCode(): string {
  const bytes = randomBytes(8);
  return Array.from(bytes, (b) => REFERRAL_ALPHABET[b % REFERRAL_ALPHABET.length]).join('');
}

/** How long an api node waits at start for the round engine (or `npm start`) to apply the migrations. */
const MIGRATIONS_WAIT_MS = 120_000;

/**
 * At start-up: wait until the database schema is the one this build expects, then create the first super-admin if
 * absent (or apply a changed ADMIN_PASSWORD to it, AdminCredentials), and in production refuse to go on while a
 * super-admin has no second factor (unless ADMIN_2FA_WAIVED). An api node connects as its own role (`winround_api`, migration 0015), which cannot change the schema: the
 * round engine (or `npm start`, before it starts anything) applies the migrations as the owner.
 */
@Injectable()
export class StartupService implements OnModuleInit {
  private readonly logger = new Logger('Startup');

  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(AdminCredentials) private readonly credentials: AdminCredentials,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.schemaReady();
    await this.ensureAdmin();
    await this.credentials.requireSecondFactors();
  }

  /** Resolves once the newest migration of this build is recorded as applied (waiting up to two minutes). */
  async schemaReady(waitMs = MIGRATIONS_WAIT_MS): Promise<void> {
    const latest = Object.keys(migrations).sort().at(-1)!;
    const deadline = Date.now() + waitMs;
    let told = false;
    for (;;) {
      const applied = await sql<{ name: string }>`SELECT name FROM kysely_migration WHERE name = ${latest}`
        .execute(this.db)
        .then((r) => r.rows.length > 0)
        .catch(() => false);
      if (applied) return;
      if (Date.now() > deadline)
        throw new Error(
          `the database is not migrated to ${latest}: start a round engine (it applies the migrations as the database's owner)`,
        );
      if (!told) this.logger.warn({ msg: 'waiting for the round engine to apply the migrations', latest });
      told = true;
      await new Promise((r) => setTimeout(r, 500));
    }
  }

  async ensureAdmin(): Promise<void> {
    const { ADMIN_EMAIL, ADMIN_PASSWORD } = this.config;
    if (!ADMIN_EMAIL || !ADMIN_PASSWORD) return;
    const email = ADMIN_EMAIL.toLowerCase();
    if (await this.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()) {
      await this.credentials.applyConfiguredPassword(email, ADMIN_PASSWORD);
      return;
    }
    this.credentials.checkRule(ADMIN_PASSWORD, email);
    const passwordHash = await this.credentials.hash(ADMIN_PASSWORD);
    // Usernames are unique (ignoring case): when a player already holds the address's local part, the admin's
    // name gets a suffix rather than not being created.
    const local = email.split('@')[0]!.slice(0, 30);
    // (Or a look-alike of it: usernames are unique on their confusable skeleton too, migration 0018.)
    const skeleton = await loadUsernameSkeleton();
    const holder = await this.db
      .selectFrom('users')
      .select('email')
      .where((eb) =>
        eb.or([
          eb(sql<string>`lower(username)`, '=', local.toLowerCase()),
          eb('username_skeleton', '=', skeleton(local)),
        ]),
      )
      .executeTakeFirst();
    const username = holder && holder.email !== email ? `${local.slice(0, 24)}-admin` : local;
    const created = await this.db.transaction().execute(async (trx) => {
      const user = await trx
        .insertInto('users')
        .values({
          username,
          username_skeleton: skeleton(username),
          email,
          password_hash: passwordHash,
          configured_password_hash: passwordHash,
          role: 'super-admin',
          referral_code: newReferralCode(),
        })
        // Already there (this address, or another account holding its e-mail identity): nothing to create.
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      // No wallet: an administrator holds no money (separation of duties; the database refuses one).
      return !!user;
    });
    if (created) this.logger.log({ msg: 'first super-admin created', email });
    else if (!(await this.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst())) {
      this.logger.warn({
        msg: 'ADMIN_EMAIL is an alias of an existing account; no super-admin was created for it',
        email,
      });
    }
  }
}
