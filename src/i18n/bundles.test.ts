import i18next from 'i18next';
import { afterAll, describe, expect, it } from 'vitest';
import { loadStrings, loadUsedStrings, withStrings } from './bundles';

// The test set-up starts i18next in English with every string; other languages start empty.
const standings = (language: string) => i18next.getResource(language, 'translation', 'league.standings') as unknown;

describe('string bundles', () => {
  afterAll(() => i18next.changeLanguage('en'));

  it('loads a bundle in the current language when asked, beside that language’s core strings', async () => {
    await i18next.changeLanguage('ko');
    i18next.addResourceBundle('ko', 'translation', { nav: { label: '메인' } });
    expect(standings('ko')).toBeUndefined();
    await loadStrings('pages');
    expect(standings('ko')).toEqual(expect.any(String));
    expect(standings('ko')).not.toBe(standings('en'));
    expect(i18next.getResource('ko', 'translation', 'nav.label')).toBe('메인');
  });

  it('loads the bundles in use in a language before switching to it', async () => {
    expect(standings('fr')).toBeUndefined();
    await loadUsedStrings('fr');
    expect(standings('fr')).toEqual(expect.any(String));
    expect(standings('fr')).not.toBe(standings('en'));
  });

  it('withStrings settles with the module once the strings are there', async () => {
    await i18next.changeLanguage('ja');
    expect(standings('ja')).toBeUndefined();
    const module = await withStrings('pages', () => Promise.resolve({ default: 'screen' }))();
    expect(module.default).toBe('screen');
    expect(standings('ja')).toEqual(expect.any(String));
  });

  it('a bundle first asked for while the language switches loads in the new language too', async () => {
    await i18next.changeLanguage('en');
    const record = () => i18next.getResource('tr', 'translation', 'chat.voice.recorder') as unknown;
    expect(record()).toBeUndefined();
    // The switch to Turkish has begun (the bundles in use are loading) but i18next is still English.
    const switching = loadUsedStrings('tr');
    await loadStrings('voice');
    await switching;
    expect(i18next.language).toBe('en');
    expect(record()).toEqual(expect.any(String));
    expect(record()).not.toBe(i18next.getResource('en', 'translation', 'chat.voice.recorder'));
  });
});
