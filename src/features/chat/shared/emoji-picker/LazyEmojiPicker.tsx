/**
 * The emoji picker popover, fetched when a member first opens it (emoji-mart and its data come
 * then too), so none of it weighs on the chat page's first load (bench/bundle.ts).
 */
import { Suspense } from 'react';
import type { EmojiPickerPopoverProps } from './EmojiPickerPopover';
import { lazyPart } from '../../../../lib/lazy-part';
import { withStrings } from '../../../../i18n/bundles';

// Its few strings (loading, failed, the picker's name) are in the `actions` bundle, with reacting's.
const Popover = lazyPart(
  withStrings('actions', () => import('./EmojiPickerPopover').then((m) => ({ default: m.EmojiPickerPopover }))),
);

export function LazyEmojiPickerPopover(props: EmojiPickerPopoverProps) {
  return (
    <Suspense fallback={null}>
      <Popover {...props} />
    </Suspense>
  );
}
