/**
 * Component-test harness for the chat workspace: renders a part of the chat inside the same
 * providers the app uses (i18n in English, toasts, image preview, a memory router) and the
 * workspace contexts, filled with REAL things: a `stream-chat` client connected to the chat
 * sandbox over a WebSocket, a watched channel, and the real composer and outbox machines.
 * Use it from `tests/integration/*.test.tsx` files that start with `// @vitest-environment jsdom`.
 */
import { render, type RenderResult } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { Channel, StreamChat } from 'stream-chat';
import { createActor } from 'xstate';
import {
  ChatWorkspaceContext,
  OpenChannelContext,
  type ChatWorkspace,
  type OpenChannel,
} from '../../src/features/chat/workspace/chat-workspace-context';
import { english as en } from './locale-strings';
import { composerInputFor } from '../../src/lib/actors/composer-actors';
import { channelComposerMachine, connectComposerToOutbox, outboxMachineFor } from '../../src/lib/chat/channel-machines';
import { ImagePreviewProvider } from '../../src/lib/image-preview';
import { ToastProvider } from '../../src/lib/toasts';

export async function initTestI18n(): Promise<void> {
  if (!i18next.isInitialized)
    await i18next.use(initReactI18next).init({
      resources: { en: { translation: en } },
      lng: 'en',
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
    });
}

/** A Storage stand-in kept in memory (the outbox's failed messages). */
export function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

export interface WorkspaceHarness {
  workspace: ChatWorkspace;
  open: OpenChannel | null;
  /** Every `?message=` jump asked for, in order. */
  jumps: string[];
  /** Every thread opened (its parent message id), in order. */
  threads: string[];
  stop(): void;
}

/** The real outbox (and, with a channel, the real composer wired to it) for `client`. */
export function workspaceFor(client: StreamChat, channel?: Channel): WorkspaceHarness {
  const userId = client.userID!;
  const outbox = createActor(outboxMachineFor(client, memoryStorage()), { input: { userId } }).start();
  // Parts rendered alone: nothing is waited for before the channel list's first page.
  const workspace: ChatWorkspace = {
    client,
    userId,
    outbox,
    reconnecting: false,
    addressedChannelOpened: Promise.resolve(),
    isAddressedChannelOpened: () => true,
    settleAddressedChannel: () => undefined,
  };
  const jumps: string[] = [];
  const threads: string[] = [];
  let open: OpenChannel | null = null;
  let unwire = () => undefined as void;
  if (channel) {
    const composer = createActor(channelComposerMachine(client, channel), { input: composerInputFor(channel) }).start();
    unwire = connectComposerToOutbox(composer, outbox, channel);
    open = {
      channel,
      composer,
      targetMessageId: null,
      jumpToMessage: (id) => void jumps.push(id),
      threadId: null,
      openThread: (id) => void threads.push(id),
    };
  }
  return {
    workspace,
    open,
    jumps,
    threads,
    stop() {
      unwire();
      open?.composer.stop();
      outbox.stop();
    },
  };
}

/** Renders `ui` inside the app's providers and the workspace contexts, at `path` (default /chat). */
export async function renderInWorkspace(
  ui: ReactNode,
  harness: Pick<WorkspaceHarness, 'workspace' | 'open'>,
  { path = '/chat', route = '*' }: { path?: string; route?: string } = {},
): Promise<RenderResult> {
  await initTestI18n();
  return render(
    <ToastProvider>
      <ImagePreviewProvider>
        <MemoryRouter initialEntries={[path]}>
          <ChatWorkspaceContext.Provider value={harness.workspace}>
            <OpenChannelContext.Provider value={harness.open}>
              <Routes>
                <Route path={route} element={ui} />
              </Routes>
            </OpenChannelContext.Provider>
          </ChatWorkspaceContext.Provider>
        </MemoryRouter>
      </ImagePreviewProvider>
    </ToastProvider>,
  );
}
