/**
 * `useSelector` for what the composer reads from its file and link children (whether it can send,
 * the link preview): the composer's own snapshot does not change when a child makes progress, so
 * this follows the composer and each of its upload and preview children, and re-renders only when
 * the selected value changes (compared by value: the selectors build new arrays from the children).
 */
import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { AnyActorRef, Subscription } from 'xstate';
import type { ComposerActor } from '../../../lib/chat/channel-machines';

type ComposerSnapshot = ReturnType<ComposerActor['getSnapshot']>;

const childrenOf = (snapshot: ComposerSnapshot): AnyActorRef[] => [
  ...snapshot.context.uploads.flatMap((u) => (u.child ? [u.child] : [])),
  ...snapshot.context.previews.flatMap((p) => (p.child ? [p.child] : [])),
];

const sameValue = (a: unknown, b: unknown) => Object.is(a, b) || JSON.stringify(a) === JSON.stringify(b);

export function useComposerSelector<T>(composer: ComposerActor, select: (snapshot: ComposerSnapshot) => T): T {
  const last = useRef<{ value: T } | null>(null);
  const subscribe = useCallback(
    (onChange: () => void) => {
      let watched: AnyActorRef[] = [];
      let children: Subscription[] = [];
      const follow = () => {
        const now = childrenOf(composer.getSnapshot());
        if (now.length === watched.length && now.every((child, i) => child === watched[i])) return;
        children.forEach((s) => s.unsubscribe());
        watched = now;
        children = now.map((child) => child.subscribe({ next: onChange, error: onChange, complete: onChange }));
      };
      follow();
      const own = composer.subscribe(() => {
        follow();
        onChange();
      });
      return () => {
        own.unsubscribe();
        children.forEach((s) => s.unsubscribe());
      };
    },
    [composer],
  );
  const read = () => {
    const value = select(composer.getSnapshot());
    if (last.current && sameValue(last.current.value, value)) return last.current.value;
    last.current = { value };
    return value;
  };
  return useSyncExternalStore(subscribe, read, read);
}
