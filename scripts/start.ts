/**
 * `npm start`: read the configuration (before the build, which sets NODE_ENV for itself),
 * build the web app if it is missing or stale, then run the server.
 */
import { loadConfigOrExit, runServer } from '../server/main.js';
import { ensureWebBuild } from './web-build.js';

const config = loadConfigOrExit();
await ensureWebBuild(process.cwd());
await runServer(config);
