/** The date-fns locale of the interface language (loaded on demand; English until it has). */
import type { Locale } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { loadDateLocale } from '../../../i18n/dates';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../i18n/languages';

export function useDateLocale(): Locale {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const [loaded, setLoaded] = useState<{ language: string; locale: Locale }>({ language: 'en', locale: enUS });
  useEffect(() => {
    let live = true;
    void loadDateLocale(language).then((locale) => {
      if (live) setLoaded({ language, locale });
    });
    return () => {
      live = false;
    };
  }, [language]);
  return loaded.language === language ? loaded.locale : enUS;
}
