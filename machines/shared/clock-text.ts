/** A duration in seconds as a clock reads it: `m:ss` (0:07, 1:30, 12:05); nothing below zero. */
export function clockText(seconds: number): string {
  const whole = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
