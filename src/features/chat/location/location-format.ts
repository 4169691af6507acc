/** How a location reads: its coordinates for the locale, the map link, durations and "ago". */
import { COORDINATE_DECIMALS, MAP_LINK_ZOOM } from './location-settings';

export interface Place {
  latitude: number;
  longitude: number;
}

/** The place of a message's shared_location, when it has valid coordinates. */
export function placeOf(location: { latitude?: unknown; longitude?: unknown } | null | undefined): Place | null {
  const latitude = Number(location?.latitude);
  const longitude = Number(location?.longitude);
  if (!location || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

/** "52.3676, 4.9041" as the language writes numbers. */
export function coordinates(place: Place, language: string): string {
  const format = new Intl.NumberFormat(language, {
    minimumFractionDigits: COORDINATE_DECIMALS,
    maximumFractionDigits: COORDINATE_DECIMALS,
  });
  return `${format.format(place.latitude)}, ${format.format(place.longitude)}`;
}

/** OpenStreetMap at the place, with a marker. */
export function mapLink({ latitude, longitude }: Place): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=${MAP_LINK_ZOOM}/${latitude}/${longitude}`;
}

const unit = (language: string, name: 'second' | 'minute' | 'hour', value: number, display: 'short' | 'long') =>
  new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: display }).format(value);

/** A duration the dialog offers: "15 minutes", "1 hour", "8 hours". */
export function durationLabel(ms: number, language: string): string {
  return ms >= 3_600_000 && ms % 3_600_000 === 0
    ? unit(language, 'hour', ms / 3_600_000, 'long')
    : unit(language, 'minute', Math.round(ms / 60_000), 'long');
}

/** Time left of a live share, rounded up: "45 sec", "12 min", "7 hr 59 min". */
export function timeLeft(ms: number, language: string): string {
  if (ms < 60_000) return unit(language, 'second', Math.max(1, Math.ceil(ms / 1000)), 'short');
  const minutes = Math.ceil(ms / 60_000);
  if (minutes < 60) return unit(language, 'minute', minutes, 'short');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const h = unit(language, 'hour', hours, 'short');
  return rest ? `${h} ${unit(language, 'minute', rest, 'short')}` : h;
}

/** "5 sec. ago", "now", "3 min. ago" in the language's narrow style. */
export function ago(ms: number, language: string): string {
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto', style: 'narrow' });
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return format.format(-seconds, 'second');
  if (seconds < 3600) return format.format(-Math.floor(seconds / 60), 'minute');
  return format.format(-Math.floor(seconds / 3600), 'hour');
}
