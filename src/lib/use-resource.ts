/**
 * The connect layer between a screen and the resource machine (machines/resource): server data
 * for `params`, loaded again whenever the params change (compared by value) and on `reload()`.
 * `load` receives an AbortSignal that fires when its answer is no longer wanted (newer params,
 * a reload, the screen gone), so the request can be cancelled. `load` is taken once, at the first
 * render: pass a function that does not change (one defined at module level).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { resourceMachine } from '../../machines/resource/resource.machine';
import { selectData, selectError, selectStatus, type ResourceStatus } from '../../machines/resource/resource.selectors';

export interface Resource<D> {
  status: ResourceStatus;
  /** The last data loaded (kept while newer data loads or after a failed reload). */
  data: D | null;
  error: string | null;
  reload: () => void;
  /** Shows data the member just changed before the server has answered. */
  replace: (data: D) => void;
}

export function useResource<P, D>(load: (params: P, signal: AbortSignal) => Promise<D>, params: P): Resource<D> {
  const [machine] = useState(() =>
    resourceMachine.provide({
      actors: {
        load: fromPromise<unknown, { params: unknown }>(({ input, signal }) => load(input.params as P, signal)),
      },
    }),
  );
  const actor = useActorRef(machine, { input: { params } });
  const key = JSON.stringify(params);
  const loadedKey = useRef(key);
  useEffect(() => {
    if (key === loadedKey.current) return;
    loadedKey.current = key;
    actor.send({ type: 'resource.set', params: JSON.parse(key) as P });
  }, [actor, key]);
  return {
    status: useSelector(actor, selectStatus),
    data: useSelector(actor, selectData) as D | null,
    error: useSelector(actor, selectError),
    reload: () => actor.send({ type: 'resource.reload' }),
    replace: (data: D) => actor.send({ type: 'resource.replace', data }),
  };
}
