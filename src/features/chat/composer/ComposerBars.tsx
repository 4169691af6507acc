/**
 * What sits above the text: the "Editing message" bar, the quoted message chip and the link
 * preview card, each with its way out (cancel, remove, dismiss).
 */
import { useSelector } from '@xstate/react';
import { useTranslation } from '../../../i18n/use-translation';
import { selectIsEditing, selectPreviews, selectQuoted } from '../../../../machines/composer/composer.selectors';
import type { ComposerActor } from '../../../lib/chat/channel-machines';
import { safeUrl } from '../shared/safe-url';
import { useComposerSelector } from './use-composer-selector';
import { CloseIcon, EditIcon, QuoteIcon } from './icons';

export function EditBar({ composer, onDone }: { composer: ComposerActor; onDone: () => void }) {
  const { t } = useTranslation();
  const editing = useSelector(composer, selectIsEditing);
  if (!editing) return null;
  return (
    <div className="composer-bar" data-part="composer-editing">
      <EditIcon />
      <span className="composer-bar-text">
        <strong>{t('chat.composer.editing')}</strong>
        <span className="composer-bar-hint">{t('chat.composer.editingHint')}</span>
      </span>
      <button
        type="button"
        className="composer-text-button"
        onClick={() => {
          composer.send({ type: 'composer.cancelEdit' });
          onDone();
        }}
      >
        {t('chat.composer.cancelEdit')}
      </button>
    </div>
  );
}

export function QuoteChip({ composer, onDone }: { composer: ComposerActor; onDone: () => void }) {
  const { t } = useTranslation();
  const quoted = useSelector(composer, selectQuoted);
  if (!quoted) return null;
  const name = quoted.user?.name || quoted.user?.id || '';
  return (
    <div className="composer-bar composer-quote" data-part="composer-quote">
      <QuoteIcon />
      <span className="composer-bar-text">
        <strong>{name ? t('chat.composer.replyingTo', { name }) : t('chat.composer.replying')}</strong>
        {quoted.text && <span className="composer-quote-text">{quoted.text}</span>}
      </span>
      <button
        type="button"
        className="composer-icon-button"
        aria-label={t('chat.composer.removeQuote')}
        title={t('chat.composer.removeQuote')}
        onClick={() => {
          composer.send({ type: 'composer.unquote' });
          onDone();
        }}
      >
        <CloseIcon />
      </button>
    </div>
  );
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/** The first link of the text that is loading or loaded (the one the message will carry). */
export function LinkPreviewCard({ composer, onDone }: { composer: ComposerActor; onDone: () => void }) {
  const { t } = useTranslation();
  const previews = useComposerSelector(composer, selectPreviews);
  const entry =
    previews.find((p) => p.status === 'loaded' && p.preview) ?? previews.find((p) => p.status === 'loading');
  if (!entry) return null;
  const preview = entry.status === 'loaded' ? entry.preview : undefined;
  const image = safeUrl(preview?.thumb_url ?? preview?.image_url);
  const link = safeUrl(preview?.title_link ?? entry.url);
  return (
    <div className="composer-preview" data-part="composer-link-preview" data-state={entry.status}>
      {image && <img className="composer-preview-image" src={image} alt="" />}
      <span className="composer-preview-body">
        {preview ? (
          <>
            <span className="composer-preview-host">{hostOf(link ?? entry.url)}</span>
            {preview.title && <strong className="composer-preview-title">{preview.title}</strong>}
            {preview.text && <span className="composer-preview-text">{preview.text}</span>}
          </>
        ) : (
          <span className="composer-preview-host" role="status">
            {t('chat.composer.previewLoading', { host: hostOf(entry.url) })}
          </span>
        )}
      </span>
      <button
        type="button"
        className="composer-icon-button"
        aria-label={t('chat.composer.dismissPreview')}
        title={t('chat.composer.dismissPreview')}
        onClick={() => {
          composer.send({ type: 'composer.dismissPreview', url: entry.url });
          onDone();
        }}
      >
        <CloseIcon />
      </button>
    </div>
  );
}

/** All three, each shown only while it applies (the composer renders this once one does). */
export function ComposerBars({ composer, onDone }: { composer: ComposerActor; onDone: () => void }) {
  return (
    <>
      <EditBar composer={composer} onDone={onDone} />
      <QuoteChip composer={composer} onDone={onDone} />
      <LinkPreviewCard composer={composer} onDone={onDone} />
    </>
  );
}
