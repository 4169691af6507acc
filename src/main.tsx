import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { matchPath } from 'react-router-dom';
import { App } from './app/App';
import { preloadScreenFor } from './app/routes';
import { initI18n } from './i18n';
import { watchChannel } from './lib/actors/open-channel-actors';
import { prefetchCurrentUser } from './lib/actors/session-actors';
import { preconnect } from './lib/chat/chat-connections';
import './styles/tokens.css';
import './styles/global.css';
import './styles/overlays.css';

/**
 * The first render waits this long at most for what the opening screen shows first: the member, the
 * screen's code and, on a chat address, the channel the address names. When they are there it
 * shows the screen at once, not a loading state and then the screen.
 */
const FIRST_RENDER_WAIT_MS = 500;

// The member is usually known as this runs (public/start-up-request.js asked while the app's code
// loaded). The chat connects at once, and the channel a chat address names is asked for the moment
// it is connected (the open-channel machine then finds it watched). Rendering before that answer
// would put the page's first render (tens of milliseconds of main thread) between the connection
// and the query, and render the page twice. On a chat address the screen's code is run once the
// chat is connected, while the channel's answer is on its way rather than while the connection's is.
const addressed = matchPath('/chat/:type/:id', location.pathname)?.params;
const firstRenderWait = new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS));
const member = prefetchCurrentUser();
const connected = member.then(preconnect);
const channel = connected.then((client) => {
  if (client && addressed?.type && addressed.id)
    return watchChannel(client, { type: addressed.type, id: addressed.id }).catch(() => undefined);
});
const screenCode = (addressed ? Promise.race([connected, firstRenderWait]) : Promise.resolve()).then(() =>
  preloadScreenFor(location.pathname),
);
await Promise.all([
  // In the member's language when the member is known in time (else the session switches to it).
  initI18n(Promise.race([member.then((user) => user?.language), firstRenderWait.then(() => null)])),
  Promise.race([Promise.all([channel, screenCode]), firstRenderWait]),
]);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
