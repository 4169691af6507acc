/**
 * A channel row's menu (`role=menu` of `menuitem`s) at a point on screen: the first item takes
 * focus, ↑/↓/Home/End move, Enter or Space chooses, Escape or Tab closes and gives focus back to
 * whatever opened it; a press outside closes it.
 */
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';

export interface MenuItem {
  key: string;
  label: string;
  danger?: boolean;
  onSelect: () => void;
}

export function RowMenu({
  label,
  at,
  items,
  onClose,
}: {
  label: string;
  /** Viewport coordinates of the menu's top-left corner (kept inside the viewport). */
  at: { x: number; y: number };
  items: MenuItem[];
  /** `refocus`: give focus back to the opener (Escape, Tab, a choice), not after a press outside. */
  onClose: (refocus: boolean) => void;
}) {
  const ref = useRef<HTMLUListElement>(null);
  const [position, setPosition] = useState(at);

  useLayoutEffect(() => {
    const menu = ref.current;
    if (!menu) return;
    const { width, height } = menu.getBoundingClientRect();
    setPosition({
      x: Math.max(8, Math.min(at.x, window.innerWidth - width - 8)),
      y: Math.max(8, Math.min(at.y, window.innerHeight - height - 8)),
    });
    menu.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [at]);

  useEffect(() => {
    const outside = (event: PointerEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) onClose(false);
    };
    document.addEventListener('pointerdown', outside, true);
    return () => document.removeEventListener('pointerdown', outside, true);
  }, [onClose]);

  const move = (event: KeyboardEvent<HTMLUListElement>) => {
    const entries = [...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = entries.indexOf(document.activeElement as HTMLElement);
    const go = (next: number) => {
      event.preventDefault();
      entries[(next + entries.length) % entries.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return go(index + 1);
      case 'ArrowUp':
        return go(index - 1);
      case 'Home':
        return go(0);
      case 'End':
        return go(entries.length - 1);
      case 'Escape':
      case 'Tab':
        event.preventDefault();
        event.stopPropagation();
        return onClose(true);
    }
  };

  return createPortal(
    <ul
      ref={ref}
      role="menu"
      aria-label={label}
      className="cl-menu"
      style={{ left: position.x, top: position.y }}
      onKeyDown={move}
    >
      {items.map((item) => (
        <li
          key={item.key}
          role="menuitem"
          tabIndex={-1}
          className="cl-menu-item"
          data-danger={item.danger || undefined}
          onClick={() => {
            onClose(true);
            item.onSelect();
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' && event.key !== ' ') return;
            event.preventDefault();
            onClose(true);
            item.onSelect();
          }}
        >
          {item.label}
        </li>
      ))}
    </ul>,
    document.body,
  );
}
