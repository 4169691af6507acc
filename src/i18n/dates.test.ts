import { describe, expect, it } from 'vitest';
import { formatLongDate, loadDateLocale } from './dates';
import { LANGUAGES } from './languages';

describe('dates', () => {
  const day = new Date(2026, 10, 22, 12);

  it('formats in every interface language with its own locale', async () => {
    const english = formatLongDate(day, await loadDateLocale('en'));
    expect(english).toBe('Sunday, November 22nd, 2026');
    expect(formatLongDate(day, await loadDateLocale('de'))).toBe('Sonntag, 22. November 2026');
    const seen = new Set<string>();
    for (const language of LANGUAGES) seen.add(formatLongDate(day, await loadDateLocale(language)));
    expect(seen.size).toBe(LANGUAGES.length);
  });
});
