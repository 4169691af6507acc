// @vitest-environment jsdom
/**
 * The chat connection as the app runs it in development: inside React's StrictMode, which starts
 * the actor, stops it and starts it again from its snapshot. The abandoned first connect must not
 * decide the outcome; the member ends up connected (real actors, real chat sandbox).
 */
import { render, screen, waitFor } from '@testing-library/react';
import { useActorRef, useSelector } from '@xstate/react';
import { StrictMode } from 'react';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chatConnectionMachine } from '../../machines/chat-connection/chat-connection.machine';
import { selectStatus } from '../../machines/chat-connection/chat-connection.selectors';
import type { ChatConnectionInput } from '../../machines/chat-connection/chat-connection.types';
import { createChatConnectionActors } from '../../src/lib/actors/chat-connection-actors';
import { startChatServer, userToken, type ChatServer } from '../support/chat';

let server: ChatServer;
beforeAll(async () => {
  server = await startChatServer();
});
afterAll(() => server.close());

function Connection({ input, baseURL }: { input: ChatConnectionInput; baseURL: string }) {
  const actor = useActorRef(
    chatConnectionMachine.provide({
      actors: createChatConnectionActors({
        baseURL,
        fetchToken: () => Promise.resolve(input.token!),
        clientOptions: { allowServerSideConnect: true },
      }),
    }),
    { input },
  );
  return <output>{useSelector(actor, selectStatus)}</output>;
}

it('connects inside StrictMode, whose remount abandons the first attempt', async () => {
  const input = {
    userId: 'strict',
    name: 'Strict',
    token: userToken(server, 'strict'),
    apiKey: server.config.chatApiKey,
  };
  const view = render(
    <StrictMode>
      <Connection input={input} baseURL={server.chatUrl} />
    </StrictMode>,
  );
  await waitFor(() => expect(screen.getByRole('status').textContent).toBe('connected'), { timeout: 15_000 });
  // It stays connected: the abandoned attempt's late failure does not arrive afterwards.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(screen.getByRole('status').textContent).toBe('connected');
  view.unmount();
});
