/**
 * A part of the interface whose code is loaded on demand, without React.lazy: until its code is
 * there it shows a placeholder (or nothing), then the part. No Suspense boundary is involved, so
 * the part appears as soon as its code has run: a Suspense fallback, once shown, holds what
 * follows back for React's reveal throttle (about 300 ms). `preload` fetches the code ahead, for
 * example the screen of the address the app opens on, or search results when the search box gets
 * the focus; a part whose code is already there renders at once.
 */
import { createElement, useEffect, useState, type ComponentType, type ReactElement } from 'react';

export interface Preloadable<P extends object> {
  (props: P): ReactElement | null;
  /** Fetches the code (settles when done, either way); a failure is left to the render. */
  preload(): Promise<void>;
}

type Loaded<P> = { default: ComponentType<P> };

export interface PreloadableOptions {
  /**
   * A part the page works without (a message's toolbar, a poll card): code that cannot be loaded
   * (offline) leaves the placeholder and is tried again when the browser is back online, instead
   * of failing the render.
   */
  optional?: boolean;
}

export function preloadable<P extends object>(
  load: () => Promise<Loaded<P>>,
  Placeholder: ComponentType<P> | null = null,
  { optional = false }: PreloadableOptions = {},
): Preloadable<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<Loaded<P>> | null = null;
  const start = () =>
    (pending ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    ));

  function Part(props: P) {
    const [part, setPart] = useState<{ component: ComponentType<P> | null; error?: unknown }>(() => ({
      component: loaded,
    }));
    const [attempt, setAttempt] = useState(0);
    useEffect(() => {
      if (part.component) return;
      let mounted = true;
      const retry = () => mounted && setAttempt((n) => n + 1);
      start().then(
        (module) => mounted && setPart({ component: module.default }),
        (error: unknown) => {
          if (!mounted) return;
          if (optional) window.addEventListener('online', retry, { once: true });
          else setPart({ component: null, error });
        },
      );
      return () => {
        mounted = false;
        window.removeEventListener('online', retry);
      };
    }, [part.component, attempt]);
    // As with a lazy component, code that cannot be loaded is an error of the render.
    if (part.error instanceof Error) throw part.error;
    if (part.error) throw new Error('This part of the page could not be loaded');
    if (part.component) return createElement(part.component, props);
    return Placeholder ? createElement(Placeholder, props) : null;
  }
  Part.preload = () =>
    start().then(
      () => undefined,
      () => undefined,
    );
  return Part;
}
