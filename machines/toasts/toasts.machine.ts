/**
 * Toasts (spec: success lasts 3000 ms, error 8000 ms; info, our addition, 5000 ms). The toaster
 * spawns one `toast:<id>` child per message; each child counts down its own lifetime, pauses
 * while hovered or focused (so a message being read does not vanish), and tells the toaster when
 * it expired or was dismissed.
 */
import { assign, sendParent, setup, stopChild, type ActorRefFrom } from 'xstate';
import type { ToastEvent, ToastInput, ToasterEvent, ToastKind } from './toasts.types';

export const TOAST_DURATION_MS: Record<ToastKind, number> = { success: 3000, error: 8000, info: 5000 };

export const toastMachine = setup({
  types: {
    context: {} as ToastInput & { id: string },
    input: {} as ToastInput & { id: string },
    events: {} as ToastEvent,
  },
  delays: {
    lifetime: ({ context }) => TOAST_DURATION_MS[context.kind],
  },
  actions: {
    notifyExpired: sendParent(({ context }): ToasterEvent => ({ type: 'toast.expired', id: context.id })),
  },
}).createMachine({
  id: 'toast',
  context: ({ input }) => input,
  initial: 'visible',
  states: {
    visible: {
      after: { lifetime: 'gone' },
      on: { 'toast.dismiss': 'gone', 'toast.pause': 'paused' },
    },
    paused: {
      on: { 'toast.resume': 'visible', 'toast.dismiss': 'gone' },
    },
    gone: { type: 'final', entry: 'notifyExpired' },
  },
});

export type ToastRef = ActorRefFrom<typeof toastMachine>;

export interface ToasterContext {
  toasts: { id: string; ref: ToastRef }[];
  nextId: number;
}

/** At most this many toasts at once; the oldest makes room. */
export const MAX_TOASTS = 4;

export const toasterMachine = setup({
  types: {
    context: {} as ToasterContext,
    events: {} as ToasterEvent,
  },
  actors: { toast: toastMachine },
  actions: {
    addToast: assign(({ context, spawn }, { toast }: { toast: ToastInput }) => {
      const id = `toast:${context.nextId}`;
      const ref = spawn('toast', { id, input: { ...toast, id } });
      return { toasts: [...context.toasts, { id, ref }], nextId: context.nextId + 1 };
    }),
    dropOldest: stopChild(({ context }) => context.toasts[0]!.ref),
    forgetOldest: assign({ toasts: ({ context }) => context.toasts.slice(1) }),
    removeToast: assign({
      toasts: ({ context }, { id }: { id: string }) => context.toasts.filter((t) => t.id !== id),
    }),
    dismissToast: ({ context }, { id }: { id: string }) =>
      context.toasts.find((t) => t.id === id)?.ref.send({ type: 'toast.dismiss' }),
  },
  guards: {
    isFull: ({ context }) => context.toasts.length >= MAX_TOASTS,
  },
}).createMachine({
  id: 'toaster',
  context: { toasts: [], nextId: 1 },
  initial: 'active',
  states: {
    active: {
      on: {
        'toast.show': [
          {
            guard: 'isFull',
            actions: ['dropOldest', 'forgetOldest', { type: 'addToast', params: ({ event }) => event }],
          },
          { actions: { type: 'addToast', params: ({ event }) => event } },
        ],
        'toast.dismiss': { actions: { type: 'dismissToast', params: ({ event }) => event } },
        'toast.expired': { actions: { type: 'removeToast', params: ({ event }) => event } },
      },
    },
  },
});

export type ToasterMachine = typeof toasterMachine;
