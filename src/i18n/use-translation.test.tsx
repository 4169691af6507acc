import { act, renderHook } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import de from './locales/de.json';
import { useTranslation } from './use-translation';

describe('useTranslation', () => {
  afterEach(async () => {
    await act(() => i18next.changeLanguage('en'));
  });

  it('keeps t while the language stays, and gives a new t in the new language when it changes', async () => {
    i18next.addResourceBundle('de', 'translation', de, true, true);
    let renders = 0;
    const { result, rerender } = renderHook(() => {
      renders++;
      return useTranslation();
    });
    const english = result.current.t;
    expect(english('nav.label')).toBe('Main');
    rerender();
    expect(result.current.t).toBe(english);

    const before = renders;
    await act(() => i18next.changeLanguage('de'));
    expect(renders).toBeGreaterThan(before);
    expect(result.current.t).not.toBe(english);
    expect(result.current.t('nav.label')).toBe('Hauptnavigation');
    expect(result.current.i18n.language).toBe('de');
  });
});
