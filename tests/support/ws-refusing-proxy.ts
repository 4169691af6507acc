import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP proxy in front of the chat server that forwards plain HTTP requests but refuses
 * every WebSocket upgrade, so a client's WebSocket fails with a network error.
 */
export async function startWsRefusingProxy(
  target: string,
): Promise<{ url: string; upgrades: () => number; close(): Promise<void> }> {
  const { hostname, port } = new URL(target);
  let upgrades = 0;
  const proxy: Server = createServer((incoming, outgoing) => {
    const upstream = httpRequest(
      { hostname, port, path: incoming.url, method: incoming.method, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    outgoing.on('close', () => upstream.destroy());
    incoming.pipe(upstream);
  });
  proxy.on('upgrade', (_request, socket) => {
    upgrades += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const address = proxy.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    upgrades: () => upgrades,
    close: () =>
      new Promise<void>((resolve) => {
        proxy.closeAllConnections();
        proxy.close(() => resolve());
      }),
  };
}
