import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useResource } from './use-resource';

/** Weeks answered by the test, one promise per call. */
function weeks() {
  const calls: { week: number; signal: AbortSignal; answer: (text: string) => void; fail: (e: Error) => void }[] = [];
  const load = ({ week }: { week: number }, signal: AbortSignal) =>
    new Promise<string>((answer, fail) => calls.push({ week, signal, answer, fail }));
  return { calls, load };
}

function Week({ week, load }: { week: number; load: (p: { week: number }, s: AbortSignal) => Promise<string> }) {
  const resource = useResource(load, { week });
  return (
    <div data-state={resource.status}>
      <p>{resource.data ?? 'nothing yet'}</p>
      {resource.error && <p role="alert">{resource.error}</p>}
      <button type="button" onClick={resource.reload}>
        Reload
      </button>
    </div>
  );
}

describe('useResource', () => {
  it('loads for its params, again when they change, and cancels the answer no longer wanted', async () => {
    const { calls, load } = weeks();
    const view = render(<Week week={9} load={load} />);
    expect(calls.map((c) => c.week)).toEqual([9]);
    await act(async () => calls[0]!.answer('Week 9'));
    expect(screen.getByText('Week 9')).toBeTruthy();

    view.rerender(<Week week={8} load={load} />);
    view.rerender(<Week week={7} load={load} />);
    expect(calls.map((c) => c.week)).toEqual([9, 8, 7]);
    expect(calls[1]!.signal.aborted).toBe(true);
    expect(view.container.firstElementChild!.getAttribute('data-state')).toBe('loading');
    expect(screen.getByText('Week 9')).toBeTruthy();
    await act(async () => calls[2]!.answer('Week 7'));
    expect(screen.getByText('Week 7')).toBeTruthy();

    // The same params again (a new object of equal value) load nothing.
    view.rerender(<Week week={7} load={load} />);
    expect(calls).toHaveLength(3);
  });

  it('shows why a load failed and loads again on reload', async () => {
    const { calls, load } = weeks();
    render(<Week week={1} load={load} />);
    await act(async () => calls[0]!.fail(new Error('League 4 does not exist')));
    expect(screen.getByRole('alert').textContent).toBe('League 4 does not exist');
    act(() => screen.getByRole('button', { name: 'Reload' }).click());
    await act(async () => calls[1]!.answer('Week 1'));
    expect(screen.getByText('Week 1')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
