/**
 * The device's position for the share dialog's preview: asked once when the dialog opens (the
 * browser asks the member for permission then) and again on "Try again". A refusal is told apart
 * from a position that could not be found.
 */
import { useCallback, useEffect, useState } from 'react';
import type { Place } from './location-format';
import { PREVIEW_POSITION_OPTIONS } from './location-settings';
import { browserGeolocation } from './live-location-session';

export type CurrentPosition =
  { status: 'locating' } | { status: 'found'; place: Place } | { status: 'denied' } | { status: 'failed' };

/** GeolocationPositionError.PERMISSION_DENIED */
const PERMISSION_DENIED = 1;

export function useCurrentPosition(): { position: CurrentPosition; retry: () => void } {
  const [position, setPosition] = useState<CurrentPosition>({ status: 'locating' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    browserGeolocation().getCurrentPosition(
      ({ coords }) =>
        live && setPosition({ status: 'found', place: { latitude: coords.latitude, longitude: coords.longitude } }),
      (error) =>
        live && setPosition({ status: (error as { code?: number }).code === PERMISSION_DENIED ? 'denied' : 'failed' }),
      PREVIEW_POSITION_OPTIONS,
    );
    return () => void (live = false);
  }, [attempt]);
  const retry = useCallback(() => {
    setPosition({ status: 'locating' });
    setAttempt((n) => n + 1);
  }, []);
  return { position, retry };
}
