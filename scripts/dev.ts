/**
 * `npm run dev`: the same server on PORT for /api, and Vite with hot reload on DEV_PORT
 * (default 5173), which proxies /api to it (see vite.config.ts).
 */
import { createServer } from 'vite';
import { loadConfigOrExit, runServer } from '../server/main.js';

await runServer(loadConfigOrExit());
const vite = await createServer({ root: process.cwd() });
await vite.listen();
vite.printUrls();
