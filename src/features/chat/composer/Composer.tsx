/**
 * The open channel's composer (chat-ui.md §5): the text with its suggestions, attachments, link
 * preview, quote and edit bars, and the send button, all over the channel's composer machine —
 * or, when the member cannot write here, what says why (frozen, banned, no permission).
 */
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { Channel, StreamChat } from 'stream-chat';
import {
  selectCanSend,
  selectDraft,
  selectTyping,
  selectIsEditing,
  selectPreviews,
  selectQuoted,
  selectUploads,
} from '../../../../machines/composer/composer.selectors';
import { useComposerSelector } from './use-composer-selector';
import { useCooldownRemaining } from './use-cooldown-remaining';
import type { ComposerActor } from '../../../lib/chat/channel-machines';
import { channelTitle } from '../shared/channel-title';
import { useChatWorkspace, useOpenChannel } from '../workspace/chat-workspace-context';
import { ComposerStatus } from './ComposerStatus';
import { EmojiButton } from './EmojiButton';
import { AttachIcon, LockIcon, SendIcon } from './icons';
import { optionId } from './option-id';
import { PollLauncher } from '../polls/PollLauncher';
import { LocationLauncher } from '../location/LocationLauncher';
import { useVoiceRecorder, VoiceButton, VoiceRecorderSlot } from '../voice/VoiceButton';
import { preloadable } from '../../../lib/preloadable';
import { withStrings } from '../../../i18n/bundles';
import { useChannelAccess, type ChannelAccess, type ComposerBlock } from './use-channel-access';
import { BanReason } from '../moderation/lazy-ban-reason';
import { addFiles, pasteHandler, useFileDrop, useUploadShortcut } from './use-composer-files';
import { useComposerText } from './use-composer-text';
import './composer.css';

// These parts bring their strings (the `composer` bundle) with their code.
// The suggestion popover's code comes with the first @ or / typed (it shows a moment later then).
const Suggestions = preloadable(
  withStrings('composer', () => import('./Suggestions').then((m) => ({ default: m.Suggestions }))),
  null,
  { optional: true },
);
// The attachment tiles' code comes when there is a first attachment (fetched ahead when the Attach
// button is pointed at or focused, the file picker opens or files are dragged over), not with the
// chat page.
// The editing bar, the quote chip and the link preview card come with the first edit, quote or link.
const ComposerBars = preloadable(
  withStrings('composer', () => import('./ComposerBars').then((m) => ({ default: m.ComposerBars }))),
  null,
  { optional: true },
);
const UploadTiles = preloadable(
  withStrings('composer', () => import('./UploadTiles').then((m) => ({ default: m.UploadTiles }))),
);

export function Composer() {
  const { client, userId } = useChatWorkspace();
  const { channel, composer } = useOpenChannel();
  const access = useChannelAccess(client, channel);
  if (access.block) return <ComposerBlocked block={access.block} client={client} channel={channel} />;
  return <ComposerForm client={client} channel={channel} composer={composer} userId={userId} access={access} />;
}

function ComposerBlocked({ block, client, channel }: { block: ComposerBlock; client: StreamChat; channel: Channel }) {
  const { t, i18n } = useTranslation();
  let text: string;
  if (block.kind === 'frozen') text = t('chat.composer.frozen');
  else if (block.kind === 'noPermission') text = t('chat.composer.noPermission');
  else if (block.until)
    text = t('chat.composer.bannedUntil', {
      date: new Date(block.until).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }),
    });
  else text = t('chat.composer.banned');
  return (
    <div className="composer-blocked" data-part="composer" data-state={block.kind} role="status">
      <LockIcon />
      <p>
        {text}
        {block.kind === 'banned' && <BanReason client={client} channel={channel} known={block.reason} />}
      </p>
    </div>
  );
}

/** "Message #League general", or "Message Jordan Weber" in a direct conversation. */
function useComposerLabel(channel: Channel, userId: string): string {
  const { t } = useTranslation();
  const { threadId } = useOpenChannel();
  const name = channelTitle(channel, userId);
  if (threadId !== null) return t('chat.composer.labelThread');
  const named = typeof channel.data?.name === 'string' && channel.data.name.trim() !== '';
  return named ? t('chat.composer.labelChannel', { name }) : t('chat.composer.labelDirect', { name });
}

interface FormProps {
  client: StreamChat;
  channel: Channel;
  composer: ComposerActor;
  userId: string;
  access: ChannelAccess;
}

function ComposerForm({ client, channel, composer, userId, access }: FormProps) {
  const { t } = useTranslation();
  const rootRef = useRef<HTMLFormElement>(null);
  const fieldRef = useRef<HTMLDivElement>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const hintId = useId();
  const label = useComposerLabel(channel, userId);
  const { threadId } = useOpenChannel();

  const composition = useSelector(composer, (s) => String((s.value as Record<string, unknown>).composition));
  // The typing and draft children's states, for the data attributes tests and styles read.
  const typing = useSelector(useSelector(composer, selectTyping), (s) => JSON.stringify(s.value));
  const draft = useSelector(useSelector(composer, selectDraft), (s) => String(s.value));
  const canSend = useComposerSelector(composer, selectCanSend);
  const editing = useSelector(composer, selectIsEditing);
  const hasBars = useSelector(
    composer,
    (s) => selectIsEditing(s) || selectQuoted(s) !== null || selectPreviews(s).length > 0,
  );
  const cooldown = useCooldownRemaining(composer);
  const hasUploads = useSelector(composer, (snapshot) => selectUploads(snapshot).length > 0);

  const text = useComposerText({
    client,
    channel,
    composer,
    userId,
    canEditOwn: access.canEditOwn,
    textareaRef,
    fieldRef,
  });
  const dragging = useFileDrop(rootRef, composer, access.canUpload);
  useEffect(() => {
    if (dragging) void UploadTiles.preload();
  }, [dragging]);
  useUploadShortcut(fileRef, access.canUpload);
  const focusText = () => textareaRef.current?.focus();
  const voice = useVoiceRecorder();
  const { suggestions } = text;
  const activeOption = suggestions && suggestions.items.length > 0 ? optionId(listId, text.activeIndex) : undefined;

  return (
    <form
      ref={rootRef}
      className="composer"
      aria-label={t('chat.composer.region')}
      data-part="composer"
      data-state={composition}
      data-typing={typing.replace(/"/g, '')}
      data-draft={draft}
      data-cooldown={cooldown > 0 ? 'coolingDown' : 'ready'}
      data-dragging={dragging || undefined}
      onSubmit={(event) => {
        event.preventDefault();
        text.submit();
        focusText();
      }}
    >
      {access.frozen && <p className="composer-note">{t('chat.composer.frozenModerator')}</p>}
      {hasBars && <ComposerBars composer={composer} onDone={focusText} />}
      {hasUploads && <UploadTiles composer={composer} onDone={focusText} />}
      <div className="composer-field" ref={fieldRef}>
        {suggestions && (
          <Suggestions
            listId={listId}
            state={suggestions}
            active={text.activeIndex}
            style={text.popoverStyle}
            onPick={text.pick}
            onActivate={text.setActive}
          />
        )}
        <VoiceRecorderSlot voice={voice} />
        <div className="composer-box" hidden={voice.open}>
          {access.canUpload && (
            <button
              type="button"
              className="composer-icon-button"
              aria-label={t('chat.composer.attach')}
              title={t('chat.composer.attachShortcut')}
              aria-keyshortcuts="Control+Shift+U Meta+Shift+U"
              onClick={() => fileRef.current?.click()}
              onPointerEnter={() => void UploadTiles.preload()}
              onFocus={() => void UploadTiles.preload()}
            >
              <AttachIcon />
            </button>
          )}
          {/* A poll, a location or a voice message is a message of its own, never part of an edit. */}
          {access.canPoll && threadId === null && !editing && <PollLauncher composer={composer} />}
          {threadId === null && !editing && <LocationLauncher channel={channel} />}
          <textarea
            ref={textareaRef}
            className="composer-input"
            data-part="composer-input"
            rows={1}
            value={text.text}
            placeholder={label}
            aria-label={label}
            aria-describedby={hintId}
            aria-autocomplete="list"
            aria-controls={suggestions && suggestions.items.length > 0 ? listId : undefined}
            aria-activedescendant={activeOption}
            onPaste={pasteHandler(composer, access.canUpload)}
            {...text.handlers}
          />
          <EmojiButton onPick={text.insert} onClose={focusText} />
          {access.canUpload && !editing && <VoiceButton voice={voice} />}
          <button
            type="submit"
            className="composer-send"
            data-part="composer-send"
            aria-label={editing ? t('chat.composer.save') : t('chat.composer.send')}
            title={editing ? t('chat.composer.save') : t('chat.composer.send')}
            aria-disabled={!canSend}
          >
            {cooldown > 0 && !editing ? <span aria-hidden="true">{cooldown}</span> : <SendIcon />}
          </button>
        </div>
        <span id={hintId} className="visually-hidden">
          {t('chat.composer.hint')}
        </span>
      </div>
      <ComposerStatus composer={composer} suggestions={suggestions} />
      {access.canUpload && (
        <input
          ref={fileRef}
          type="file"
          multiple
          hidden
          data-part="composer-file-input"
          aria-label={t('chat.composer.attach')}
          // The picker is opening (the button or its shortcut): the tiles will be needed.
          onClick={() => void UploadTiles.preload()}
          onChange={(event) => {
            addFiles(composer, event.target.files ?? []);
            event.target.value = '';
            focusText();
          }}
        />
      )}
      {dragging && (
        <div className="composer-drop" aria-hidden="true">
          {t('chat.composer.dropFiles')}
        </div>
      )}
    </form>
  );
}
