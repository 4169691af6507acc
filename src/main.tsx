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

/**
 * The first render waits this long at most for the member and the opening screen's code (asked
 * for while the app's own code runs): when both are there it shows the screen at once, not a
 * loading state and then the screen.
 */
const FIRST_RENDER_WAIT_MS = 500;

// The chat connects as soon as the member is known, while the first screen is being prepared, and
// the channel a chat address names is asked for once it is connected (the open-channel machine
// then shares that query).
const addressed = matchPath('/chat/:type/:id', location.pathname)?.params;
const member = prefetchCurrentUser().then((user) => {
  void preconnect(user).then((client) => {
    if (client && addressed?.type && addressed.id)
      watchChannel(client, { type: addressed.type, id: addressed.id }).catch(() => undefined);
  });
});
const firstScreen = Promise.all([member, preloadScreenFor(location.pathname)]);
await Promise.all([
  initI18n(),
  Promise.race([firstScreen, new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))]),
]);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
