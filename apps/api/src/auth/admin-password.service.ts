import { BadRequestException, ForbiddenException, Inject, Injectable, Logger } from '@nestjs/common';
import type { AdminPasswordChangeRequest } from '@app/contracts';
import { Database } from '@app/db';
import { ADMIN_PASSWORD_MESSAGES, SECOND_FACTOR_MESSAGES, validateAdminPasswordChange } from '@app/domain';
import { FORBIDDEN } from './roles.guard.js';
import type { AuthUser } from './auth-user.js';
import { CommonPasswords } from './common-passwords.js';
import { Passwords } from './passwords.js';
import { SecondFactorService } from './second-factor.service.js';
import { SessionRepository } from './session.repository.js';
import { SessionService } from './session.service.js';

function fieldError(field: string, message: string): BadRequestException {
  return new BadRequestException({ message, errors: { [field]: message } });
}

/**
 * A super-admin changes their own password in the console: the current password and, once an authenticator is
 * enrolled, its code (or a recovery code); the new one by the administrator's rule (@app/domain
 * validateAdminPasswordChange: at least 12 characters, not common …). Checks are limited per account (a stolen
 * session cannot guess on); the password is hashed only after every check has passed; every other session of the
 * account ends (the one making the change stays signed in).
 */
@Injectable()
export class AdminPasswordService {
  private readonly logger = new Logger('AdminPassword');

  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(Passwords) private readonly passwords: Passwords,
    @Inject(CommonPasswords) private readonly commonPasswords: CommonPasswords,
    @Inject(SecondFactorService) private readonly secondFactor: SecondFactorService,
    @Inject(SessionRepository) private readonly sessionRows: SessionRepository,
    @Inject(SessionService) private readonly sessions: SessionService,
  ) {}

  async change(admin: AuthUser, request: Partial<AdminPasswordChangeRequest>): Promise<void> {
    const row = await this.db
      .selectFrom('users')
      .select(['id', 'email', 'password_hash'])
      .where('id', '=', admin.id)
      .where('role', '=', 'super-admin')
      .executeTakeFirst();
    if (!row) throw new ForbiddenException(FORBIDDEN);
    const enrolled = await this.secondFactor.isEnrolled(row.id);
    const result = validateAdminPasswordChange(request, {
      email: row.email,
      commonPasswords: this.commonPasswords.set,
      requireCode: enrolled,
    });
    if (!result.ok) throw new BadRequestException({ message: result.error, errors: result.errors });
    await this.secondFactor.limitChecks(row.id);
    if (!(await this.passwords.verify(row.password_hash, result.value.currentPassword)))
      throw fieldError('currentPassword', ADMIN_PASSWORD_MESSAGES.currentWrong);
    if (enrolled && !(await this.secondFactor.verify(row.id, result.value.code)))
      throw fieldError('code', SECOND_FACTOR_MESSAGES.codeWrong);
    const passwordHash = await this.passwords.hash(result.value.newPassword);
    const revoked = await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: new Date() })
        .where('id', '=', row.id)
        .execute();
      return this.sessionRows.revokeOthersOfUser(trx, row.id, admin.sessionId, 'password-changed');
    });
    this.logger.warn({
      msg: 'super-admin changed their password; their other sessions were signed out',
      userId: row.id,
      sessionsEnded: revoked.length,
    });
    await this.sessions.propagateRevocation(row.id, revoked);
  }
}
