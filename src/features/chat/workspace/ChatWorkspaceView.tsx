/**
 * The chat workspace for a connected member: the channel list beside the open channel on wide
 * screens, and below the md breakpoint the list as the navigation panel (machines/chat-panel)
 * over the conversation. The address names the open channel (`/chat/:type/:id`, and
 * `?message=<id>` a message in it), so back and forward move between channels. The member's
 * outbox lives here, for every channel, and resends what is pending when the connection recovers.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useMatch, useNavigate, useParams } from 'react-router-dom';
import type { StreamChat } from 'stream-chat';
import { chatPanelMachine } from '../../../../machines/chat-panel/chat-panel.machine';
import { selectPanelState } from '../../../../machines/chat-panel/chat-panel.selectors';
import { outboxMachineFor } from '../../../lib/chat/channel-machines';
import { ChannelListPanel } from '../channel-list/ChannelListPanel';
import { ChannelListPlaceholder } from '../channel-list/ChannelListPlaceholder';
import { useLiveLocationSession } from '../location/live-location-registry';
import { ChatWorkspaceContext, channelPath, useSettled, type ChatWorkspace } from './chat-workspace-context';
import { OpenChannelView } from './OpenChannelView';
import { RemindersView } from '../reminders/lazy-reminders-view';
import { useWideScreen } from './use-wide-screen';
import '../shared/icon-button.css';
import './chat-workspace.css';
import './short-screen.css';
import { lazyPart } from '../../../lib/lazy-part';
import { withStrings } from '../../../i18n/bundles';
import { CloseIcon } from '../../../components/ui/icons';

// Opened now and then: fetched, with its strings, when the member first opens their threads.
const ThreadsView = lazyPart(withStrings('threads', () => import('../threads/ThreadsView')));

/** The channel list waits at most this long for the addressed channel before its first query. */
export const ADDRESSED_CHANNEL_WAIT_MS = 1000;

/** Settles when the addressed channel has opened, at once without one, and after the wait anyway. */
function addressedChannelGate(hasChannel: boolean) {
  let settled = false;
  let resolve!: () => void;
  const opened = new Promise<void>((done) => {
    resolve = done;
  });
  const settle = () => {
    settled = true;
    resolve();
  };
  if (hasChannel) setTimeout(settle, ADDRESSED_CHANNEL_WAIT_MS);
  else settle();
  return { opened, settle, isSettled: () => settled };
}

export function ChatWorkspaceView({ client, reconnecting }: { client: StreamChat; reconnecting: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { channelType, channelId } = useParams();
  const wide = useWideScreen();
  const userId = client.userID!;
  const [outboxMachine] = useState(() => outboxMachineFor(client));
  const outbox = useActorRef(outboxMachine, { input: { userId } });
  const activeCid = channelType && channelId ? `${channelType}:${channelId}` : null;
  const remindersShown = useMatch('/chat/reminders') !== null;
  const threadsShown = useMatch('/chat/threads') !== null;
  const panel = useActorRef(chatPanelMachine, {
    input: { channelChosen: activeCid !== null || threadsShown || remindersShown },
  });
  const panelState = useSelector(panel, selectPanelState);
  const [addressed] = useState(() => addressedChannelGate(activeCid !== null));
  // The conversation first: the channel list renders once it is on screen.
  const listShown = useSettled(addressed.opened, addressed.isSettled);
  useLiveLocationSession(client);
  // A reconnect resends the unsent messages: the outbox's own actor (watchConnection) tells it.

  // A due reminder is announced by the protected layout, whatever page is open (reminders/DueReminders).
  // The member's threads (their unread count for the channel list, the list once opened) and the
  // polls shown, kept current by their events.
  useEffect(() => {
    client.threads.registerSubscriptions();
    client.polls.registerSubscriptions();
    return () => {
      client.threads.unregisterSubscriptions();
      client.polls.unregisterSubscriptions();
    };
  }, [client]);

  // A channel opened by address (a link, the switcher, back/forward) closes the panel too.
  useEffect(() => {
    if (activeCid) panel.send({ type: 'channel.chosen' });
  }, [activeCid, panel]);

  // `/chat` alone opens the most recent channel on wide screens; narrow ones show the panel.
  const openFirst = useCallback(
    (cid: string | null) => {
      if (!cid || activeCid || threadsShown || remindersShown || !wide) return;
      const [type, id] = cid.split(':') as [string, string];
      void navigate(channelPath(type, id), { replace: true });
    },
    [activeCid, threadsShown, remindersShown, navigate, wide],
  );

  const workspace = useMemo<ChatWorkspace>(
    () => ({
      client,
      userId,
      outbox,
      reconnecting,
      addressedChannelOpened: addressed.opened,
      isAddressedChannelOpened: addressed.isSettled,
      settleAddressedChannel: addressed.settle,
    }),
    [client, userId, outbox, reconnecting, addressed],
  );

  return (
    <ChatWorkspaceContext.Provider value={workspace}>
      <div className="chat-workspace" data-panel={wide ? 'beside' : panelState} data-reconnecting={reconnecting}>
        <div className="chat-workspace-list" id="chat-channel-panel">
          {!wide && activeCid && (
            <button
              type="button"
              className="chat-icon-button chat-panel-close"
              onClick={() => panel.send({ type: 'panel.close' })}
            >
              <CloseIcon /> {t('chat.workspace.closeChannels')}
            </button>
          )}
          {listShown ? (
            <ChannelListPanel
              activeCid={activeCid}
              threadsActive={threadsShown}
              onChannelChosen={() => panel.send({ type: 'channel.chosen' })}
              onFirstChannel={openFirst}
            />
          ) : (
            <ChannelListPlaceholder />
          )}
        </div>
        <div className="chat-workspace-main">
          {channelType && channelId ? (
            <OpenChannelView
              key={activeCid}
              type={channelType}
              id={channelId}
              onOpenPanel={wide ? null : () => panel.send({ type: 'panel.open' })}
            />
          ) : remindersShown ? (
            <Suspense fallback={null}>
              <RemindersView onOpenPanel={wide ? null : () => panel.send({ type: 'panel.open' })} />
            </Suspense>
          ) : threadsShown ? (
            <Suspense fallback={null}>
              <ThreadsView onOpenPanel={wide ? null : () => panel.send({ type: 'panel.open' })} />
            </Suspense>
          ) : (
            <div className="chat-choose">
              {!wide && (
                <button type="button" className="secondary" onClick={() => panel.send({ type: 'panel.open' })}>
                  {t('chat.workspace.openChannels')}
                </button>
              )}
              <p className="empty-state">{t('chat.workspace.chooseChannel')}</p>
            </div>
          )}
        </div>
      </div>
    </ChatWorkspaceContext.Provider>
  );
}
