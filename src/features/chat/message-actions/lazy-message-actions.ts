/**
 * The message action toolbar, fetched when the member first points at or focuses the message list
 * (MessageList preloads it then), not with the chat page (bench/bundle.ts). Until it is there (or
 * while it cannot be fetched, offline) a message simply has no toolbar.
 */
import { preloadable } from '../../../lib/preloadable';

export const MessageActions = preloadable(
  () => import('./MessageActions').then((m) => ({ default: m.MessageActions })),
  null,
  { optional: true },
);
