/** Path models for the toaster and a single toast. */
import type { PathModel } from '../shared/path-coverage';
import { MAX_TOASTS, toastMachine, toasterMachine, type ToasterContext } from './toasts.machine';
import { selectToastKind, selectToastMessage, selectToasts, type selectToastState } from './toasts.selectors';

type Toaster = Parameters<typeof selectToasts>[0];
type Toast = Parameters<typeof selectToastState>[0];
const ids = (s: Toaster) => selectToasts(s).map((t) => t.id);
const kept = (s: Toast) => [selectToastKind(s), selectToastMessage(s)];

export const pathModels: PathModel[] = [
  {
    name: 'toaster',
    machine: toasterMachine,
    events: (snapshot) => {
      const { toasts } = snapshot.context as ToasterContext;
      const first = toasts[0]?.id ?? 'toast:none';
      return [
        { type: 'toast.show', toast: { kind: 'success', message: 'Saved' } },
        { type: 'toast.dismiss', id: first },
        { type: 'toast.expired', id: first },
      ];
    },
    serializeState: (snapshot) => `${String(snapshot.value)}:${(snapshot.context as ToasterContext).toasts.length}`,
    // A new toast goes last with the next id (the oldest making room past the maximum); a dismissed
    // or expired one is gone (a dismissal reaches it and it reports back), the others stay.
    outcomes: {
      active: ({ snapshot, before, event }) => {
        const [s, b] = [snapshot as Toaster, before as Toaster];
        if (event?.type === 'toast.show') {
          const added = `toast:${b.context.nextId}`;
          return { actual: ids(s), expected: [...ids(b), added].slice(-MAX_TOASTS) };
        }
        return { actual: ids(s), expected: ids(b).filter((id) => id !== event?.id) };
      },
    },
  },
  {
    name: 'toast',
    // Alone, a toast has no toaster to tell; the path test stands in for it.
    machine: toastMachine.provide({ actions: { notifyExpired: () => undefined } }),
    input: { id: 'toast:1', kind: 'error', message: 'Failed' },
    events: (snapshot) => [
      { type: 'toast.dismiss' },
      { type: 'toast.pause' },
      { type: 'toast.resume' },
      ...(snapshot.value === 'visible' ? [{ type: 'xstate.after.lifetime.toast.visible' }] : []),
    ],
    // The toast keeps what it says; only a pause holds it, only a resume or nothing lets it run,
    // and it goes only when dismissed or its lifetime ends.
    outcomes: {
      visible: ({ snapshot, event }) => ({
        actual: [kept(snapshot as Toast), event?.type === 'toast.pause' || event?.type === 'toast.dismiss'],
        expected: [['error', 'Failed'], false],
      }),
      paused: ({ snapshot, event }) => ({
        actual: [kept(snapshot as Toast), event?.type === 'toast.resume' || event?.type === 'toast.dismiss'],
        expected: [['error', 'Failed'], false],
      }),
      gone: ({ snapshot, event }) => ({
        actual: [
          kept(snapshot as Toast),
          snapshot.status,
          ['toast.dismiss', 'xstate.after.lifetime.toast.visible'].includes(event?.type ?? ''),
        ],
        expected: [['error', 'Failed'], 'done', true],
      }),
    },
  },
];
