/**
 * A device position a test controls, in place of the browser's geolocation (jsdom and Node have
 * none): `move` reports a new position to every watcher; `refuse` and `lost` make it answer like a
 * browser whose member said no (PERMISSION_DENIED) or that cannot find itself (POSITION_UNAVAILABLE).
 */
import type { Coords } from '../../machines/live-location/live-location.types';
import type { GeolocationLike } from '../../src/lib/actors/live-location-actors';

type Success = (position: { coords: Coords }) => void;
type Failure = (error: { message: string; code?: number }) => void;

export class FakeGeolocation implements GeolocationLike {
  here: Coords = { latitude: 52.3676, longitude: 4.9041 };
  refuse = false;
  /** Answers like a device that cannot find its position (POSITION_UNAVAILABLE). */
  lost = false;
  watchers = new Map<number, Success>();
  private nextId = 1;
  getCurrentPosition(success: Success, error?: Failure | null) {
    if (this.refuse) error?.({ message: 'User denied Geolocation', code: 1 });
    else if (this.lost) error?.({ message: 'Position unavailable', code: 2 });
    else success({ coords: this.here });
  }
  watchPosition(success: Success) {
    const id = this.nextId++;
    this.watchers.set(id, success);
    return id;
  }
  clearWatch(id: number) {
    this.watchers.delete(id);
  }
  move(latitude: number, longitude: number) {
    this.here = { latitude, longitude };
    for (const watcher of this.watchers.values()) watcher({ coords: this.here });
  }
}
