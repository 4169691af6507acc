/** A kick-off in the member's language: weekday, day, month and time, e.g. "Sat 28 Nov, 10:00". */
export function kickoffText(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}
