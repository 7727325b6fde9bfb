import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { AdminProfile } from '@app/contracts';
import { Database } from '@app/db';
import type { AuthUser } from '../auth/auth-user.js';
import { PresenceService } from '../presence/presence.service.js';

export const ADMIN_PROFILE_MESSAGES = { notFound: 'Admin not found.' } as const;

/** GET /admin/admin-profile: the signed-in super-admin's account, 'online' while they have a live socket anywhere. */
@Injectable()
export class AdminProfileService {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(PresenceService) private readonly presence: PresenceService,
  ) {}

  async profile(admin: AuthUser): Promise<AdminProfile> {
    const [row, online] = await Promise.all([
      this.db
        .selectFrom('users')
        .select(['username', 'email', 'role', 'verified', 'created_at', 'updated_at'])
        .where('id', '=', admin.id)
        .where('role', '=', 'super-admin')
        .executeTakeFirst(),
      // Unknown presence (Redis unreachable) shows as offline rather than failing the profile.
      this.presence.isOnline({ id: admin.id, role: 'super-admin' }).catch(() => false),
    ]);
    if (!row) throw new NotFoundException(ADMIN_PROFILE_MESSAGES.notFound);
    return {
      username: row.username,
      email: row.email,
      role: 'super-admin',
      verified: row.verified,
      status: online ? 'online' : 'offline',
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    };
  }
}
