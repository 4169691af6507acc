/**
 * Shared by the composer component tests: the composer as the open channel mounts it — built by
 * `useChannelComposer` (drafts on, upload limits, draft events, edits) over the real outbox —
 * rendered inside the app's providers against the chat sandbox.
 */
import { useMemo } from 'react';
import type { Channel, StreamChat } from 'stream-chat';
import { Composer } from '../../src/features/chat/composer/Composer';
import { useChannelComposer } from '../../src/features/chat/composer/use-channel-composer';
import {
  OpenChannelContext,
  useChatWorkspace,
  type OpenChannel,
} from '../../src/features/chat/workspace/chat-workspace-context';
import type { ComposerActor } from '../../src/lib/chat/channel-machines';
import { renderInWorkspace, workspaceFor } from '../support/chat-ui';

export const WAIT = { timeout: 10_000 };

function OpenComposer({ channel, onComposer }: { channel: Channel; onComposer?: (c: ComposerActor) => void }) {
  const { client, outbox } = useChatWorkspace();
  const composer = useChannelComposer(client, channel, outbox);
  onComposer?.(composer);
  const open = useMemo<OpenChannel>(
    () => ({
      channel,
      composer,
      targetMessageId: null,
      jumpToMessage: () => undefined,
      threadId: null,
      openThread: () => undefined,
    }),
    [channel, composer],
  );
  return (
    <OpenChannelContext.Provider value={open}>
      <Composer />
    </OpenChannelContext.Provider>
  );
}

/** Renders the composer of `channel` for `client`; returns the harness and the composer actor. */
export async function renderComposer(client: StreamChat, channel: Channel) {
  const harness = workspaceFor(client);
  let composer: ComposerActor | null = null;
  const view = await renderInWorkspace(<OpenComposer channel={channel} onComposer={(c) => (composer = c)} />, harness);
  return {
    view,
    harness,
    composer: () => composer!,
    unmount() {
      view.unmount();
      harness.stop();
    },
  };
}
