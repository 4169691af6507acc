import type { SnapshotFrom } from 'xstate';
import type { LinkPreviewData, LinkPreviewStatus } from '../shared/composer-children';
import type { LinkPreviewMachine } from './link-preview.machine';
import type { LinkPreviewText } from './link-preview.types';

type Snapshot = SnapshotFrom<LinkPreviewMachine>;

/** The spec's status (pending, loading, loaded, failed, dismissed). */
export const selectPreviewStatus = (snapshot: Snapshot): LinkPreviewStatus => snapshot.value;
export const selectUrl = (snapshot: Snapshot): string => snapshot.context.url;
/** The loaded preview (title, text, image …); null until loaded. */
export const selectPreview = (snapshot: Snapshot): LinkPreviewData | null =>
  snapshot.matches('loaded') ? snapshot.context.preview : null;
export const selectPreviewError = (snapshot: Snapshot): LinkPreviewText | null => snapshot.context.error;
export const selectFailureReason = (snapshot: Snapshot): string | null => snapshot.context.reason;
export const selectCanRetry = (snapshot: Snapshot): boolean => snapshot.can({ type: 'preview.retry' });
/** The machine's own state name, for data-state attributes. */
export const selectStateName = (snapshot: Snapshot): string => String(snapshot.value);
