// @vitest-environment jsdom
/**
 * The app's chat connections (src/lib/chat/chat-connections.ts), with real connection actors on
 * the real chat sandbox: one started ahead of the first render is the one the screen then holds
 * (also through StrictMode's effect replay); the last holder letting go stops it; one nobody takes
 * is stopped after its unclaimed time.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { StrictMode, useEffect, useState } from 'react';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { selectStatus } from '../../machines/chat-connection/chat-connection.selectors';
import type { ChatConnectionInput } from '../../machines/chat-connection/chat-connection.types';
import { createChatConnections, startChatConnection } from '../../src/lib/chat/chat-connections';
import { startChatServer, userToken, type ChatServer } from '../support/chat';

const UNCLAIMED_MS = 300;
let server: ChatServer;
beforeAll(async () => {
  server = await startChatServer();
});
afterAll(() => server.close());

function setup() {
  const started: ReturnType<typeof startChatConnection>[] = [];
  const connections = createChatConnections((input) => {
    const actor = startChatConnection(input, {
      baseURL: server.chatUrl,
      fetchToken: () => Promise.resolve(input.token!),
      clientOptions: { allowServerSideConnect: true },
    });
    started.push(actor);
    return actor;
  }, UNCLAIMED_MS);
  return { connections, started };
}

const inputFor = (userId: string): ChatConnectionInput => ({
  userId,
  name: userId,
  token: userToken(server, userId),
  apiKey: server.config.chatApiKey,
});

function Holder({
  connections,
  input,
}: {
  connections: ReturnType<typeof setup>['connections'];
  input: ChatConnectionInput;
}) {
  const [actor] = useState(() => connections.connectionFor(input));
  useEffect(() => connections.hold(input), [connections, input]);
  return <output>{useSelector(actor, selectStatus)}</output>;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('hands the connection started ahead of the first render to the screen, through StrictMode', async () => {
  const { connections, started } = setup();
  const input = inputFor('early');
  connections.preconnect(input);
  expect(started).toHaveLength(1);
  const view = render(
    <StrictMode>
      <Holder connections={connections} input={input} />
    </StrictMode>,
  );
  await waitFor(() => expect(screen.getByRole('status').textContent).toBe('connected'), { timeout: 15_000 });
  // Past the unclaimed time: held, so still running, and still the one started first.
  await wait(UNCLAIMED_MS + 100);
  expect(started).toHaveLength(1);
  expect(started[0]!.getSnapshot().status).toBe('active');
  expect(screen.getByRole('status').textContent).toBe('connected');
  // The last holder lets go: stopped (disconnected), and forgotten.
  view.unmount();
  await waitFor(() => expect(started[0]!.getSnapshot().status).toBe('stopped'));
  expect(connections.size).toBe(0);
});

it('keeps a connection while another holder has it, and stops one nobody takes', async () => {
  const { connections, started } = setup();
  const shared = inputFor('shared');
  const first = render(<Holder connections={connections} input={shared} />);
  const second = render(<Holder connections={connections} input={shared} />);
  expect(started).toHaveLength(1);
  first.unmount();
  await wait(50);
  expect(started[0]!.getSnapshot().status).toBe('active');
  second.unmount();
  await waitFor(() => expect(started[0]!.getSnapshot().status).toBe('stopped'));

  connections.preconnect(inputFor('nobody'));
  expect(started).toHaveLength(2);
  await wait(UNCLAIMED_MS / 2);
  expect(started[1]!.getSnapshot().status).toBe('active');
  await waitFor(() => expect(started[1]!.getSnapshot().status).toBe('stopped'), { timeout: UNCLAIMED_MS * 4 });
  expect(connections.size).toBe(0);
});
