/** The location feature's settings (the live-location machine holds the 60 s minimum and the 3 s throttle). */

/** The live durations the dialog offers: 15 min, 1 h, 8 h (each above the 60 s minimum). */
export const LIVE_DURATIONS_MS = [15 * 60_000, 60 * 60_000, 8 * 60 * 60_000] as const;
/** The duration chosen when the dialog opens. */
export const DEFAULT_LIVE_DURATION_MS = LIVE_DURATIONS_MS[0];
/** How the dialog's preview asks for the position (the watcher uses the same figures). */
export const PREVIEW_POSITION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 15_000,
  maximumAge: 10_000,
};
/** A live card's "time left" and "updated … ago" are redrawn this often (ms). */
export const LIVE_CARD_TICK_MS = 1000;
/** Decimals shown for a coordinate (4 ≈ 11 m). */
export const COORDINATE_DECIMALS = 4;
/** The zoom level of the "Open in map" link. */
export const MAP_LINK_ZOOM = 16;
