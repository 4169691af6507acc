import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, pickLanguage } from './languages';

const root = join(import.meta.dirname, 'locales');
/** The core files (locales/*.json) and each bundle's folder (locales/<bundle>/*.json). */
const BUNDLES = [
  '',
  ...readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name),
];
const load = (bundle: string, lang: string) =>
  JSON.parse(readFileSync(join(root, bundle, `${lang}.json`), 'utf8')) as Record<string, unknown>;

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  const out: Record<string, string> = {};
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    Object.assign(out, flatten(child, prefix ? `${prefix}.${key}` : key));
  }
  return out;
}

const placeholders = (text: string) => [...new Set([...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]))].sort();
const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (key: string) => key.replace(PLURAL, '');

/** Keys without plural suffixes, and for each plural key the suffixes present. */
function shape(strings: Record<string, string>) {
  const keys = new Set(Object.keys(strings).map(base));
  const plurals = new Map<string, string[]>();
  for (const key of Object.keys(strings)) {
    const match = PLURAL.exec(key);
    if (match) plurals.set(base(key), [...(plurals.get(base(key)) ?? []), match[1]!].sort());
  }
  return { keys: [...keys].sort(), plurals };
}

describe.each(BUNDLES)('locales%s', (bundle) => {
  const english = flatten(load(bundle, 'en'));

  it('has exactly the twelve interface languages', () => {
    const files = readdirSync(join(root, bundle))
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\.json$/, ''));
    expect(files.sort()).toEqual([...LANGUAGES].sort());
  });

  it.each([...LANGUAGES])('%s has every key of en, its own plural forms, and the same placeholders', (lang) => {
    const strings = flatten(load(bundle, lang));
    const { keys, plurals } = shape(strings);
    const reference = shape(english);
    expect(keys).toEqual(reference.keys);
    expect([...plurals.keys()].sort()).toEqual([...reference.plurals.keys()].sort());
    const categories = [...new Intl.PluralRules(lang).resolvedOptions().pluralCategories].sort();
    for (const [key, forms] of plurals) expect(forms, `${lang}:${key} plural forms`).toEqual(categories);
    const englishByBase = new Map(Object.entries(english).map(([key, text]) => [base(key), text]));
    for (const [key, text] of Object.entries(strings)) {
      expect(text.trim(), `${lang}:${key} is empty`).not.toBe('');
      expect(placeholders(text), `${lang}:${key} placeholders`).toEqual(placeholders(englishByBase.get(base(key))!));
    }
  });
});

describe('bundles', () => {
  it('never define the same key twice', () => {
    const owner = new Map<string, string>();
    for (const bundle of BUNDLES) {
      for (const key of Object.keys(flatten(load(bundle, 'en')))) {
        expect(owner.get(key), `${key} is in ${owner.get(key)} and ${bundle || 'core'}`).toBeUndefined();
        owner.set(key, bundle || 'core');
      }
    }
  });

  it('each folder is a bundle src/i18n/bundle-files.ts lists', () => {
    const source = readFileSync(join(import.meta.dirname, 'bundle-files.ts'), 'utf8');
    for (const bundle of BUNDLES.filter(Boolean)) expect(source).toContain(`'./locales/${bundle}/*.json'`);
  });
});

describe('pickLanguage', () => {
  it('prefers the user language, then the browser language, then en', () => {
    expect(pickLanguage('ja', 'de-DE')).toBe('ja');
    expect(pickLanguage(null, 'de-DE')).toBe('de');
    expect(pickLanguage(null, 'PT-br')).toBe('pt');
    expect(pickLanguage(null, 'sv-SE')).toBe('en');
    expect(pickLanguage('xx', undefined)).toBe('en');
    expect(pickLanguage('xx', 'ko-KR')).toBe('ko');
  });
});
