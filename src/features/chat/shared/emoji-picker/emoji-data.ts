/**
 * The emoji data (@emoji-mart/data) and the picker's translations, loaded on demand: dynamic
 * imports only, so neither is part of the main bundle. One load per page, shared by the picker
 * and by reaction chips that need the emoji of an uncommon reaction type.
 */
import type { EmojiMartData } from '@emoji-mart/data';

let dataPromise: Promise<EmojiMartData> | null = null;

export function loadEmojiData(): Promise<EmojiMartData> {
  dataPromise ??= import('@emoji-mart/data')
    .then((module) => {
      const loaded = module as unknown as { default?: EmojiMartData } & EmojiMartData;
      return loaded.default ?? loaded;
    })
    .catch((error: unknown) => {
      dataPromise = null;
      throw error;
    });
  return dataPromise;
}

/** The data once loaded (null before): lets components render synchronously after the first load. */
let loaded: EmojiMartData | null = null;
export function loadedEmojiData(): EmojiMartData | null {
  return loaded;
}
export async function ensureEmojiData(): Promise<EmojiMartData> {
  loaded = await loadEmojiData();
  return loaded;
}

/** The emoji (default skin) of an emoji-mart id or alias, or null when the data has none. */
export function nativeOfId(data: EmojiMartData, id: string): string | null {
  const key = data.emojis[id] ? id : data.aliases[id];
  const emoji = key ? data.emojis[key] : undefined;
  return emoji?.skins[0]?.native ?? null;
}

/** The picker's own texts (search, categories, skin tones) for each interface language. */
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
