/**
 * The thread panel's left edge on wide screens: drag it, or focus it and press ←/→ (Home/End for
 * the limits), to make the panel wider or narrower within 360–420 px (chat-ui.md §1). The width
 * is kept in this browser for the next thread.
 */
import { useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';

export const THREAD_WIDTH = { min: 360, max: 420, initial: 380, step: 20 } as const;
const KEY = 'sideline.chat.threadWidth';

const clamp = (width: number) => Math.round(Math.min(THREAD_WIDTH.max, Math.max(THREAD_WIDTH.min, width)));

function storedWidth(): number {
  try {
    const stored = Number(localStorage.getItem(KEY));
    return Number.isFinite(stored) && stored > 0 ? clamp(stored) : THREAD_WIDTH.initial;
  } catch {
    return THREAD_WIDTH.initial;
  }
}

/** The panel's width and a setter that keeps it within bounds and remembers it. */
export function useThreadWidth(): [number, (width: number) => void] {
  const [width, setWidth] = useState(storedWidth);
  const set = (next: number) => {
    const bounded = clamp(next);
    setWidth(bounded);
    try {
      localStorage.setItem(KEY, String(bounded));
    } catch {
      // Private modes without storage: the width lasts for this panel only.
    }
  };
  return [width, set];
}

export function ThreadResizer({ width, onResize }: { width: number; onResize: (width: number) => void }) {
  const { t } = useTranslation();
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    const startX = event.clientX;
    const target = event.currentTarget;
    target.setPointerCapture(event.pointerId);
    // The panel is on the right: moving the edge left makes it wider.
    const move = (e: globalThis.PointerEvent) => onResize(width + startX - e.clientX);
    const end = () => {
      target.removeEventListener('pointermove', move);
      target.removeEventListener('pointerup', end);
      target.removeEventListener('pointercancel', end);
    };
    target.addEventListener('pointermove', move);
    target.addEventListener('pointerup', end);
    target.addEventListener('pointercancel', end);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = {
      ArrowLeft: width + THREAD_WIDTH.step,
      ArrowRight: width - THREAD_WIDTH.step,
      Home: THREAD_WIDTH.max,
      End: THREAD_WIDTH.min,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onResize(next);
  };
  return (
    <div
      className="chat-thread-resizer"
      role="separator"
      aria-orientation="vertical"
      aria-label={t('chat.thread.resize')}
      aria-valuemin={THREAD_WIDTH.min}
      aria-valuemax={THREAD_WIDTH.max}
      aria-valuenow={width}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
    />
  );
}
