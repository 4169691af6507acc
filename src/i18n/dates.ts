/**
 * Dates in the interface language, with date-fns and the matching locale. Locales load on demand
 * with the language; until one has loaded, English formatting is used.
 */
import { format, type Locale } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import type { Language } from './languages';

const loaders: Record<Language, () => Promise<Locale>> = {
  de: () => import('date-fns/locale/de').then((m) => m.de),
  en: () => Promise.resolve(enUS),
  es: () => import('date-fns/locale/es').then((m) => m.es),
  fr: () => import('date-fns/locale/fr').then((m) => m.fr),
  hi: () => import('date-fns/locale/hi').then((m) => m.hi),
  it: () => import('date-fns/locale/it').then((m) => m.it),
  ja: () => import('date-fns/locale/ja').then((m) => m.ja),
  ko: () => import('date-fns/locale/ko').then((m) => m.ko),
  nl: () => import('date-fns/locale/nl').then((m) => m.nl),
  pt: () => import('date-fns/locale/pt').then((m) => m.pt),
  ru: () => import('date-fns/locale/ru').then((m) => m.ru),
  tr: () => import('date-fns/locale/tr').then((m) => m.tr),
};

let current: Locale = enUS;

export async function loadDateLocale(language: Language): Promise<Locale> {
  current = await loaders[language]();
  return current;
}

/** A long date such as "Sunday, November 22nd, 2026" / "Sonntag, 22. November 2026". */
export function formatLongDate(date: Date, locale: Locale = current): string {
  return format(date, 'PPPP', { locale });
}

/**
 * A kick-off in the member's language: weekday, day, month and time, e.g. "Sat 28 Nov, 10:00",
 * in `timeZone` (a league's), else the browser's.
 */
export function formatKickoff(iso: string, language: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(language, {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}
