/**
 * The "More" menu of a message (role menu/menuitem): opened from its button, placed next to it
 * outside the list's scroll area; ↑/↓ (wrapping), Home/End move, Enter or a click chooses,
 * Escape closes (the caller gives focus back to the button), Tab or a click outside closes too.
 */
import { useEffect, useLayoutEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useAnchoredPosition } from '../shared/emoji-picker/anchored-position';

export interface MenuItem {
  id: string;
  label: string;
  danger?: boolean;
}

export type MenuCloseReason = 'escape' | 'tab' | 'outside';

export interface ActionMenuProps {
  id: string;
  label: string;
  items: MenuItem[];
  anchorRef: RefObject<HTMLElement | null>;
  /** Focus the last item first (opened with ↑). */
  focusLast?: boolean;
  onSelect: (id: string) => void;
  onClose: (reason: MenuCloseReason) => void;
}

export function ActionMenu({ id, label, items, anchorRef, focusLast = false, onSelect, onClose }: ActionMenuProps) {
  const ref = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });
  useAnchoredPosition(anchorRef, ref, 'below');

  const itemElements = () => [...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const focusAt = (index: number) => {
    const elements = itemElements();
    if (elements.length === 0) return;
    elements[(index + elements.length) % elements.length]!.focus();
  };

  useLayoutEffect(() => {
    focusAt(focusLast ? -1 : 0);
    // Focus moves in once, when it opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (target && (ref.current?.contains(target) || anchorRef.current?.contains(target))) return;
      onCloseRef.current('outside');
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [anchorRef]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Portalled, but React events still bubble to the toolbar and the message: keep them here.
    event.stopPropagation();
    const elements = itemElements();
    const current = elements.indexOf(document.activeElement as HTMLElement);
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(current + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(current - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(-1);
        break;
      case 'Escape':
        event.preventDefault();
        onCloseRef.current('escape');
        break;
      case 'Tab':
        onCloseRef.current('tab');
        break;
      default:
        break;
    }
  };

  return createPortal(
    <div
      ref={ref}
      id={id}
      role="menu"
      aria-label={label}
      aria-orientation="vertical"
      className="message-menu"
      data-part="message-menu"
      onKeyDown={onKeyDown}
      onClick={(event) => event.stopPropagation()}
    >
      {items.map((item) => (
        <button
          key={item.id}
          type="button"
          role="menuitem"
          tabIndex={-1}
          className="message-menu-item"
          data-action={item.id}
          data-variant={item.danger ? 'danger' : undefined}
          onClick={() => onSelect(item.id)}
        >
          {item.label}
        </button>
      ))}
    </div>,
    document.body,
  );
}
