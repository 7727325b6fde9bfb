import type { Role } from '@app/contracts';

export type { AuthUser as SessionUserDto, RefreshSessionData as RefreshSessionDto, Role } from '@app/contracts';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
}

export interface Session {
  user: SessionUser;
  role: Role;
}
