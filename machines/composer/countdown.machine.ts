/**
 * Slow mode's countdown (spec section 4: cooldown), the child the composer invokes as
 * `countdown` while it is cooling down. It counts the seconds left, one a second, for the
 * composer to show, and finishes when the member may send again; while it runs the composer
 * refuses new messages. The last second lasts until the service's own clock has let go too.
 */
import { assign, setup } from 'xstate';

export const COOLDOWN_TICK_MS = 1000;
/**
 * Slow mode lasts this much longer here than its N seconds: the composer's clock starts when the
 * message is composed, the service's when it stores it (a moment later), and a message sent the
 * instant the countdown ends would otherwise be refused (error 60). The last second shows until then.
 */
export const COOLDOWN_GRACE_MS = 500;

export interface CountdownInput {
  /** The channel's `cooldown`, in whole seconds (more than 0). */
  seconds: number;
}

export interface CountdownContext extends CountdownInput {
  /** Seconds left, shown to the member; never below 1 while counting. */
  remaining: number;
}

export const slowModeCountdownMachine = setup({
  types: { context: {} as CountdownContext, input: {} as CountdownInput },
  delays: {
    cooldownPeriod: ({ context }) => context.seconds * 1000 + COOLDOWN_GRACE_MS,
    cooldownTick: COOLDOWN_TICK_MS,
  },
  actions: {
    tick: assign({ remaining: ({ context }) => Math.max(1, context.remaining - 1) }),
  },
}).createMachine({
  id: 'slowModeCountdown',
  context: ({ input }) => ({ seconds: input.seconds, remaining: input.seconds }),
  initial: 'coolingDown',
  states: {
    /** The member may not send a new message yet. */
    coolingDown: {
      after: { cooldownPeriod: 'over' },
      initial: 'counting',
      states: {
        counting: {
          after: { cooldownTick: { target: 'counting', reenter: true, actions: 'tick' } },
        },
      },
    },
    /** The member may send again. */
    over: { type: 'final' },
  },
});

export type SlowModeCountdownMachine = typeof slowModeCountdownMachine;

/** The seconds left (0 once over). */
export const selectRemaining = (snapshot: { status: string; context: CountdownContext }): number =>
  snapshot.status === 'done' ? 0 : snapshot.context.remaining;
