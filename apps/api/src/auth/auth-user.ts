import type { Role } from '@app/contracts';

/** The signed-in caller, as the access token states it. */
export interface AuthUser {
  id: string;
  role: Role;
  /** The session (refresh-token family) the access token belongs to. */
  sessionId: string;
}

/** Claims of an access token. */
export interface AccessTokenClaims {
  sub: string;
  role: Role;
  sid: string;
}
