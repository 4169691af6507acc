/**
 * URL enrichment of sent messages (chat-protocol.md §4.3): when the channel's config enables
 * `url_enrichment` and the composer did not already attach a preview, the first link of the
 * text becomes an attachment with its Open Graph fields. A link that cannot be previewed is
 * simply left as text, as the hosted service does.
 */
import { channelConfig } from '../channel-types.js';
import { fetchOpenGraph } from '../og.js';
import { findUrls } from '../render.js';
import type { Sandbox } from '../sandbox.js';
import type { ChannelRec, Custom } from '../store/model.js';

export async function enrichLinks(
  sandbox: Sandbox,
  channel: ChannelRec,
  text: string,
  attachments: unknown,
): Promise<Custom[]> {
  if (!channelConfig(channel).url_enrichment) return [];
  const existing = Array.isArray(attachments) ? (attachments as Custom[]) : [];
  if (existing.some((a) => a && typeof a === 'object' && 'og_scrape_url' in a)) return [];
  const url = findUrls(text)[0];
  if (!url) return [];
  try {
    const og = await fetchOpenGraph(url, { allowPrivate: sandbox.settings.ogAllowPrivate });
    return [{ ...og }];
  } catch {
    return [];
  }
}
