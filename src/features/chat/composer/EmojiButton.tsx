/**
 * The composer's emoji button: opens the shared emoji picker (loaded on demand) above it; the
 * picked emoji goes in at the caret and the picker closes, the focus back in the text.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { LazyEmojiPickerPopover as EmojiPickerPopover } from '../shared/emoji-picker/LazyEmojiPicker';
import { EmojiIcon } from './icons';

export function EmojiButton({ onPick, onClose }: { onPick: (emoji: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // The picker is modal (the page is inert while it is open): the text gets the focus back once
  // it has closed, after the dialog's own focus return.
  const refocus = useRef(false);
  useEffect(() => {
    if (open || !refocus.current) return;
    refocus.current = false;
    onClose();
  }, [open, onClose]);
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="composer-icon-button"
        aria-label={t('chat.composer.emoji')}
        title={t('chat.composer.emoji')}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-part="composer-emoji"
        onClick={() => setOpen((was) => !was)}
      >
        <EmojiIcon />
      </button>
      {open && (
        <EmojiPickerPopover
          anchorRef={buttonRef}
          placement="above"
          returnFocus={false}
          onPick={(native) => {
            refocus.current = true;
            setOpen(false);
            onPick(native);
          }}
          onClose={() => {
            refocus.current = true;
            setOpen(false);
          }}
        />
      )}
    </>
  );
}
