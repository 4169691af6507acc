/**
 * The interface's own words in any of its languages, read from the locale files (the core file
 * merged with every bundle's), so end-to-end tests can find controls by name in German as in English.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

type Strings = { [key: string]: string | Strings };
const LOCALES = join(process.cwd(), 'src/i18n/locales');

function merge(into: Strings, from: Strings): Strings {
  for (const [key, value] of Object.entries(from)) {
    const existing = into[key];
    into[key] = typeof value === 'object' && typeof existing === 'object' ? merge({ ...existing }, value) : value;
  }
  return into;
}

const cache = new Map<string, Strings>();

function stringsOf(language: string): Strings {
  let strings = cache.get(language);
  if (!strings) {
    const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Strings;
    const bundles = readdirSync(LOCALES, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => read(join(LOCALES, entry.name, `${language}.json`)));
    strings = bundles.reduce(merge, read(join(LOCALES, `${language}.json`)));
    cache.set(language, strings);
  }
  return strings;
}

/** The text of `key` (dotted) in `language`, with `{{name}}` placeholders filled from `values`. */
export function say(language: string, key: string, values: Record<string, string | number> = {}): string {
  let node: string | Strings | undefined = stringsOf(language);
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`No string ${key} in ${language}`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
}
