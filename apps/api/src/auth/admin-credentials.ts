import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '@app/config';
import { Database } from '@app/db';
import { validateAdminPassword } from '@app/domain';
import { StartupRefused } from '../setup/startup-refused.js';
import { CommonPasswords } from './common-passwords.js';
import { Passwords } from './passwords.js';
import { SecondFactorService } from './second-factor.service.js';
import { SessionRepository } from './session.repository.js';
import { SessionService } from './session.service.js';

export type ConfiguredPasswordOutcome = 'unchanged' | 'recorded' | 'applied';

/**
 * The configured super-admin's credentials at start-up (docs/identity.md, "The super-admin").
 *
 * - ADMIN_PASSWORD is remembered as applied (users.configured_password_hash, argon2id). A changed ADMIN_PASSWORD is
 *   applied loudly: the admin's password becomes it, every session of that admin ends, and a warning says so. An
 *   unchanged one does nothing, so a password the admin changed in the console is not undone by a restart. (On the
 *   first start of this release nothing is remembered yet: a matching password is recorded, a different one applied.)
 * - Production holds the applied password to the administrator's rule (at least 12 characters, not common …) and
 *   refuses to start with one that breaks it; development and tests take it as given (`admin12345`).
 * - Production refuses to start while a super-admin signs in with a password alone (no authenticator enrolled)
 *   unless ADMIN_2FA_WAIVED=true, which is said in a warning at every start.
 */
@Injectable()
export class AdminCredentials {
  private readonly logger = new Logger('AdminCredentials');

  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(Passwords) private readonly passwords: Passwords,
    @Inject(CommonPasswords) private readonly commonPasswords: CommonPasswords,
    @Inject(SecondFactorService) private readonly secondFactor: SecondFactorService,
    @Inject(SessionRepository) private readonly sessionRows: SessionRepository,
    @Inject(SessionService) private readonly sessions: SessionService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  /** Refuses (production only) an ADMIN_PASSWORD that breaks the administrator password rule. */
  checkRule(password: string, email: string): void {
    if (!this.config.isProduction) return;
    const error = validateAdminPassword(password, { email, commonPasswords: this.commonPasswords.set });
    if (error) throw new StartupRefused(`Invalid configuration: ADMIN_PASSWORD is refused: ${error}`);
  }

  /** The argon2id hash of a password to store. */
  hash(password: string): Promise<string> {
    return this.passwords.hash(password);
  }

  /** Applies ADMIN_PASSWORD to the existing super-admin `email` when it changed since it was last applied. */
  async applyConfiguredPassword(email: string, password: string): Promise<ConfiguredPasswordOutcome> {
    const admin = await this.db
      .selectFrom('users')
      .select(['id', 'password_hash', 'configured_password_hash'])
      .where('email', '=', email)
      .where('role', '=', 'super-admin')
      .executeTakeFirst();
    if (!admin) return 'unchanged';
    const remembered = admin.configured_password_hash;
    if (remembered && (await this.passwords.verify(remembered, password))) return 'unchanged';
    if (!remembered && (await this.passwords.verify(admin.password_hash, password))) {
      await this.db
        .updateTable('users')
        .set({ configured_password_hash: admin.password_hash })
        .where('id', '=', admin.id)
        .where('configured_password_hash', 'is', null)
        .execute();
      return 'recorded';
    }
    this.checkRule(password, email);
    const passwordHash = await this.passwords.hash(password);
    const revoked = await this.db.transaction().execute(async (trx) => {
      // Several api nodes may start at once with the new value: the first one applies it, the others see it applied.
      const updated = await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, configured_password_hash: passwordHash, updated_at: new Date() })
        .where('id', '=', admin.id)
        .where((eb) =>
          remembered === null
            ? eb('configured_password_hash', 'is', null)
            : eb('configured_password_hash', '=', remembered),
        )
        .returning('id')
        .executeTakeFirst();
      return updated ? this.sessionRows.revokeAllOfUser(trx, admin.id, 'admin-password-rotated') : null;
    });
    if (!revoked) return 'unchanged';
    await this.sessions.propagateRevocation(admin.id, revoked);
    this.logger.warn({
      msg: 'ADMIN_PASSWORD changed: applied to the super-admin, and every session of that admin was signed out',
      email,
      sessionsEnded: revoked.length,
    });
    return 'applied';
  }

  /** Production: refuses to start while a super-admin has no second factor, unless ADMIN_2FA_WAIVED. */
  async requireSecondFactors(): Promise<void> {
    if (!this.config.isProduction) return;
    const missing = await this.secondFactor.superAdminsWithoutSecondFactor();
    if (missing.length === 0) {
      if (this.config.ADMIN_2FA_WAIVED)
        this.logger.warn({
          msg: 'ADMIN_2FA_WAIVED is set but every super-admin has an authenticator enrolled: remove it',
        });
      return;
    }
    if (this.config.ADMIN_2FA_WAIVED) {
      this.logger.warn({
        msg: 'ADMIN_2FA_WAIVED: these super-admins sign in with a password alone; enrol an authenticator, then remove the waiver',
        admins: missing,
      });
      return;
    }
    throw new StartupRefused(
      `Refusing to start: super-admin ${missing.join(', ')} has no second factor enrolled. Set ADMIN_2FA_WAIVED=true for one start, sign in, ` +
        'enrol an authenticator (admin console, Setting, Two-factor sign-in), then remove ADMIN_2FA_WAIVED and restart.',
    );
  }
}
