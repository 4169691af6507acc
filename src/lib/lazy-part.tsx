/**
 * React.lazy for the parts a member opens (panels, dialogs, popovers). When the part's code cannot
 * be fetched (offline, a deploy removed the old chunk), a small notice takes its place with
 * "Try again", and the part is tried again by itself when the browser is back online, instead of
 * the whole page falling to the error boundary. Each attempt imports anew: a rejected lazy()
 * stays rejected. An error thrown by the part once its code is loaded is not ours to hide and
 * goes on to the page's error boundary.
 */
import { Component, lazy, useCallback, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';

type Loaded<P> = { default: ComponentType<P> };

/**
 * Stylesheets of parts whose fetch failed. A failed `<link rel="stylesheet">` stays in the page,
 * and the bundler's loader never asks for a stylesheet twice: a part opened again once back online
 * would come without its styles. Resource errors do not bubble, so they are caught on the way down.
 */
const failedSheets = new Set<HTMLLinkElement>();
if (typeof window !== 'undefined')
  window.addEventListener(
    'error',
    (event) => {
      const target = event.target;
      if (target instanceof HTMLLinkElement && target.rel === 'stylesheet') failedSheets.add(target);
    },
    true,
  );

/** Each failed stylesheet is replaced by a fresh link to the same address, which fetches it again. */
function refetchFailedSheets() {
  for (const link of failedSheets) {
    const fresh = link.cloneNode() as HTMLLinkElement;
    link.replaceWith(fresh);
  }
  failedSheets.clear();
}

export interface LazyPart<P extends object> {
  (props: P): ReactNode;
  /** Fetches the code ahead (settles either way). */
  preload(): Promise<void>;
}

export function lazyPart<P extends object>(load: () => Promise<Loaded<P>>): LazyPart<P> {
  let loaded = false;
  let pending: Promise<Loaded<P>> | null = null;
  const fetchPart = () =>
    (pending ??= load().then(
      (module) => {
        loaded = true;
        return module;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    ));
  let Current = lazy(fetchPart);

  function Part(props: P) {
    const [attempt, setAttempt] = useState(0);
    const retry = useCallback(() => {
      refetchFailedSheets();
      Current = lazy(fetchPart);
      setAttempt((n) => n + 1);
    }, []);
    return (
      <PartBoundary key={attempt} onRetry={retry} isLoaded={() => loaded}>
        <Current {...props} />
      </PartBoundary>
    );
  }
  Part.preload = () =>
    fetchPart().then(
      () => undefined,
      () => undefined,
    );
  return Part;
}

interface BoundaryProps {
  onRetry: () => void;
  isLoaded: () => boolean;
  children: ReactNode;
}

class PartBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidMount() {
    this.listenWhileFailed();
  }

  override componentDidUpdate() {
    this.listenWhileFailed();
  }

  private listenWhileFailed() {
    if (this.state.error) window.addEventListener('online', this.props.onRetry, { once: true });
  }

  override componentWillUnmount() {
    window.removeEventListener('online', this.props.onRetry);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    if (this.props.isLoaded()) throw this.state.error;
    return <PartUnavailable onRetry={this.props.onRetry} />;
  }
}

function PartUnavailable({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="part-unavailable" role="alert">
      <span>{t('errors.partUnavailable')}</span>
      <button type="button" onClick={onRetry}>
        {t('errors.tryAgain')}
      </button>
    </div>
  );
}
