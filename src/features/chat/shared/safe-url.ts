/**
 * Addresses from members or the chat service are shown only when they are http(s) (or one of our
 * own `blob:` previews); anything else (javascript:, data:, relative paths) is dropped.
 */
export function safeUrl(value: unknown, { allowBlob = false } = {}): string | null {
  if (typeof value !== 'string' || value === '') return null;
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
    if (allowBlob && url.protocol === 'blob:') return value;
  } catch {
    return null;
  }
  return null;
}
