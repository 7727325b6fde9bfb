import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { enIN } from '../../locales/en-IN';
import { hiIN } from '../../locales/hi-IN';

/** The languages a player can choose (issue #30): English and Hindi, both as spoken in India. */
export const LANGUAGES = ['en-IN', 'hi-IN'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en-IN';

/** Where the browser remembers the choice (signed in, the account remembers it too: users.language). */
export const LANGUAGE_STORAGE_KEY = 'winround.language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The browser's preference on a first visit: any Hindi (hi, hi-IN, …) → hi-IN; anything else → en-IN. */
export function languageFromBrowser(languages: readonly string[] | undefined): Language {
  const first = languages?.find((l) => typeof l === 'string' && l.trim() !== '');
  return first && /^hi\b/i.test(first) ? 'hi-IN' : DEFAULT_LANGUAGE;
}

function storedLanguage(): Language | null {
  try {
    const value = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/** The language to start in: the one chosen before on this browser, else the browser's own preference. */
export function initialLanguage(): Language {
  const stored = storedLanguage();
  if (stored) return stored;
  if (typeof navigator === 'undefined') return DEFAULT_LANGUAGE;
  return languageFromBrowser(navigator.languages?.length ? navigator.languages : [navigator.language]);
}

/**
 * The app's one i18next instance. The catalogues are bundled, so it is ready before the first paint (and before a
 * test renders anything): nothing is fetched, nothing waits.
 */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { 'en-IN': { translation: enIN }, 'hi-IN': { translation: hiIN } },
  lng: initialLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  // The catalogues' English is the domain's and the spec's words, which contain ':' and '.'; keys are nested objects.
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** The language the screens speak now. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

function applyToDocument(language: Language) {
  if (typeof document !== 'undefined') document.documentElement.lang = language.slice(0, 2);
}
applyToDocument(currentLanguage());

/** Switches every screen to `language`, remembers it on this browser and tells assistive technology (<html lang>). */
export function setLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode without storage: the choice lasts for this visit.
  }
  applyToDocument(language);
  if (i18n.language !== language) void i18n.changeLanguage(language);
}

/** `t` and the current language, re-rendering the component when the language changes. */
export function useT() {
  const { t, i18n: instance } = useTranslation(undefined, { i18n });
  const language = isLanguage(instance.language) ? instance.language : DEFAULT_LANGUAGE;
  return { t, language };
}
