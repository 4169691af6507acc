import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadScreenFor } from './app/routes';
import { initI18n } from './i18n';
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

// The chat connects as soon as the member is known, while the first screen is being prepared.
const member = prefetchCurrentUser().then(preconnect);
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
