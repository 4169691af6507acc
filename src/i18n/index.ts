/**
 * i18next with the twelve locales, each loaded on demand as its own chunk. English is bundled
 * as the fallback for any missing key. Strings of screens and parts loaded on demand live in
 * bundles of their own (`./bundles.ts`).
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import { loadUsedStrings } from './bundles';
import { loadDateLocale } from './dates';
import { DEFAULT_LANGUAGE, pickLanguage, type Language } from './languages';

// English is bundled above; the others are their own chunks.
const loaders = import.meta.glob<{ default: Record<string, unknown> }>(['./locales/*.json', '!./locales/en.json']);

async function loadLocale(language: Language): Promise<void> {
  if (i18next.hasResourceBundle(language, 'translation')) return;
  const load = loaders[`./locales/${language}.json`];
  if (!load) return;
  const module = await load();
  i18next.addResourceBundle(language, 'translation', module.default, true, true);
}

/**
 * Starts i18next in the member's language when `memberLanguage` names one (the start-up request
 * answers before the first render), in the browser's otherwise.
 */
export async function initI18n(
  memberLanguage: Promise<string | null | undefined> = Promise.resolve(null),
): Promise<typeof i18next> {
  const language = pickLanguage(await memberLanguage, navigator.language);
  await i18next.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await changeLanguage(language);
  return i18next;
}

/**
 * Switches the interface language (loading its locale first) and the document's lang. The
 * language already shown is left as it is: switching to it again would render every translated
 * component anew.
 */
export async function changeLanguage(language: Language): Promise<void> {
  if (i18next.isInitialized && i18next.language === language && document.documentElement.lang === language) return;
  await Promise.all([loadLocale(language), loadUsedStrings(language), loadDateLocale(language)]);
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}
