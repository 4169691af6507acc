/**
 * A message's attachments by type: images (open the global image preview), giphy pictures (with
 * Send / Shuffle / Cancel on my ephemeral `/giphy` preview), video and audio players, files with
 * name and size, link previews (title, text, image, link), and any other kind (e.g. a league card)
 * as a generic card of title, text and link. Every address passes `safeUrl` (http(s) only).
 */
import { memo } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { Attachment } from 'stream-chat';
import { useImagePreview } from '../../../lib/image-preview';
import { safeUrl } from '../shared/safe-url';
import { fileSize } from './format';
import { preloadable } from '../../../lib/preloadable';
import { withStrings } from '../../../i18n/bundles';
import { FileIcon } from './icons';
import './attachments.css';

export interface AttachmentAction {
  name?: string;
  text?: string;
  value?: string;
  style?: string;
}

interface Props {
  attachments: readonly Attachment[];
  /** Called with a `/giphy` preview button's value; absent where actions make no sense. */
  onAction?: (value: string) => void;
}

const sizeAttributes = (a: Attachment) => {
  const width = Number(a.original_width);
  const height = Number(a.original_height);
  return width > 0 && height > 0 ? { width, height } : {};
};

function ImageAttachment({ attachment }: { attachment: Attachment }) {
  const { t } = useTranslation();
  const preview = useImagePreview();
  const full = safeUrl(attachment.image_url) ?? safeUrl(attachment.thumb_url);
  const shown = safeUrl(attachment.thumb_url) ?? full;
  if (!full || !shown) return null;
  const name = attachment.fallback || attachment.title || t('chat.attachment.image');
  return (
    <button
      type="button"
      className="chat-attachment chat-attachment-image"
      data-part="attachment"
      data-type="image"
      aria-label={t('chat.attachment.openImage', { name })}
      onClick={() => preview.open(full, name)}
    >
      <img src={shown} alt="" loading="lazy" {...sizeAttributes(attachment)} />
    </button>
  );
}

function GiphyAttachment({ attachment, onAction }: { attachment: Attachment; onAction?: (value: string) => void }) {
  const { t } = useTranslation();
  const preview = useImagePreview();
  const rendition = attachment.giphy?.fixed_height;
  const src = safeUrl(rendition?.url) ?? safeUrl(attachment.thumb_url) ?? safeUrl(attachment.image_url);
  if (!src) return null;
  const title = t('chat.attachment.giphy', { title: attachment.title ?? '' });
  const size = rendition
    ? { width: Number(rendition.width) || undefined, height: Number(rendition.height) || undefined }
    : {};
  const actions = ((attachment.actions ?? []) as AttachmentAction[]).filter(
    (a) => a.name === 'image_action' && a.value,
  );
  return (
    <figure className="chat-attachment chat-attachment-giphy" data-part="attachment" data-type="giphy">
      <button
        type="button"
        className="chat-attachment-image"
        aria-label={t('chat.attachment.openImage', { name: title })}
        onClick={() => preview.open(safeUrl(attachment.image_url) ?? src, title)}
      >
        <img src={src} alt="" loading="lazy" {...size} />
      </button>
      <figcaption className="chat-muted">{title}</figcaption>
      {actions.length > 0 && onAction && (
        <div className="chat-giphy-actions" role="group" aria-label={title}>
          {actions.map((action) => (
            <button
              key={action.value}
              type="button"
              data-primary={action.style === 'primary' || undefined}
              onClick={() => onAction(action.value!)}
            >
              {t(`chat.attachment.giphyActions.${action.value}`, { defaultValue: action.text ?? action.value })}
            </button>
          ))}
        </div>
      )}
    </figure>
  );
}

function FileAttachment({ attachment }: { attachment: Attachment }) {
  const { t, i18n } = useTranslation();
  const href = safeUrl(attachment.asset_url);
  const name = attachment.title || t('chat.attachment.file');
  const size = typeof attachment.file_size === 'number' ? fileSize(attachment.file_size, i18n.language) : null;
  const body = (
    <>
      <FileIcon />
      <span className="chat-file-name">{name}</span>
      {size && <span className="chat-muted chat-file-size">{size}</span>}
    </>
  );
  return href ? (
    <a
      className="chat-attachment chat-attachment-file"
      data-part="attachment"
      data-type="file"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      download={name}
      aria-label={t('chat.attachment.download', { name, size: size ?? '' })}
    >
      {body}
    </a>
  ) : (
    <div className="chat-attachment chat-attachment-file" data-part="attachment" data-type="file">
      {body}
    </div>
  );
}

function MediaAttachment({ attachment, kind }: { attachment: Attachment; kind: 'video' | 'audio' }) {
  const { t } = useTranslation();
  const src = safeUrl(attachment.asset_url);
  if (!src) return <FileAttachment attachment={attachment} />;
  const label = attachment.title || t(kind === 'video' ? 'chat.attachment.video' : 'chat.attachment.audio');
  return (
    <figure className={`chat-attachment chat-attachment-${kind}`} data-part="attachment" data-type={kind}>
      {kind === 'video' ? (
        <video
          controls
          preload="metadata"
          src={src}
          poster={safeUrl(attachment.thumb_url) ?? undefined}
          aria-label={label}
          {...sizeAttributes(attachment)}
        />
      ) : (
        <audio controls preload="metadata" src={src} aria-label={label} />
      )}
      <figcaption className="chat-muted">{label}</figcaption>
    </figure>
  );
}

/** A link preview (og attachment) or any other card: title (linked when it has an address), text, image. */
function CardAttachment({ attachment, kind }: { attachment: Attachment; kind: 'link' | 'card' }) {
  const link = safeUrl(attachment.title_link) ?? safeUrl(attachment.og_scrape_url);
  const image = safeUrl(attachment.thumb_url) ?? safeUrl(attachment.image_url);
  const title = attachment.title || (kind === 'link' ? link : null);
  if (!title && !attachment.text && !image) return null;
  return (
    <div className="chat-attachment chat-attachment-card" data-part="attachment" data-type={kind}>
      {image && <img src={image} alt="" loading="lazy" className="chat-card-image" />}
      <div className="chat-card-body">
        {attachment.author_name && <p className="chat-muted chat-card-source">{attachment.author_name}</p>}
        {title &&
          (link ? (
            <a className="chat-card-title" href={link} target="_blank" rel="noopener noreferrer">
              {title}
            </a>
          ) : (
            <p className="chat-card-title">{title}</p>
          ))}
        {attachment.text && <p className="chat-card-text">{attachment.text}</p>}
      </div>
    </div>
  );
}

// The voice message player comes with the first voice message shown; the audio element until then.
const VoiceMessage = preloadable(
  withStrings('voice', () => import('../voice/VoiceMessage')),
  ({ attachment }: { attachment: Attachment }) => <MediaAttachment attachment={attachment} kind="audio" />,
  { optional: true },
);

function AttachmentView({ attachment, onAction }: { attachment: Attachment; onAction?: (value: string) => void }) {
  if (attachment.og_scrape_url) return <CardAttachment attachment={attachment} kind="link" />;
  switch (attachment.type) {
    case 'image':
      return <ImageAttachment attachment={attachment} />;
    case 'giphy':
      return <GiphyAttachment attachment={attachment} onAction={onAction} />;
    case 'video':
      return <MediaAttachment attachment={attachment} kind="video" />;
    case 'audio':
      return <MediaAttachment attachment={attachment} kind="audio" />;
    case 'voiceRecording':
      return <VoiceMessage attachment={attachment} />;
    case 'file':
      return <FileAttachment attachment={attachment} />;
    default:
      return <CardAttachment attachment={attachment} kind="card" />;
  }
}

export const Attachments = memo(function Attachments({ attachments, onAction }: Props) {
  if (attachments.length === 0) return null;
  return (
    <div className="chat-attachments">
      {attachments.map((attachment, index) => (
        <AttachmentView key={index} attachment={attachment} onAction={onAction} />
      ))}
    </div>
  );
});
