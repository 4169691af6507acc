/**
 * The composition's attachments as tiles above the text: one per upload, read from its
 * `upload:<localId>` child (progress bar, image preview, the machine's blocked or failed text,
 * retry) and a remove button; attachments restored from an edited message or a draft have no
 * child and show what they already are.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { fileSize } from '../message-list/format';
import type { ActorRefFrom } from 'xstate';
import { selectFiles } from '../../../../machines/composer/composer.selectors';
import type { UploadSlot } from '../../../../machines/composer/composer.types';
import { isImageFile } from '../../../../machines/shared/composer-children';
import type { uploadMachine } from '../../../../machines/upload/upload.machine';
import {
  selectBlockedNotice,
  selectCanRetry,
  selectProgress,
  selectUploadError,
  selectUploadStatus,
} from '../../../../machines/upload/upload.selectors';
import type { ComposerActor } from '../../../lib/chat/channel-machines';
import { useToast } from '../../../lib/toasts';
import { safeUrl } from '../shared/safe-url';
import { CloseIcon, FileIcon, RetryIcon } from './icons';

type UploadActor = ActorRefFrom<typeof uploadMachine>;

/** A local preview of an image file, made when shown and revoked when the tile goes. */
function BlobImage({ blob }: { blob: unknown }) {
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || !(blob instanceof Blob) || typeof URL.createObjectURL !== 'function') return;
    const url = URL.createObjectURL(blob);
    element.setAttribute('src', url);
    return () => {
      element.removeAttribute('src');
      URL.revokeObjectURL(url);
    };
  }, [blob]);
  return <img ref={ref} alt="" />;
}

function Thumb({ src, name, blob }: { src?: string | null; name: string; blob?: unknown }) {
  const extension = /\.([a-z0-9]{1,5})$/i.exec(name)?.[1]?.toUpperCase();
  return (
    <span className="composer-tile-thumb" aria-hidden="true">
      {blob !== undefined ? (
        <BlobImage blob={blob} />
      ) : src ? (
        <img src={src} alt="" />
      ) : (
        <>
          <FileIcon />
          {extension && <span className="composer-tile-ext">{extension}</span>}
        </>
      )}
    </span>
  );
}

function RemoveButton({ name, onRemove }: { name: string; onRemove: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="composer-icon-button composer-tile-remove"
      aria-label={t('chat.composer.removeAttachment', { name })}
      title={t('chat.composer.removeAttachment', { name })}
      onClick={onRemove}
    >
      <CloseIcon />
    </button>
  );
}

function ChildTile({
  child,
  entry,
  onRemove,
  onDone,
}: {
  child: UploadActor;
  entry: UploadSlot;
  onRemove: () => void;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const status = useSelector(child, selectUploadStatus);
  const progress = useSelector(child, selectProgress);
  const error = useSelector(child, selectUploadError);
  const canRetry = useSelector(child, selectCanRetry);
  const blob = useSelector(child, (s) => s.context.blob);
  const file = entry.file!;
  const name = file.name;

  // The spec's failure texts also go out as error toasts, once per failure.
  const told = useRef<string | null>(null);
  useEffect(() => {
    if (status !== 'blocked' && status !== 'failed') {
      told.current = null;
      return;
    }
    if (told.current === status) return;
    told.current = status;
    const snapshot = child.getSnapshot();
    const notice =
      status === 'blocked'
        ? (selectBlockedNotice(snapshot) ?? selectUploadError(snapshot))
        : selectUploadError(snapshot);
    if (notice) toast.error(t(notice.key, notice.values));
  }, [status, child, toast, t]);

  const busy = status === 'pending' || status === 'uploading';
  return (
    <li className="composer-tile" data-part="upload-tile" data-state={status}>
      <Thumb name={name} blob={isImageFile(file) ? blob : undefined} />
      <span className="composer-tile-body">
        <span className="composer-tile-name">{name}</span>
        <span className="composer-tile-meta">{fileSize(file.size, i18n.language)}</span>
        {busy && (
          <span
            className="composer-progress"
            role="progressbar"
            aria-label={t('chat.composer.uploading', { name })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
          >
            <span className="composer-progress-fill" style={{ width: `${progress}%` }} />
          </span>
        )}
        {error && (
          <span className="composer-tile-error" data-part="upload-error">
            {t(error.key, error.values)}
          </span>
        )}
      </span>
      {canRetry && (
        <button
          type="button"
          className="composer-icon-button"
          aria-label={t('chat.composer.retryUpload', { name })}
          title={t('chat.composer.retryUpload', { name })}
          onClick={() => {
            child.send({ type: 'upload.retry' });
            onDone();
          }}
        >
          <RetryIcon />
        </button>
      )}
      <RemoveButton name={name} onRemove={onRemove} />
    </li>
  );
}

function RestoredTile({ entry, onRemove }: { entry: UploadSlot; onRemove: () => void }) {
  const { i18n } = useTranslation();
  const attachment = entry.attachment;
  const name = attachment?.title || attachment?.asset_url || attachment?.image_url || '';
  const src = attachment?.type === 'image' ? safeUrl(attachment.thumb_url ?? attachment.image_url) : null;
  return (
    <li className="composer-tile" data-part="upload-tile" data-state="finished">
      <Thumb src={src} name={name} />
      <span className="composer-tile-body">
        <span className="composer-tile-name">{name}</span>
        {attachment?.file_size ? (
          <span className="composer-tile-meta">{fileSize(attachment.file_size, i18n.language)}</span>
        ) : null}
      </span>
      <RemoveButton name={name} onRemove={onRemove} />
    </li>
  );
}

function Tile({ composer, entry, onDone }: { composer: ComposerActor; entry: UploadSlot; onDone: () => void }) {
  const child = entry.child as UploadActor | null;
  // The button goes with the tile: the focus goes back to the text.
  const onRemove = () => {
    composer.send({ type: 'composer.removeUpload', localId: entry.localId });
    onDone();
  };
  return child && entry.file ? (
    <ChildTile child={child} entry={entry} onRemove={onRemove} onDone={onDone} />
  ) : (
    <RestoredTile entry={entry} onRemove={onRemove} />
  );
}

/** `onDone` gives the focus back to the text when a tile's button goes away. */
export function UploadTiles({ composer, onDone }: { composer: ComposerActor; onDone: () => void }) {
  const { t } = useTranslation();
  const uploads = useSelector(composer, selectFiles);
  if (uploads.length === 0) return null;
  return (
    <ul className="composer-tiles" aria-label={t('chat.composer.attachments')} data-part="composer-attachments">
      {uploads.map((entry) => (
        <Tile key={entry.localId} composer={composer} entry={entry} onDone={onDone} />
      ))}
    </ul>
  );
}
