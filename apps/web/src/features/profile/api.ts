import type { Profile, ProfileData, UpdateProfileRequest } from '@app/contracts';
import { displayName, ERROR_DEFAULTS, firstLetter } from '@app/domain';
import { ApiError, type ApiClient } from '../../shared/api';
import { profileFromWire, type PlayerProfile } from '../../shared/records';

/**
 * The profile as shown: the name falls back to the e-mail's local part, the initial to the name's (SPEC 3); the
 * totals in paise.
 */
export function toProfile(user: Profile): PlayerProfile {
  const name = displayName(user.name, user.email);
  return { ...profileFromWire(user), name, firstLetter: user.firstLetter?.trim() || firstLetter(name, user.email) };
}

/** GET /user/profile (own, full) or GET /user/profile/{id} (another player, reduced, e-mail masked). */
export async function fetchProfile(api: ApiClient, userId?: string | null): Promise<PlayerProfile> {
  const path = userId ? `/user/profile/${encodeURIComponent(userId)}` : '/user/profile';
  const { data } = await api.get<ProfileData>(path, { defaultMessage: ERROR_DEFAULTS.profileFetch });
  if (!data?.user?._id) throw new ApiError(ERROR_DEFAULTS.profileFetch, 500);
  return toProfile(data.user);
}

/**
 * PUT /user/profile. Only the name is sent: the update never carries the password, refresh token, e-mail (SPEC 3)
 * or anything else, and the server rejects other fields. Returns the updated profile when the server sends it.
 */
export async function updateProfile(
  api: ApiClient,
  body: UpdateProfileRequest,
): Promise<{ profile: PlayerProfile | null; message?: string }> {
  const { data, message } = await api.put<Partial<ProfileData> | undefined>(
    '/user/profile',
    { name: body.name },
    { defaultMessage: ERROR_DEFAULTS.profileUpdate },
  );
  return { profile: data?.user?._id ? toProfile(data.user) : null, message };
}
