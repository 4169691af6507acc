/**
 * The thread panel (chat-ui.md §6, issue #13 item 1): beside the channel on wide screens, over it
 * on narrow ones. machines/thread opens the thread of the message the address names
 * (`/chat/:type/:id/thread/:parentId`), keeps it active while shown (its new replies are marked
 * read), pages back and reloads after a reconnect; the conversation below draws it with its own
 * composer. Escape (when nothing inside used it) and the close button close it; focus then goes
 * back to the parent message in the channel.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { Thread } from 'stream-chat';
import { threadMachine } from '../../../../machines/thread/thread.machine';
import { selectFailure, selectThread, selectThreadState } from '../../../../machines/thread/thread.selectors';
import { useTranslation } from '../../../i18n/use-translation';
import { createThreadActors } from '../../../lib/actors/thread-actors';
import { useToast } from '../../../lib/toasts';
import { channelTitle } from '../shared/channel-title';
import { SidePanel } from '../shared/SidePanel';
import { useChatWorkspace, useOpenChannel } from '../workspace/chat-workspace-context';
import { useWideScreen } from '../workspace/use-wide-screen';
import { ThreadConversation } from './ThreadConversation';
import { ThreadResizer, useThreadWidth } from './ThreadResizer';
import './thread.css';

interface Props {
  parentId: string;
  onClose: () => void;
}

export default function ThreadPanel({ parentId, onClose }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
  const { client, userId } = useChatWorkspace();
  const { channel } = useOpenChannel();
  const [machine] = useState(() => threadMachine.provide({ actors: createThreadActors(client, channel) }));
  const actor = useActorRef(machine, { input: { parentId } });
  const state = useSelector(actor, selectThreadState);
  const thread = useSelector(actor, selectThread) as Thread | null;
  const failure = useSelector(actor, selectFailure);
  const wide = useWideScreen();
  const [width, setWidth] = useThreadWidth();

  // A reconnect reaches the machine through its own actor (watchConnection in thread-actors).
  useEffect(() => {
    const failed = actor.on('thread.failed', (event) => toast.error(t(event.key)));
    return () => failed.unsubscribe();
  }, [actor, toast, t]);

  return (
    <SidePanel
      className="chat-thread"
      data-state={state}
      style={wide ? { width } : undefined}
      title={t('chat.thread.title')}
      subtitle={channelTitle(channel, userId)}
      closeLabel={t('chat.thread.close')}
      closePart="thread-close"
      onClose={onClose}
      edge={wide && <ThreadResizer width={width} onResize={setWidth} />}
    >
      {state === 'opening' && (
        <p role="status" className="chat-thread-status chat-muted">
          {t('chat.thread.loading')}
        </p>
      )}
      {failure?.kind === 'missing' && (
        <div role="alert" className="chat-thread-status">
          <p>{t('chat.thread.notFound')}</p>
          <button type="button" className="secondary" onClick={onClose}>
            {t('chat.thread.back')}
          </button>
        </div>
      )}
      {failure?.kind === 'failed' && (
        <div role="alert" className="chat-thread-status">
          <p>{t('chat.thread.openFailed', { reason: failure.message })}</p>
          <button type="button" onClick={() => actor.send({ type: 'thread.retry' })}>
            {t('chat.workspace.retry')}
          </button>
        </div>
      )}
      {thread && <ThreadConversation thread={thread} actor={actor} />}
    </SidePanel>
  );
}
