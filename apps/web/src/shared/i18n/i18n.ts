import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { enIN } from '../../locales/en-IN';

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
 * The app's one i18next instance. English is bundled, so it is ready before the first paint (and before a test
 * renders anything); Hindi is a chunk of its own, loaded before the first render for a Hindi reader (main.tsx) and
 * before the switch for a player who changes language (setLanguage), so an English reader never downloads it.
 */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { 'en-IN': { translation: enIN } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  // The catalogues' English is the domain's and the spec's words, which contain ':' and '.'; keys are nested objects.
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** The catalogues not bundled with the app, each fetched once when first needed. */
const LAZY_CATALOGUES: Partial<Record<Language, () => Promise<Record<string, unknown>>>> = {
  'hi-IN': () => import('../../locales/hi-IN').then((module) => module.hiIN),
};

function catalogueLoaded(language: Language): boolean {
  return i18n.hasResourceBundle(language, 'translation');
}

/** Makes `language`'s catalogue available (at once for English or one loaded already). */
export async function loadLanguage(language: Language): Promise<void> {
  const load = LAZY_CATALOGUES[language];
  if (!load || catalogueLoaded(language)) return;
  i18n.addResourceBundle(language, 'translation', await load());
}

/** The language the screens speak now. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

function applyToDocument(language: Language) {
  if (typeof document !== 'undefined') document.documentElement.lang = language.slice(0, 2);
}

function switchTo(language: Language) {
  applyToDocument(language);
  if (i18n.language !== language) void i18n.changeLanguage(language);
}

/**
 * Starts the screens in the language chosen before on this browser, else the browser's own; resolves once its
 * catalogue is in (at once for English). Called before the first render.
 */
export async function startInInitialLanguage(): Promise<void> {
  const language = initialLanguage();
  try {
    await loadLanguage(language);
  } catch (error) {
    // The chunk could not be fetched (offline on a first visit): the screens start in English.
    console.warn('Language catalogue not loaded', language, error);
    return;
  }
  switchTo(language);
}

/**
 * Switches every screen to `language`, remembers it on this browser and tells assistive technology (<html lang>):
 * at once when its catalogue is in, else as soon as it has loaded.
 */
export function setLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode without storage: the choice lasts for this visit.
  }
  if (catalogueLoaded(language) || !LAZY_CATALOGUES[language]) {
    switchTo(language);
    return;
  }
  loadLanguage(language).then(
    () => {
      // Still the wanted language (not changed again meanwhile).
      if (storedLanguage() === language || storedLanguage() === null) switchTo(language);
    },
    (error: unknown) => console.warn('Language catalogue not loaded', language, error),
  );
}

/** `t` and the current language, re-rendering the component when the language changes. */
export function useT() {
  const { t, i18n: instance } = useTranslation(undefined, { i18n });
  const language = isLanguage(instance.language) ? instance.language : DEFAULT_LANGUAGE;
  return { t, language };
}
