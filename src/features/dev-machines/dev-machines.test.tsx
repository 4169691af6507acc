import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { sessionMachine } from '../../../machines/session/session.machine';
import { toasterMachine } from '../../../machines/toasts/toasts.machine';
import { registerDevActor } from '../../lib/dev/actor-registry';
import { contextRows, stateLabel, summarize } from './context-summary';
import { globalTransitions, layoutMachine, mergeEdges } from './diagram-layout';
import MachinesPage from './MachinesPage';

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

describe('diagram layout', () => {
  it('draws a box for every state and an arrow for every transition between states', () => {
    const layout = layoutMachine(sessionMachine);
    expect(layout.boxes.map((b) => b.label).sort()).toEqual(
      ['authenticated', 'loading', 'refreshing', 'retrying', 'signingOut', 'unauthenticated'].sort(),
    );
    expect(layout.edges).toContainEqual({ from: 'session.loading', to: 'session.authenticated', label: 'done' });
    expect(layout.edges).toContainEqual({
      from: 'session.retrying',
      to: 'session.loading',
      label: 'network.online · session.refresh · after retryDelay',
    });
    // The initial state sits in the first column, what it leads to further right.
    const x = (label: string) => layout.boxes.find((b) => b.label === label)!.x;
    expect(x('loading')).toBeLessThan(x('authenticated'));
    expect(layout.width).toBeGreaterThan(x('signingOut'));
  });

  it('draws one arrow per pair of states, with every event on it', () => {
    expect(
      mergeEdges([
        { from: 'a', to: 'b', label: 'x' },
        { from: 'a', to: 'b', label: 'y' },
        { from: 'a', to: 'b', label: 'x' },
        { from: 'b', to: 'a', label: 'x' },
      ]),
    ).toEqual([
      { from: 'a', to: 'b', label: 'x · y' },
      { from: 'b', to: 'a', label: 'x' },
    ]);
  });

  it('lists root-level transitions apart, as allowed from any state', () => {
    expect(globalTransitions(sessionMachine).map((e) => e.label)).toEqual([
      'session.setStatus',
      'session.setStatus',
      'session.setStatus',
    ]);
  });
});

describe('context summary', () => {
  it('keeps primitives, cuts long text and lists, names actors, survives cycles', () => {
    const cyclic: Record<string, unknown> = { name: 'a' };
    cyclic.self = cyclic;
    expect(summarize('x'.repeat(100))).toBe(`"${'x'.repeat(80)}…"`);
    expect(summarize([1, 2, 3, 4, 5])).toBe('[5: 1, 2, 3, … +2]');
    expect(summarize(cyclic)).toBe('{ name: "a", self: ⟨cycle⟩ }');
    const actor = createActor(toasterMachine);
    expect(summarize({ ref: actor })).toBe(`{ ref: ⟨actor ${actor.id}⟩ }`);
    expect(contextRows({ failures: 2, user: null })).toEqual([
      { key: 'failures', value: '2' },
      { key: 'user', value: 'null' },
    ]);
    expect(stateLabel({ connected: { healthy: 'idle' } })).toBe('connected.healthy.idle');
  });

  it('names class instances instead of dumping them, masks credentials and caps long objects', () => {
    class ChatClient {
      userID = '1';
    }
    expect(summarize({ client: new ChatClient(), error: new TypeError('bad') })).toBe(
      '{ client: ⟨ChatClient⟩, error: ⟨TypeError: bad⟩ }',
    );
    expect(contextRows({ token: 'eyJ.secret', nested: { apiSecret: 's3cr3t', ok: 1 }, empty: null })).toEqual([
      { key: 'token', value: '•••' },
      { key: 'nested', value: '{ apiSecret: •••, ok: 1 }' },
      { key: 'empty', value: 'null' },
    ]);
    const wide = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`k${i}`, i]));
    expect(summarize(wide)).toBe('{ k0: 0, k1: 1, k2: 2, k3: 3, k4: 4, k5: 5, k6: 6, k7: 7, … +2 }');
  });
});

describe('/dev/machines', () => {
  it('says what to do when nothing runs', () => {
    render(<MachinesPage />);
    expect(screen.getByText('No actors are running. Open a screen that uses one, then come back.')).toBeTruthy();
  });

  it('lists a registered actor and its children with state, context and last events, and draws the chart', async () => {
    const toaster = createActor(toasterMachine).start();
    cleanups.push(registerDevActor('toaster', toaster), () => toaster.stop());
    render(<MachinesPage />);
    act(() => toaster.send({ type: 'toast.show', toast: { kind: 'success', message: 'Saved' } }));

    const card = screen.getByRole('article', { name: /^toaster/ });
    expect(card.getAttribute('data-state')).toBe('active');
    const events = within(card).getByText('Last events').nextElementSibling as HTMLElement;
    expect(
      within(events)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('code')!.textContent),
    ).toEqual(['toast.show']);
    expect(within(card).getByText('nextId').nextElementSibling!.textContent).toBe('2');

    const child = screen.getByRole('article', { name: /^toast:1/ });
    expect(child.getAttribute('data-state')).toBe('visible');
    expect(within(child).getByText(/child of toaster/)).toBeTruthy();

    await userEvent.click(within(child).getByText('Diagram'));
    const diagram = within(child).getByRole('img', { name: 'State diagram of toast' });
    const active = diagram.querySelectorAll('[data-state="active"]');
    expect([...active].map((g) => g.textContent)).toEqual(['visible']);

    act(() => toaster.send({ type: 'toast.dismiss', id: 'toast:1' }));
    expect(screen.queryByRole('article', { name: /^toast:1/ })).toBeNull();
  });

  it('forgets a root and its children when it unregisters', () => {
    const toaster = createActor(toasterMachine).start();
    const unregister = registerDevActor('toaster', toaster);
    render(<MachinesPage />);
    act(() => toaster.send({ type: 'toast.show', toast: { kind: 'info', message: 'Hi' } }));
    expect(screen.getAllByRole('article')).toHaveLength(2);
    act(() => unregister());
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    toaster.stop();
  });
});
