import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, pickLanguage } from './languages';

const dir = join(import.meta.dirname, 'locales');
const load = (lang: string) => JSON.parse(readFileSync(join(dir, `${lang}.json`), 'utf8')) as Record<string, unknown>;

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  const out: Record<string, string> = {};
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    Object.assign(out, flatten(child, prefix ? `${prefix}.${key}` : key));
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('locales', () => {
  const english = flatten(load('en'));

  it('has exactly the twelve interface languages', () => {
    const files = readdirSync(dir).map((f) => f.replace(/\.json$/, ''));
    expect(files.sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))(
    '%s has every key of en, no extra key, and the same placeholders',
    (lang) => {
      const strings = flatten(load(lang));
      expect(Object.keys(strings).sort()).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(strings)) {
        expect(text.trim(), `${lang}:${key} is empty`).not.toBe('');
        expect(placeholders(text), `${lang}:${key} placeholders`).toEqual(placeholders(english[key]!));
      }
    },
  );
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
