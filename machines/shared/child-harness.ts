/**
 * Test support for child machines (upload, link preview, poll composer): runs `logic` as the
 * one invoked child of a stand-in parent that records every event the child sends it, the way
 * the composer would receive them. Shared by the machine tests and the integration tests.
 */
import {
  assign,
  createActor,
  setup,
  type ActorRefFrom,
  type AnyActorLogic,
  type SimulatedClock,
  type EventObject,
  type InputFrom,
} from 'xstate';

export function startAsChild<TLogic extends AnyActorLogic>(
  logic: TLogic,
  id: string,
  input: InputFrom<TLogic>,
  options: { clock?: SimulatedClock } = {},
) {
  const parentMachine = setup({
    types: { context: {} as { told: EventObject[] } },
    actors: { child: logic as AnyActorLogic },
  }).createMachine({
    context: { told: [] },
    invoke: { id, src: 'child', input: input as never },
    on: { '*': { actions: assign({ told: ({ context, event }) => [...context.told, event] }) } },
  });
  const parent = createActor(parentMachine, options.clock ? { clock: options.clock } : {}).start();
  return {
    parent,
    child: parent.getSnapshot().children[id] as ActorRefFrom<TLogic>,
    /** Everything the child has sent its parent so far, in order. */
    told: () => parent.getSnapshot().context.told,
  };
}
