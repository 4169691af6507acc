/**
 * A language's every string: its core locale file merged with each bundle's file of that language
 * (src/i18n/bundles.ts), for component tests that render screens without loading bundles.
 */
type Strings = { [key: string]: string | Strings };

const files = import.meta.glob<Strings>('../../src/i18n/locales/**/*.json', { eager: true, import: 'default' });

function merge(into: Strings, from: Strings): Strings {
  for (const [key, value] of Object.entries(from)) {
    const existing = into[key];
    into[key] = typeof value === 'object' && typeof existing === 'object' ? merge({ ...existing }, value) : value;
  }
  return into;
}

/** Every string of `language`, core first, then the bundles. */
export function stringsFor(language: string): Strings {
  const core = `../../src/i18n/locales/${language}.json`;
  const own = Object.keys(files)
    .filter((path) => path.endsWith(`/${language}.json`))
    .sort((a, b) => (a === core ? -1 : b === core ? 1 : a.localeCompare(b)));
  return own.reduce<Strings>((all, path) => merge(all, files[path]!), {});
}

export const english = stringsFor('en');
