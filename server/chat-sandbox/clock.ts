/**
 * Timestamps for chat records: RFC 3339 UTC with microseconds, strictly increasing within the
 * process, so ordering by created_at is total even for messages sent in the same millisecond.
 */
let lastMicros = 0;

export function nextTimestamp(): string {
  const micros = Math.max(Date.now() * 1000, lastMicros + 1);
  lastMicros = micros;
  return microsToIso(micros);
}

export function microsToIso(micros: number): string {
  const millis = Math.floor(micros / 1000);
  const rest = String(micros % 1000).padStart(3, '0');
  return new Date(millis).toISOString().replace('Z', `${rest}Z`);
}

/** Milliseconds since the epoch of an RFC 3339 string (with or without microseconds). */
export function toMillis(iso: string | null | undefined): number {
  return iso ? Date.parse(iso) : 0;
}

export const ZERO_TIME = '0001-01-01T00:00:00Z';
