import type { DateOfBirthRequest, IdentitySubmitRequest, PlayerIdentity, PlayerIdentityData } from '@app/contracts';
import { ApiError, type ApiClient } from '../../shared/api';
import { IDENTITY_TEXTS } from './identity-texts';

/** GET /identity → data.identity (the player's own; the document number masked). */
export async function fetchIdentity(api: ApiClient): Promise<PlayerIdentity> {
  const { data } = await api.get<PlayerIdentityData>('/identity', { defaultMessage: IDENTITY_TEXTS.loadFailed });
  if (!data?.identity) throw new ApiError(IDENTITY_TEXTS.loadFailed, 500);
  return data.identity;
}

/** POST /identity {fullName, documentNumber} → the identity now pending, and the server's message. */
export async function submitIdentity(
  api: ApiClient,
  request: IdentitySubmitRequest,
): Promise<{ identity: PlayerIdentity; message?: string }> {
  const { data, message } = await api.post<PlayerIdentityData>('/identity', request, {
    defaultMessage: IDENTITY_TEXTS.submitFailed,
  });
  if (!data?.identity) throw new ApiError(IDENTITY_TEXTS.submitFailed, 500);
  return { identity: data.identity, ...(message ? { message } : {}) };
}

/** PUT /identity/date-of-birth {dateOfBirth}: once, for an account without one. */
export async function saveDateOfBirth(
  api: ApiClient,
  request: DateOfBirthRequest,
): Promise<{ identity: PlayerIdentity; message?: string }> {
  const { data, message } = await api.put<PlayerIdentityData>('/identity/date-of-birth', request, {
    defaultMessage: IDENTITY_TEXTS.dateOfBirthFailed,
  });
  if (!data?.identity) throw new ApiError(IDENTITY_TEXTS.dateOfBirthFailed, 500);
  return { identity: data.identity, ...(message ? { message } : {}) };
}
