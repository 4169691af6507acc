/**
 * Spec section 5: "Link preview only for URLs with valid host names". A URL is previewable when
 * it parses, is http or https, carries no credentials, and its host is an IP address or a valid
 * DNS host name (labels of letters, digits and inner hyphens, at most 63 characters each, 253 in
 * all; international names count in their punycode form, which the URL parser produces). The
 * chat service's GET /og applies the same rule, so a URL refused here would fail there anyway.
 * Used by the link-preview machine (never fetches anything else) and by the composer (which links
 * to spawn previews for).
 */
const HOST_NAME =
  /^(?=.{1,253}\.?$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?$/;
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

export function isPreviewableUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  if (parsed.username || parsed.password) return false;
  const host = parsed.hostname;
  // The parser has already checked a bracketed IPv6 address.
  if (host.startsWith('[') && host.endsWith(']')) return true;
  return IPV4.test(host) || HOST_NAME.test(host);
}
