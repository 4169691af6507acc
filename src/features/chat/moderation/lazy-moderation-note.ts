/**
 * The moderation note (ModerationNote.tsx) with its strings, fetched with the first moderation
 * message shown; until then the service's own text stands in.
 */
import { createElement } from 'react';
import { withStrings } from '../../../i18n/bundles';
import { preloadable } from '../../../lib/preloadable';
import type { ModerationNoteProps } from './ModerationNote';

const ServiceText = ({ message }: ModerationNoteProps) =>
  createElement('p', { className: 'chat-moderation-note', 'data-part': 'moderation-note' }, message.text ?? '');

export const ModerationNote = preloadable(
  withStrings('moderation', () => import('./ModerationNote').then((m) => ({ default: m.ModerationNote }))),
  ServiceText,
  { optional: true },
);
