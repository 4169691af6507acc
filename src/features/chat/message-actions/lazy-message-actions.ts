/**
 * The message action toolbar, fetched when the member first points at or focuses the message list
 * (MessageList preloads it then), not with the chat page (bench/bundle.ts). Until it is there (or
 * while it cannot be fetched, offline) a message simply has no toolbar.
 */
import { withStrings } from '../../../i18n/bundles';
import { preloadable } from '../../../lib/preloadable';

// Its strings are the `actions` bundle's; the menu's mute and block items take their labels from
// the moderation strings.
export const MessageActions = preloadable(
  withStrings(
    'moderation',
    withStrings('actions', () => import('./MessageActions').then((m) => ({ default: m.MessageActions }))),
  ),
  null,
  { optional: true },
);
