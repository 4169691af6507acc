/**
 * The live-location manager's real I/O: a connected `stream-chat` client (location messages via
 * `channel.sendSharedLocation`, PUT /users/live_locations via `client.updateLocation`, stopping
 * via `channel.stopLiveLocationSharing`, GET /users/live_locations via `getSharedLocations`, and
 * its message.updated / message.deleted events, translated into the machine's message.changed /
 * message.removed) and the device's geolocation
 * (`navigator.geolocation` in the browser; tests inject a fake).
 */
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { Event, StreamChat } from 'stream-chat';
import { CLIENT_SIDE_ONLY_MESSAGE } from '../../../machines/live-location/live-location.rules';
import type {
  Coords,
  LiveLocationEvent,
  LiveShare,
  ShareLocationInput,
  SharedLocation,
  StopLiveLocationInput,
  UpdateLocationInput,
} from '../../../machines/live-location/live-location.types';
import { chatErrorReason } from './poll-composer-actors';

/** The part of the Geolocation API the manager uses (`navigator.geolocation` fits). */
export interface GeolocationLike {
  getCurrentPosition(
    success: (position: { coords: Coords }) => void,
    error?: ((error: { message: string }) => void) | null,
    options?: PositionOptions,
  ): void;
  watchPosition(
    success: (position: { coords: Coords }) => void,
    error?: ((error: { message: string }) => void) | null,
    options?: PositionOptions,
  ): number;
  clearWatch(id: number): void;
}

const POSITION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 15_000, maximumAge: 10_000 };

function channelFor(client: StreamChat, cid: string) {
  const [type, id] = cid.split(':') as [string, string];
  return client.channel(type, id);
}

/** Rethrows a chat refusal with the service's own message (see chatErrorReason). */
async function withReason<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new Error(chatErrorReason(error), { cause: error });
  }
}

export function createLiveLocationActors({
  client,
  geolocation,
}: {
  client: StreamChat;
  geolocation: GeolocationLike;
}) {
  /** stream-chat refuses live sharing without a connected user; so do we, before any request. */
  const assertClientSide = () => {
    if (!client.userID) throw new Error(CLIENT_SIDE_ONLY_MESSAGE);
  };

  return {
    /** The chat's wire events as the machine's own: message.updated → message.changed, message.deleted → message.removed. */
    followMessages: fromCallback<EventObject>(({ sendBack }) => {
      const forward = (type: 'message.changed' | 'message.removed') => (event: Event) => {
        if (event.message) sendBack({ type, message: event.message } satisfies LiveLocationEvent);
      };
      const subscriptions = [
        client.on('message.updated', forward('message.changed')),
        client.on('message.deleted', forward('message.removed')),
      ];
      return () => subscriptions.forEach((s) => s.unsubscribe());
    }),

    fetchLiveShares: fromPromise<LiveShare[]>(async () => {
      assertClientSide();
      const { active_live_locations } = await client.getSharedLocations();
      return active_live_locations.flatMap((location) =>
        location.end_at
          ? [{ messageId: location.message_id, channelCid: location.channel_cid, endAt: location.end_at }]
          : [],
      );
    }),

    getCurrentPosition: fromPromise<Coords>(
      () =>
        new Promise((resolve, reject) =>
          geolocation.getCurrentPosition(
            ({ coords }) => resolve({ latitude: coords.latitude, longitude: coords.longitude }),
            (error) => reject(new Error(error.message)),
            POSITION_OPTIONS,
          ),
        ),
    ),

    shareLocation: fromPromise<SharedLocation, ShareLocationInput>(async ({ input }) => {
      if (input.endAt) assertClientSide();
      const location = {
        message_id: input.messageId,
        latitude: input.latitude,
        longitude: input.longitude,
        created_by_device_id: input.createdByDeviceId,
      };
      const channel = channelFor(client, input.channelCid);
      const { message } = await withReason(() =>
        channel.sendSharedLocation(input.endAt ? { ...location, end_at: input.endAt } : location),
      );
      return {
        messageId: message.id,
        channelCid: message.shared_location?.channel_cid ?? input.channelCid,
        endAt: message.shared_location?.end_at ?? null,
      };
    }),

    watchPosition: fromCallback<EventObject>(({ sendBack }) => {
      const id = geolocation.watchPosition(
        ({ coords }) =>
          sendBack({
            type: 'position.changed',
            latitude: coords.latitude,
            longitude: coords.longitude,
          } satisfies LiveLocationEvent),
        (error) => sendBack({ type: 'position.failed', reason: error.message } satisfies LiveLocationEvent),
        POSITION_OPTIONS,
      );
      return () => geolocation.clearWatch(id);
    }),

    /** One PUT per share; a share the service no longer takes is left to its message.updated. */
    updateLocation: fromPromise<void, UpdateLocationInput>(async ({ input }) => {
      await Promise.allSettled(
        input.shares.map((share) =>
          client.updateLocation({
            message_id: share.messageId,
            latitude: input.latitude,
            longitude: input.longitude,
            created_by_device_id: input.createdByDeviceId,
          }),
        ),
      );
    }),

    stopLiveLocation: fromPromise<void, StopLiveLocationInput>(async ({ input }) => {
      await withReason(() =>
        channelFor(client, input.channelCid).stopLiveLocationSharing({
          message_id: input.messageId,
          created_by_device_id: input.createdByDeviceId,
        }),
      );
    }),
  };
}
