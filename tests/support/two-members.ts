/**
 * Component-test set-up against the REAL chat sandbox with two members: a server with Alice and Bob
 * connected (once per file), a channel of both, and Alice's workspace; the rendered screen and the
 * workspaces are cleaned up after each test. Call it at the top of a test file; read the members
 * from the returned object inside the tests.
 */
import { cleanup } from '@testing-library/react';
import type { Channel, StreamChat } from 'stream-chat';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { connectClient, sharedRoom, startChatServer, type ChatServer } from './chat';
import { workspaceFor, type WorkspaceHarness } from './chat-ui';

export interface TwoMembers {
  server: ChatServer;
  alice: StreamChat;
  bob: StreamChat;
  /** A messaging channel `id` Alice creates with Bob, watched by both. */
  room(id: string): Promise<{ mine: Channel; bobs: Channel }>;
  /** Alice's workspace (with `channel` open), stopped after the test. */
  workspace(channel?: Channel): WorkspaceHarness;
}

export function twoMembers(): TwoMembers {
  const harnesses: WorkspaceHarness[] = [];
  const chat = {
    async room(id: string) {
      const [mine, bobs] = await sharedRoom(chat.alice, chat.bob, id);
      return { mine, bobs };
    },
    workspace(channel?: Channel) {
      const harness = workspaceFor(chat.alice, channel);
      harnesses.push(harness);
      return harness;
    },
  } as TwoMembers;
  beforeAll(async () => {
    chat.server = await startChatServer();
    chat.alice = await connectClient(chat.server, 'alice', 'Alice Adams');
    chat.bob = await connectClient(chat.server, 'bob', 'Bob Brown');
  });
  afterEach(() => {
    cleanup();
    for (const harness of harnesses.splice(0)) harness.stop();
  });
  afterAll(() => chat.server.close());
  return chat;
}
