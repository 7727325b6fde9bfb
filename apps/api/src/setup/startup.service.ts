import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { hash } from 'argon2';
import { sql } from 'kysely';
import { PASSWORD_HASH_OPTIONS } from '../auth/passwords.js';
import { randomBytes } from 'node:crypto';
import { AppConfig } from '@app/config';
import { Database, migrateToLatest } from '@app/db';

const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A referral code: 8 unambiguous upper-case letters and digits. */
export function newReferralCode(): string {
  const bytes = randomBytes(8);
  return Array.from(bytes, (b) => REFERRAL_ALPHABET[b % REFERRAL_ALPHABET.length]).join('');
}

/** At start-up: apply pending migrations (advisory-locked) and create the first super-admin if absent. */
@Injectable()
export class StartupService implements OnModuleInit {
  private readonly logger = new Logger('Startup');

  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    const applied = await migrateToLatest(this.db);
    if (applied.length > 0) this.logger.log({ msg: 'migrations applied', applied });
    await this.ensureAdmin();
  }

  async ensureAdmin(): Promise<void> {
    const { ADMIN_EMAIL, ADMIN_PASSWORD } = this.config;
    if (!ADMIN_EMAIL || !ADMIN_PASSWORD) return;
    const email = ADMIN_EMAIL.toLowerCase();
    const passwordHash = await hash(ADMIN_PASSWORD, PASSWORD_HASH_OPTIONS);
    // Usernames are unique (ignoring case): when a player already holds the address's local part, the admin's
    // name gets a suffix rather than not being created.
    const local = email.split('@')[0]!.slice(0, 30);
    const holder = await this.db.selectFrom('users').select('email').where(sql<string>`lower(username)`, '=', local.toLowerCase()).executeTakeFirst();
    const username = holder && holder.email !== email ? `${local.slice(0, 24)}-admin` : local;
    const created = await this.db.transaction().execute(async (trx) => {
      const user = await trx
        .insertInto('users')
        .values({
          username,
          email,
          password_hash: passwordHash,
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
      this.logger.warn({ msg: 'ADMIN_EMAIL is an alias of an existing account; no super-admin was created for it', email });
    }
  }
}
