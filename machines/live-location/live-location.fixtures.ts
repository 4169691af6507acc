/**
 * What the live-location tests share (live-location-*.test.ts): `start`, the manager with fake
 * actors on the machine-test harness, whose simulated clock is also the clock it reads, and small
 * helpers to share a live location and to build the user's own live messages.
 */
import { fromCallback, fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { machineTest, simulatedClockAt } from '../shared/machine-test';
import { liveLocationMachine, type LiveLocationMachine } from './live-location.machine';
import { CLIENT_SIDE_ONLY_MESSAGE } from './live-location.rules';
import { selectLiveShares } from './live-location.selectors';
import type {
  ChatMessageLike,
  Coords,
  LiveShare,
  ShareLocationInput,
  SharedLocation,
  StopLiveLocationInput,
  UpdateLocationInput,
} from './live-location.types';

export const T0 = Date.parse('2025-06-01T10:00:00.000Z');
export const iso = (ms: number) => new Date(ms).toISOString();

export interface Options {
  userId?: string | null;
  active?: LiveShare[];
  here?: Coords | Error;
  share?: (input: ShareLocationInput) => Promise<SharedLocation>;
}

/** The manager with fake actors on the harness's simulated clock (which is also the clock it reads), at T0. */
export function start(options: Options = {}) {
  const clock = simulatedClockAt(T0);
  const calls = {
    shares: [] as ShareLocationInput[],
    updates: [] as (UpdateLocationInput & { at: number })[],
    stops: [] as StopLiveLocationInput[],
    watchers: 0,
    located: 0,
  };
  let emit: ((event: AnyEventObject) => void) | null = null;
  const machine = liveLocationMachine.provide({
    actors: {
      followMessages: fromCallback(() => undefined),
      // Without a connected user the real actors throw what stream-chat throws.
      fetchLiveShares: fromPromise(async () => {
        if (options.userId === null) throw new Error(CLIENT_SIDE_ONLY_MESSAGE);
        return options.active ?? [];
      }),
      getCurrentPosition: fromPromise(async () => {
        calls.located++;
        const here = options.here ?? { latitude: 1, longitude: 2 };
        if (here instanceof Error) throw here;
        return here;
      }),
      shareLocation: fromPromise<SharedLocation, ShareLocationInput>(async ({ input }) => {
        if (options.userId === null && input.endAt) throw new Error(CLIENT_SIDE_ONLY_MESSAGE);
        calls.shares.push(input);
        if (options.share) return options.share(input);
        return { messageId: input.messageId, channelCid: input.channelCid, endAt: input.endAt ?? null };
      }),
      watchPosition: fromCallback(({ sendBack }) => {
        calls.watchers++;
        emit = sendBack;
        return () => {
          calls.watchers--;
          emit = null;
        };
      }),
      updateLocation: fromPromise<void, UpdateLocationInput>(async ({ input }) => {
        calls.updates.push({ ...input, at: clock.now() });
      }),
      stopLiveLocation: fromPromise<void, StopLiveLocationInput>(async ({ input }) => {
        calls.stops.push(input);
      }),
    },
  });
  const run = machineTest(machine, {
    clock,
    input: {
      userId: options.userId === undefined ? 'alice' : options.userId,
      deviceId: 'phone',
      now: () => clock.now(),
    },
  });
  const move = (latitude: number, longitude = 4.9) => {
    if (!emit) throw new Error('the position is not being watched');
    emit({ type: 'position.changed', latitude, longitude });
  };
  const fail = () => emit?.({ type: 'position.failed', reason: 'User denied Geolocation' });
  return { run, clock, calls, move, fail };
}

export const ownLive = (id: string, endAt: number, userId = 'alice'): ChatMessageLike => ({
  id,
  type: 'regular',
  cid: 'messaging:places',
  user: { id: userId },
  shared_location: { channel_cid: 'messaging:places', end_at: iso(endAt) },
});

/** The ids of the registered live shares, in order. */
export const shareIds = (snapshot: SnapshotFrom<LiveLocationMachine>) =>
  selectLiveShares(snapshot).map((s) => s.messageId);

/** Shares a live location from `coords` (no locating) and lets the share settle. */
export async function shareLive(
  { run }: Pick<ReturnType<typeof start>, 'run'>,
  messageId: string,
  durationMs = 10 * 60_000,
  coords: Coords = { latitude: 52.37, longitude: 4.9 },
) {
  await run.send({ type: 'location.share', channelCid: 'messaging:places', messageId, durationMs, coords }).settle();
}
