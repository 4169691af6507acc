/** Path models for the toaster and a single toast. */
import type { PathModel } from '../shared/path-coverage';
import { toastMachine, toasterMachine, type ToasterContext } from './toasts.machine';

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
  },
];
