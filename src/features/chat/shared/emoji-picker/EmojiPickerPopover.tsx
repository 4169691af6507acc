/**
 * The emoji picker (emoji-mart through @emoji-mart/react, with @emoji-mart/data), in a small modal
 * dialog next to the control that opened it. The picker code, its data and its translations are
 * loaded with dynamic `import()` when it first opens, so none of them is in the main bundle.
 *
 *   <EmojiPickerPopover onPick={(native, emoji) => …} onClose={…} anchorRef={buttonRef} />
 *
 * It stays open after a pick (the caller closes it, or keeps it for several emoji); Escape and a
 * click outside call `onClose`; focus returns to the anchor unless `returnFocus` is false.
 */
import type { EmojiMartData } from '@emoji-mart/data';
import { useEffect, useRef, useState, type ComponentType, type RefObject } from 'react';
import { useTranslation } from '../../../../i18n/use-translation';
import { AnchoredDialog } from './AnchoredDialog';
import type { Placement } from './anchored-position';
import { ensureEmojiData } from './emoji-data';
import { loadPickerI18n, type PickerI18n } from './picker-i18n';
import { accentTriple, repairPickerAccessibility } from './picker-accessibility';
import './emoji-picker.css';

export interface PickedEmoji {
  /** emoji-mart id, e.g. `+1`, `fire`. */
  id: string;
  /** The emoji itself (with the chosen skin tone). */
  native: string;
  /** English name, e.g. "Fire". */
  name: string;
}

export interface EmojiPickerPopoverProps {
  onPick: (native: string, emoji: PickedEmoji) => void;
  onClose: () => void;
  /** The control that opened it: placed next to it, focus returns to it. */
  anchorRef?: RefObject<HTMLElement | null>;
  /** Accessible name of the dialog (default "Emoji picker"). */
  label?: string;
  /** Below the anchor (default) or above it, when there is room. */
  placement?: Placement;
  /** Offer skin tones (default true; reactions use the default skin). */
  skinTones?: boolean;
  /** Give focus back to the anchor on close (default true). */
  returnFocus?: boolean;
}

interface Loaded {
  Picker: ComponentType<Record<string, unknown>>;
  data: EmojiMartData;
  locale: string;
  i18n: PickerI18n;
}

/** Emoji per row: 9, fewer on narrow screens so the picker fits a 390 px phone. */
function emojisPerLine(): number {
  return Math.max(6, Math.min(9, Math.floor((window.innerWidth - 56) / 36)));
}

export function EmojiPickerPopover({
  onPick,
  onClose,
  anchorRef,
  label,
  placement = 'below',
  skinTones = true,
  returnFocus = true,
}: EmojiPickerPopoverProps) {
  const { t, i18n } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const [perLine] = useState(emojisPerLine);
  const hostRef = useRef<HTMLDivElement>(null);
  const onPickRef = useRef(onPick);
  useEffect(() => {
    onPickRef.current = onPick;
  });

  useEffect(() => {
    let live = true;
    Promise.all([import('@emoji-mart/react'), ensureEmojiData(), loadPickerI18n(i18n.language)])
      .then(([react, data, texts]) => {
        if (live) setLoaded({ Picker: react.default as ComponentType<Record<string, unknown>>, data, ...texts });
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [i18n.language]);

  // The picker lives in its own shadow root: give it our accent and fix what it lacks for assistive technology.
  useEffect(() => {
    const element = hostRef.current?.querySelector<HTMLElement>('em-emoji-picker');
    if (!loaded || !element) return;
    const accent = accentTriple(getComputedStyle(document.documentElement).getPropertyValue('--color-primary'));
    if (accent) element.style.setProperty('--rgb-accent', accent);
    return element.shadowRoot ? repairPickerAccessibility(element.shadowRoot, loaded.i18n.search) : undefined;
  }, [loaded]);

  const { Picker } = loaded ?? {};
  return (
    <AnchoredDialog
      label={label ?? t('chat.emoji.picker')}
      anchorRef={anchorRef}
      placement={placement}
      onClose={onClose}
      returnFocus={returnFocus}
      className="emoji-picker-dialog"
      part="emoji-picker"
    >
      <div ref={hostRef} className="emoji-picker" data-state={failed ? 'failed' : loaded ? 'ready' : 'loading'}>
        {failed ? (
          <p role="alert" className="emoji-picker-status">
            {t('chat.emoji.loadFailed')}
          </p>
        ) : Picker && loaded ? (
          <Picker
            data={loaded.data}
            i18n={loaded.i18n}
            locale={loaded.locale}
            set="native"
            theme="light"
            autoFocus
            perLine={perLine}
            emojiButtonSize={36}
            emojiSize={22}
            maxFrequentRows={2}
            previewPosition="none"
            navPosition="top"
            searchPosition="sticky"
            skinTonePosition={skinTones ? 'search' : 'none'}
            onEmojiSelect={(emoji: PickedEmoji) =>
              onPickRef.current(emoji.native, { id: emoji.id, native: emoji.native, name: emoji.name })
            }
          />
        ) : (
          <p role="status" className="emoji-picker-status">
            {t('chat.emoji.loading')}
          </p>
        )}
      </div>
    </AnchoredDialog>
  );
}
