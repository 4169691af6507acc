/**
 * The emoji picker's own texts (search, categories, skin tones) for each interface language, each
 * a chunk of its own. Only the picker's code imports this file, so the chat's first script does not
 * carry the twelve loaders (emoji-data.ts, shared with the reaction chips, is in that script).
 */
const PICKER_LOCALES: Record<string, () => Promise<{ default: unknown }>> = {
  de: () => import('@emoji-mart/data/i18n/de.json'),
  en: () => import('@emoji-mart/data/i18n/en.json'),
  es: () => import('@emoji-mart/data/i18n/es.json'),
  fr: () => import('@emoji-mart/data/i18n/fr.json'),
  hi: () => import('@emoji-mart/data/i18n/hi.json'),
  it: () => import('@emoji-mart/data/i18n/it.json'),
  ja: () => import('@emoji-mart/data/i18n/ja.json'),
  ko: () => import('@emoji-mart/data/i18n/ko.json'),
  nl: () => import('@emoji-mart/data/i18n/nl.json'),
  pt: () => import('@emoji-mart/data/i18n/pt.json'),
  ru: () => import('@emoji-mart/data/i18n/ru.json'),
  tr: () => import('@emoji-mart/data/i18n/tr.json'),
};

export interface PickerI18n {
  search: string;
  [key: string]: unknown;
}

/** The picker's locale code and texts for an interface language (English when unknown). */
export async function loadPickerI18n(language: string): Promise<{ locale: string; i18n: PickerI18n }> {
  const locale = language.slice(0, 2) in PICKER_LOCALES ? language.slice(0, 2) : 'en';
  const module = await PICKER_LOCALES[locale]!();
  return { locale, i18n: module.default as PickerI18n };
}
