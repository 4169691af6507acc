/**
 * The link-preview machine's real I/O: `client.enrichURL(url)` (GET /og?url=). A refusal or an
 * unreachable page rejects with the service's message, which marks the preview failed.
 */
import type { OGAttachment, StreamChat } from 'stream-chat';
import { fromPromise } from 'xstate';
import type { LinkPreviewData } from '../../../machines/shared/composer-children';
import { chatFailureOf } from './upload-actors';

function previewOf(url: string, og: OGAttachment): LinkPreviewData {
  const fields = {
    title: og.title,
    text: og.text,
    image_url: og.image_url,
    thumb_url: og.thumb_url,
    title_link: og.title_link,
    author_name: og.author_name,
    type: og.type,
  };
  const present = Object.entries(fields).filter(([, value]) => typeof value === 'string' && value !== '');
  return { og_scrape_url: og.og_scrape_url || url, ...Object.fromEntries(present) };
}

/** `machine.provide({ actors: createLinkPreviewActors(client) })`. */
export function createLinkPreviewActors(client: StreamChat) {
  return {
    fetchPreview: fromPromise<LinkPreviewData, { url: string }>(async ({ input }) => {
      try {
        return previewOf(input.url, await client.enrichURL(input.url));
      } catch (error) {
        throw chatFailureOf(error);
      }
    }),
  };
}
