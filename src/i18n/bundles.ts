/**
 * String bundles beyond the core locale files. The core (`locales/<lang>.json`: the shell, sign-in
 * and the chat's always-shown parts) ships with the app; each bundle (`locales/<bundle>/<lang>.json`)
 * is fetched with the code that shows its strings, so the chat does not download the league's
 * texts and a dialog's texts come with the dialog. Keys keep their full paths (`league.…`), so
 * `t()` calls do not change when a string moves between bundles.
 *
 * A screen or part loaded on demand wraps its import: `withStrings('pages', () => import(…))`.
 * Every bundle loaded once is loaded again, in the new language, before the language switches.
 */
import i18next from 'i18next';
import type { BUNDLE_FILES, StringBundle } from './bundle-files';
import { DEFAULT_LANGUAGE } from './languages';

export type { StringBundle };

/** The bundles' file lists, fetched once, when the first bundle is asked for. */
let files: Promise<typeof BUNDLE_FILES> | null = null;
const bundleFiles = () =>
  (files ??= import('./bundle-files').then(
    (module) => module.BUNDLE_FILES,
    (error: unknown) => {
      files = null;
      throw error;
    },
  ));

/** Bundles some screen has asked for: a language switch loads these first. */
const used = new Set<StringBundle>();
const loaded = new Map<string, Promise<void>>();

function loadInto(bundle: StringBundle, language: string): Promise<void> {
  const key = `${bundle}/${language}`;
  let loading = loaded.get(key);
  if (!loading) {
    loading = bundleFiles().then(async (all) => {
      const load = all[bundle][`./locales/${bundle}/${language}.json`];
      if (!load) return;
      const module = await load();
      i18next.addResourceBundle(language, 'translation', module.default, true, false);
    });
    // A failed fetch (offline) may be tried again.
    loading.catch(() => loaded.delete(key));
    loaded.set(key, loading);
  }
  return loading;
}

const languagesFor = (language: string) => [...new Set([DEFAULT_LANGUAGE, language])];
/** The language being switched to: a bundle first asked for during the switch loads in it too. */
let switchingTo: string | null = null;

/** Loads `bundle` in the current language (and the one being switched to) and in English (the fallback). */
export function loadStrings(bundle: StringBundle): Promise<void> {
  used.add(bundle);
  const languages = languagesFor(i18next.language || DEFAULT_LANGUAGE).concat(switchingTo ?? []);
  return Promise.all(languages.map((l) => loadInto(bundle, l))).then(() => undefined);
}

/** Loads, in `language`, every bundle already in use (called before the language switches). */
export function loadUsedStrings(language: string): Promise<void> {
  switchingTo = language;
  return Promise.all([...used].map((bundle) => loadInto(bundle, language))).then(() => undefined);
}

/** `importer`, settling only once `bundle`'s strings are loaded too. */
export function withStrings<T>(bundle: StringBundle, importer: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([importer(), loadStrings(bundle)]).then(([module]) => module);
}
