import type { ProfileData, UpdateLanguageRequest } from '@app/contracts';
import type { ApiClient } from '../../shared/api';
import type { Language } from '../../shared/i18n/i18n';

/** Said (in English, as every call's default) when the language could not be saved. */
export const LANGUAGE_SAVE_FAILED = 'Failed to save your language';

/** PUT /user/language: remembers the player's language with the account. */
export async function saveLanguage(api: ApiClient, language: Language): Promise<void> {
  const body: UpdateLanguageRequest = { language };
  await api.put<ProfileData>('/user/language', body, { defaultMessage: LANGUAGE_SAVE_FAILED });
}
