/**
 * The app's translation hook: `t` for the language shown, and i18next itself. It stands in for
 * react-i18next's hook of the same name, which builds a copy of the i18next instance for each
 * component it mounts in (measurable in long lists: every message row used it). This one reads one
 * snapshot per language: `t` keeps its identity until the language changes, so memoised parts
 * update exactly then.
 */
import i18next, { type TFunction } from 'i18next';
import { useSyncExternalStore } from 'react';

export interface Translation {
  t: TFunction;
  i18n: typeof i18next;
}

let current: (Translation & { language: string | undefined; ready: boolean }) | null = null;

function read(): Translation {
  const { language, isInitialized: ready } = i18next;
  if (!current || current.language !== language || current.ready !== ready)
    current = { t: i18next.getFixedT(language ?? null), i18n: i18next, language, ready };
  return current;
}

function subscribe(onChange: () => void): () => void {
  i18next.on('languageChanged', onChange);
  i18next.on('initialized', onChange);
  return () => {
    i18next.off('languageChanged', onChange);
    i18next.off('initialized', onChange);
  };
}

export function useTranslation(): Translation {
  return useSyncExternalStore(subscribe, read, read);
}
