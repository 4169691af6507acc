/**
 * The composer's files and links as the member sees them, read from their children: the
 * composer's context keeps only what the composition holds (a slot per file or link, with the
 * child working on it), and each child's snapshot says how far it got. The children's contract
 * (machines/shared/composer-children.ts) fixes what is read: an upload child's state is its
 * status, with `progress` and `attachment` in its context; a link-preview child's state is its
 * status, with `preview` in its context. A child whose logic threw reads as failed.
 */
import type { AnyActorRef } from 'xstate';
import type { LinkPreviewStatus, UploadStatus } from '../shared/composer-children';
import type {
  ComposerContext,
  ComposerView,
  PreviewEntry,
  PreviewSlot,
  UploadEntry,
  UploadSlot,
} from './composer.types';

const UPLOAD_STATUSES: readonly string[] = ['pending', 'uploading', 'finished', 'failed', 'blocked'];
const PREVIEW_STATUSES: readonly string[] = ['pending', 'loading', 'loaded', 'failed', 'dismissed'];

interface ChildSnapshot {
  status: string;
  value?: unknown;
  context?: Record<string, unknown> | null;
}

const snapshotOf = (child: AnyActorRef) => child.getSnapshot() as ChildSnapshot;
const stateOf = (snapshot: ChildSnapshot, statuses: readonly string[]) =>
  typeof snapshot.value === 'string' && statuses.includes(snapshot.value) ? snapshot.value : null;

export function uploadEntryOf(slot: UploadSlot): UploadEntry {
  const { localId, file } = slot;
  if (!slot.child) return { localId, file, status: 'finished', progress: 100, attachment: slot.attachment };
  const snapshot = snapshotOf(slot.child);
  if (snapshot.status === 'error') return { localId, file, status: 'failed', progress: 0 };
  // A removed upload is on its way out of the composition (its `upload.removed` follows).
  const status = (stateOf(snapshot, UPLOAD_STATUSES) ??
    (snapshot.value === 'removed' ? 'failed' : 'pending')) as UploadStatus;
  const progress = typeof snapshot.context?.progress === 'number' ? snapshot.context.progress : 0;
  const attachment = (snapshot.context?.attachment ?? undefined) as UploadEntry['attachment'];
  return { localId, file, status, progress, ...(attachment ? { attachment } : {}) };
}

export function previewEntryOf(slot: PreviewSlot): PreviewEntry {
  const { url } = slot;
  if (slot.dismissed) return { url, status: 'dismissed' };
  if (!slot.child) return { url, status: 'loaded', ...(slot.preview ? { preview: slot.preview } : {}) };
  const snapshot = snapshotOf(slot.child);
  if (snapshot.status === 'error') return { url, status: 'failed' };
  const status = (stateOf(snapshot, PREVIEW_STATUSES) ?? 'pending') as LinkPreviewStatus;
  const preview = (snapshot.context?.preview ?? undefined) as PreviewEntry['preview'];
  return { url, status, ...(status === 'loaded' && preview ? { preview } : {}) };
}

/** The composition with its files and links read from their children (what the rules judge). */
export const viewOf = (context: ComposerContext): ComposerView => ({
  ...context,
  uploads: context.uploads.map(uploadEntryOf),
  previews: context.previews.map(previewEntryOf),
});

/** Every child the composition holds (restored attachments and previews have none). */
export const childIds = (context: Pick<ComposerContext, 'uploads' | 'previews'>) => [
  ...context.uploads.flatMap((u) => (u.child ? [`upload:${u.localId}`] : [])),
  ...context.previews.flatMap((p) => (p.child ? [`preview:${p.url}`] : [])),
];
