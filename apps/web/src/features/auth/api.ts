import type { LoginData, LoginRequest } from '@app/contracts';
import { ERROR_DEFAULTS } from '@app/domain';
import { ApiError, type ApiClient } from '../../shared/api';
import type { RefreshSessionDto, Role, Session, SessionUserDto } from './types';

export function toRole(role: string | undefined): Role {
  // Anything but super-admin gets the least privilege on the client; the server enforces roles anyway.
  return role === 'super-admin' ? 'super-admin' : 'user';
}

export function toSession(user: SessionUserDto): Session {
  const name = user.name?.trim() || user.email?.split('@')[0] || '';
  return { user: { id: user._id, name, email: user.email }, role: toRole(user.role) };
}

/**
 * GET /auth/refresh-token: the refresh cookie buys a new access token and the signed-in user.
 * The token goes to session storage; the caller gets the session.
 */
export async function refreshSession(api: ApiClient): Promise<Session> {
  const { data } = await api.get<RefreshSessionDto>('/auth/refresh-token', { defaultMessage: ERROR_DEFAULTS.refresh });
  if (!data?.accessToken || !data.user?._id) throw new ApiError(ERROR_DEFAULTS.refresh, 500);
  api.tokens.set(data.accessToken);
  return toSession(data.user);
}

/** POST /auth/login: the access token goes to session storage (the refresh cookie is set by the server). */
export async function loginWithPassword(api: ApiClient, credentials: LoginRequest): Promise<Session> {
  const { data } = await api.post<LoginData>('/auth/login', credentials, { defaultMessage: ERROR_DEFAULTS.login });
  if (!data?.accessToken || !data.user?._id) throw new ApiError(ERROR_DEFAULTS.login, 500);
  api.tokens.set(data.accessToken);
  return toSession(data.user);
}

/** GET /auth/logout: the server revokes the session and clears the refresh cookie. */
export async function logout(api: ApiClient): Promise<void> {
  await api.get<unknown>('/auth/logout', { defaultMessage: ERROR_DEFAULTS.logout });
}
