/**
 * The channel the address names: opened by machines/open-channel (watched, or 'Channel Missing'),
 * then its header, message list and composer around one composer actor. `?message=<id>` is the
 * message to jump to; jumping changes only that parameter (replacing history), so back still
 * goes to the previous channel. `/thread/<parent id>` opens that message's thread beside the
 * channel (over it on narrow screens).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { Channel } from 'stream-chat';
import { openChannelMachine } from '../../../../machines/open-channel/open-channel.machine';
import {
  selectChannel,
  selectFailure,
  selectOpenState,
} from '../../../../machines/open-channel/open-channel.selectors';
import { createOpenChannelActors, watchedChannel } from '../../../lib/actors/open-channel-actors';
import { Composer } from '../composer/Composer';
import { useChannelComposer } from '../composer/use-channel-composer';
import { MessageList } from '../message-list/MessageList';
import { channelDetailsImport, focusDetailsButton } from '../channel-details/DetailsButton';
import { ChannelHeader } from './ChannelHeader';
import { ComposerPlaceholder } from '../composer/ComposerPlaceholder';
import {
  channelPath,
  OpenChannelContext,
  threadPath,
  useAddressedChannelOpened,
  useChatWorkspace,
  type OpenChannel,
} from './chat-workspace-context';
import { lazyPart } from '../../../lib/lazy-part';
import { withStrings } from '../../../i18n/bundles';

// Opened now and then: fetched, with its strings, when a thread is first opened, not with the chat page.
const ThreadPanel = lazyPart(withStrings('threads', () => import('../thread/ThreadPanel')));
const ChannelDetailsPanel = lazyPart(channelDetailsImport);

/** After the thread closes, focus goes back to its parent message in the channel (chat-ui.md §6). */
function focusParent(parentId: string) {
  requestAnimationFrame(() =>
    document
      .querySelector<HTMLElement>(`.chat-channel [data-message-id="${CSS.escape(parentId)}"]`)
      ?.focus({ preventScroll: false }),
  );
}

interface Props {
  type: string;
  id: string;
  /** Opens the navigation panel (narrow screens); null on wide screens. */
  onOpenPanel: (() => void) | null;
}

export function OpenChannelView({ type, id, onOpenPanel }: Props) {
  const { t } = useTranslation();
  const { client, settleAddressedChannel } = useChatWorkspace();
  const [machine] = useState(() => openChannelMachine.provide({ actors: createOpenChannelActors(client) }));
  const opener = useActorRef(machine, { input: { type, id, watched: watchedChannel(client, { type, id }) } });
  const state = useSelector(opener, selectOpenState);
  const channel = useSelector(opener, selectChannel) as Channel | null;
  const failure = useSelector(opener, selectFailure);
  // Missing, failed, or opened without messages: the channel list may ask for its channels now
  // (an opened channel with messages lets it once they are on screen, in the message list).
  const empty = channel !== null && channel.state.messages.length === 0;
  useEffect(() => {
    if (failure || empty) settleAddressedChannel();
  }, [failure, empty, settleAddressedChannel]);

  if (channel) return <ChannelReady channel={channel} onOpenPanel={onOpenPanel} />;
  return (
    <section className="chat-channel-status" data-state={state} aria-busy={state === 'watching'}>
      {state === 'watching' && (
        <p role="status" className="chat-muted">
          {t('chat.workspace.loadingChannel')}
        </p>
      )}
      {failure?.kind === 'missing' && (
        <div role="alert">
          <h2>{t('chat.workspace.channelMissing')}</h2>
          <p>{t('chat.workspace.channelMissingHelp')}</p>
          <Link to="/chat">{t('chat.workspace.backToChannels')}</Link>
        </div>
      )}
      {failure?.kind === 'failed' && (
        <div role="alert">
          <p>{t('chat.workspace.openFailed', { reason: failure.message })}</p>
          <button type="button" onClick={() => opener.send({ type: 'channel.retry' })}>
            {t('chat.workspace.retry')}
          </button>
        </div>
      )}
    </section>
  );
}

function ChannelReady({ channel, onOpenPanel }: { channel: Channel; onOpenPanel: (() => void) | null }) {
  const { client, outbox, addressedChannelOpened } = useChatWorkspace();
  const composer = useChannelComposer(client, channel, outbox, addressedChannelOpened);
  // The conversation first: the composer's controls render once it is on screen.
  const composerShown = useAddressedChannelOpened();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { threadId = null } = useParams();
  const targetMessageId = params.get('message');
  const [detailsOpen, setDetailsOpen] = useState(false);
  const open = useMemo<OpenChannel>(
    () => ({
      channel,
      composer,
      targetMessageId,
      jumpToMessage: (messageId) => setParams({ message: messageId }, { replace: true }),
      threadId: null,
      openThread: (parentId) => void navigate(threadPath(channel.type, channel.id!, parentId)),
    }),
    [channel, composer, targetMessageId, setParams, navigate],
  );
  const closeThread = useCallback(() => {
    if (!threadId) return;
    void navigate(channelPath(channel.type, channel.id!));
    focusParent(threadId);
  }, [channel, navigate, threadId]);
  return (
    <OpenChannelContext.Provider value={open}>
      <div className="chat-channel-area" data-thread={threadId ? 'open' : 'closed'}>
        <section className="chat-channel" aria-labelledby="chat-channel-title" data-cid={channel.cid}>
          <ChannelHeader
            onOpenPanel={onOpenPanel}
            onOpenDetails={() => {
              // One side panel at a time: the details take the thread's place.
              if (threadId) void navigate(channelPath(channel.type, channel.id!));
              setDetailsOpen(true);
            }}
          />
          <MessageList />
          {/* The composer's own place: what changes in it (the placeholder giving way) leaves the list be. */}
          <div className="chat-composer-slot">{composerShown ? <Composer /> : <ComposerPlaceholder />}</div>
        </section>
        {detailsOpen && !threadId && (
          <Suspense fallback={<aside className="chat-side-panel chat-details" aria-busy="true" />}>
            <ChannelDetailsPanel
              onClose={() => {
                setDetailsOpen(false);
                focusDetailsButton();
              }}
            />
          </Suspense>
        )}
        {threadId && (
          <Suspense fallback={<aside className="chat-side-panel chat-thread" aria-busy="true" />}>
            <ThreadPanel key={threadId} parentId={threadId} onClose={closeThread} />
          </Suspense>
        )}
      </div>
    </OpenChannelContext.Provider>
  );
}
