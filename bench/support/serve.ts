/**
 * The child process of bench/support/server.ts: the real server as `npm start` runs it (demo data
 * and demo chat seeded on first start), configured by the environment the parent passes, but
 * without the build step: it serves the WEB_ROOT the benchmark built. It reports its address and
 * the chat sandbox's key and secret over IPC, and stops when asked or when the parent goes away.
 */
import { loadConfigOrExit, startServer } from '../../server/main.js';

export type FromServe = { type: 'ready'; url: string; apiKey: string; apiSecret: string };
export type ToServe = { type: 'stop' };

const config = loadConfigOrExit();
const server = await startServer(config);
const stop = () => void server.close().finally(() => process.exit(0));
process.on('message', (message: ToServe) => {
  if (message.type === 'stop') stop();
});
process.on('disconnect', stop);
process.send?.({
  type: 'ready',
  url: `http://127.0.0.1:${config.port}`,
  apiKey: config.chatApiKey,
  apiSecret: config.chatApiSecret,
} satisfies FromServe);
