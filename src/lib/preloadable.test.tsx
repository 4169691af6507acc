/**
 * Parts loaded on demand (preloadable.ts): one fetched ahead renders at once, without the
 * placeholder; one that is not shows the placeholder until its code is there, with its props;
 * code that cannot be loaded is an error of the render, and the next render tries again; an
 * optional part keeps its placeholder instead and tries again once the browser is online.
 */
import { act, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { preloadable } from './preloadable';

const Placeholder = ({ title = 'the screen' }: { title?: string }) => <p>Loading {title}</p>;
const Screen = ({ title = 'The screen' }: { title?: string }) => <h1>{title}</h1>;

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error}</p> : this.props.children;
  }
}

describe('preloadable parts', () => {
  it('renders a screen fetched ahead at once, without the placeholder', async () => {
    let loads = 0;
    const Preloaded = preloadable(() => {
      loads++;
      return Promise.resolve({ default: Screen });
    }, Placeholder);
    await Preloaded.preload();
    render(<Preloaded />);
    expect(screen.getByRole('heading').textContent).toBe('The screen');
    expect(screen.queryByText('Loading the screen')).toBeNull();
    expect(loads).toBe(1);
  });

  it('shows the placeholder until the code is there, loading it once', async () => {
    const load = deferred<{ default: typeof Screen }>();
    let loads = 0;
    const Later = preloadable(() => {
      loads++;
      return load.promise;
    }, Placeholder);
    render(<Later title="Results" />);
    expect(screen.getByText('Loading Results')).toBeTruthy();
    void Later.preload();
    await act(async () => load.resolve({ default: Screen }));
    expect(screen.getByRole('heading').textContent).toBe('Results');
    expect(loads).toBe(1);
  });

  it('turns code that cannot be loaded into an error of the render, and loads again next time', async () => {
    let attempt = 0;
    const Broken = preloadable(() => {
      attempt++;
      return attempt === 1 ? Promise.reject(new Error('chunk missing')) : Promise.resolve({ default: Screen });
    }, Placeholder);
    // React reports the error it handed to the boundary; expected here.
    const report = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = render(
      <Boundary>
        <Broken />
      </Boundary>,
    );
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'chunk missing');
    report.mockRestore();
    view.unmount();
    render(<Broken />);
    expect(await screen.findByRole('heading')).toHaveProperty('textContent', 'The screen');
    expect(attempt).toBe(2);
  });

  it('keeps an optional part at its placeholder while its code cannot be loaded, and tries again once online', async () => {
    let attempt = 0;
    const Optional = preloadable(
      () => {
        attempt++;
        return attempt === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ default: Screen });
      },
      Placeholder,
      { optional: true },
    );
    render(
      <Boundary>
        <Optional title="the toolbar" />
      </Boundary>,
    );
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Loading the toolbar')).toBeTruthy();
    expect(attempt).toBe(1);
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await Promise.resolve();
    });
    expect(await screen.findByRole('heading')).toHaveProperty('textContent', 'the toolbar');
    expect(attempt).toBe(2);
  });
});
