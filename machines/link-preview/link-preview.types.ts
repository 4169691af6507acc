/**
 * The link-preview statechart's types. Its input, the preview it yields and its statuses (the
 * states the composer reads) are the shared contract in machines/shared/composer-children.ts.
 */
import type { LinkPreviewData, LinkPreviewInput } from '../shared/composer-children';

/** A user-visible text as data: an i18next key under `chat.linkPreview.` and its values. */
export interface LinkPreviewText {
  key: string;
  values?: Record<string, string | number>;
}

export interface LinkPreviewContext extends LinkPreviewInput {
  preview: LinkPreviewData | null;
  /** What the preview's place says when failed; null otherwise. */
  error: LinkPreviewText | null;
  /** Why it failed, as the service said it (not shown; for logs and tooltips). */
  reason: string | null;
}

export type LinkPreviewEvent = { type: 'preview.dismiss' } | { type: 'preview.retry' };
