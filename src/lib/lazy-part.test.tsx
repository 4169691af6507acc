/**
 * Parts opened on demand (lazy-part.tsx): code that cannot be fetched leaves a notice with "Try
 * again" instead of failing the page; trying again (by the button or when the browser is back
 * online) imports anew; an error of the loaded part itself still reaches the page's boundary.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyPart } from './lazy-part';

const Dialog = ({ title }: { title: string }) => <h2>{title}</h2>;
type Loaded = { default: typeof Dialog };
const offline = (): Promise<Loaded> => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

class PageBoundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  override render() {
    return this.state.error ? <p>Page failed: {this.state.error}</p> : this.props.children;
  }
}

const mount = (node: ReactNode) =>
  render(
    <PageBoundary>
      <Suspense fallback={<p>Loading</p>}>{node}</Suspense>
    </PageBoundary>,
  );

describe('lazy parts', () => {
  beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => vi.restoreAllMocks());

  it('shows a notice instead of failing the page, and opens the part when tried again', async () => {
    const load = vi.fn(offline);
    const Part = lazyPart(load);
    mount(<Part title="Create a poll" />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('could not be loaded');
    expect(screen.queryByText(/Page failed/)).toBeNull();

    load.mockImplementation(() => Promise.resolve({ default: Dialog }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect((await screen.findByRole('heading')).textContent).toBe('Create a poll');
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('fetches again the stylesheet that failed with the code, instead of opening the part unstyled', async () => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = '/assets/polls.css';
    document.head.append(link);
    const load = vi.fn(offline);
    const Part = lazyPart(load);
    mount(<Part title="Create a poll" />);
    link.dispatchEvent(new Event('error'));
    await screen.findByRole('alert');
    expect(link.isConnected).toBe(true);
    load.mockImplementation(() => Promise.resolve({ default: Dialog }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    await screen.findByRole('heading');
    // Replaced by a fresh link to the same address, which the browser fetches again.
    expect(link.isConnected).toBe(false);
    const fresh = document.head.querySelectorAll('link[href="/assets/polls.css"]');
    expect(fresh).toHaveLength(1);
    expect(fresh[0]).not.toBe(link);
    fresh[0]!.remove();
  });

  it('tries again by itself when the browser is back online', async () => {
    const load = vi.fn(offline);
    const Part = lazyPart(load);
    mount(<Part title="Thread" />);
    await screen.findByRole('alert');
    load.mockImplementation(() => Promise.resolve({ default: Dialog }));
    await act(async () => window.dispatchEvent(new Event('online')));
    expect((await screen.findByRole('heading')).textContent).toBe('Thread');
  });

  it('fetches once for preload and render', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Dialog }));
    const Part = lazyPart(load);
    await Part.preload();
    mount(<Part title="Reactions" />);
    expect((await screen.findByRole('heading')).textContent).toBe('Reactions');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('leaves an error of the loaded part itself to the page', async () => {
    const Broken = (): ReactNode => {
      throw new Error('bug in the dialog');
    };
    const Part = lazyPart(() => Promise.resolve({ default: Broken }));
    mount(<Part />);
    expect((await screen.findByText(/Page failed/)).textContent).toContain('bug in the dialog');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
