/**
 * The development inspector behind /dev/machines: the app's long-lived actors register here
 * (`registerDevActor`), and the registry follows each one's actor system through xstate's
 * inspection API — every actor in it (children included), its latest snapshot and the last
 * events it received. In production builds registration does nothing.
 */
import { useSyncExternalStore } from 'react';
import type { AnyActorRef, AnyStateMachine, InspectionEvent } from 'xstate';

/** How many received events each actor keeps for the page. */
export const DEV_EVENT_HISTORY = 12;

export interface DevEvent {
  type: string;
  at: number;
}

export interface DevActor {
  /** Registered name for a root (`session`), the child's id otherwise (`upload:3`). */
  name: string;
  sessionId: string;
  /** The registered root this actor belongs to. */
  root: string;
  ref: AnyActorRef;
  /** The statechart when the actor runs one (for the diagram); null for promises, callbacks. */
  machine: AnyStateMachine | null;
  events: DevEvent[];
  /** Bumped on every snapshot or event, so the page re-renders. */
  version: number;
}

let actors = new Map<string, DevActor>();
let listing: DevActor[] = [];
const listeners = new Set<() => void>();

function changed() {
  listing = [...actors.values()];
  for (const listener of listeners) listener();
}

function machineOf(ref: AnyActorRef): AnyStateMachine | null {
  const logic = (ref as { logic?: unknown }).logic;
  return logic && typeof logic === 'object' && 'root' in logic && 'definition' in logic
    ? (logic as AnyStateMachine)
    : null;
}

function track(ref: AnyActorRef, name: string, root: string) {
  if (actors.has(ref.sessionId)) return;
  actors.set(ref.sessionId, {
    name,
    sessionId: ref.sessionId,
    root,
    ref,
    machine: machineOf(ref),
    events: [],
    version: 0,
  });
}

function touch(sessionId: string, update: (actor: DevActor) => Partial<DevActor>) {
  const actor = actors.get(sessionId);
  if (!actor) return;
  actors.set(sessionId, { ...actor, ...update(actor), version: actor.version + 1 });
  changed();
}

function isRoot(ref: AnyActorRef): boolean {
  const actor = actors.get(ref.sessionId);
  return actor !== undefined && actor.root === actor.name && ref._parent === undefined;
}

function observe(root: string, event: InspectionEvent) {
  if (event.type === '@xstate.actor') {
    const ref = event.actorRef as AnyActorRef;
    if (!actors.has(ref.sessionId)) {
      track(ref, ref.id, root);
      changed();
    }
  } else if (event.type === '@xstate.event') {
    const type = event.event.type;
    touch(event.actorRef.sessionId, (a) => ({
      events: [...a.events, { type, at: Date.now() }].slice(-DEV_EVENT_HISTORY),
    }));
  } else if (event.type === '@xstate.snapshot') {
    const status = (event.snapshot as { status?: string }).status;
    const ended = status === 'stopped' || (status === 'done' && !isRoot(event.actorRef as AnyActorRef));
    if (ended) {
      actors.delete(event.actorRef.sessionId);
      changed();
    } else touch(event.actorRef.sessionId, () => ({}));
  }
}

/** Follows `ref` and every actor of its system until the returned function is called. */
export function registerDevActor(name: string, ref: AnyActorRef): () => void {
  if (!import.meta.env.DEV) return () => undefined;
  track(ref, name, name);
  const children = (ref.getSnapshot() as { children?: Record<string, AnyActorRef | undefined> }).children ?? {};
  for (const child of Object.values(children)) if (child) track(child, child.id, name);
  changed();
  const subscription = ref.system.inspect((event: InspectionEvent) => observe(name, event));
  return () => {
    subscription.unsubscribe();
    actors = new Map([...actors].filter(([, actor]) => actor.root !== name));
    changed();
  };
}

export function useDevActors(): DevActor[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => listing,
  );
}
