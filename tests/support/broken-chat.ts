/** A chat service that is down: a real HTTP server whose every call answers 503. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export async function brokenChatService(): Promise<{ url: string; calls: () => number; close: () => Promise<void> }> {
  let calls = 0;
  const server: Server = createServer((_req, res) => {
    calls++;
    res.writeHead(503, { 'content-type': 'text/plain' });
    res.end('down for maintenance');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/chat`,
    calls: () => calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
