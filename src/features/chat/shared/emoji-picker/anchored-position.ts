/**
 * Placing a floating element (menu, picker, popover) next to the control that opened it, inside
 * the viewport: below it when there is room (or above when asked and there is room), its right
 * edge on the control's right edge unless that pushes it out of the screen. The element is
 * `position: fixed`, so scrolling containers never clip it; it follows on scroll and resize.
 */
import { useLayoutEffect, type RefObject } from 'react';

export type Placement = 'below' | 'above';

export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

/** Gap between the control and the floating element, and the smallest distance to the screen's edge. */
const GAP = 4;
const MARGIN = 8;

export function placeNear(
  anchor: Pick<DOMRect, 'top' | 'bottom' | 'left' | 'right'>,
  size: { width: number; height: number },
  viewport: { width: number; height: number },
  prefer: Placement = 'below',
): { top: number; left: number } {
  const below = anchor.bottom + GAP;
  const above = anchor.top - GAP - size.height;
  const fitsBelow = below + size.height <= viewport.height - MARGIN;
  const fitsAbove = above >= MARGIN;
  let top: number;
  if (prefer === 'above') top = fitsAbove || !fitsBelow ? above : below;
  else top = fitsBelow || !fitsAbove ? below : above;
  top = clamp(top, MARGIN, viewport.height - size.height - MARGIN);
  let left = anchor.right - size.width;
  if (left < MARGIN) left = anchor.left;
  left = clamp(left, MARGIN, viewport.width - size.width - MARGIN);
  return { top: Math.round(top), left: Math.round(left) };
}

function clamp(value: number, min: number, max: number): number {
  return max < min ? min : Math.min(Math.max(value, min), max);
}

/**
 * Keeps `floatingRef` placed next to the anchor while mounted. Without an anchor the element is
 * centred in the viewport.
 */
export function useAnchoredPosition(
  anchorRef: RefObject<HTMLElement | null> | null,
  floatingRef: RefObject<HTMLElement | null>,
  prefer: Placement = 'below',
): void {
  useLayoutEffect(() => {
    const floating = floatingRef.current;
    if (!floating) return;
    // Read once when it opens: the control stays where it is while its popup is open.
    const anchor = anchorRef?.current ?? null;
    const update = () => {
      const size = floating.getBoundingClientRect();
      const viewport = { width: window.innerWidth, height: window.innerHeight };
      const { top, left } =
        anchor && anchor.isConnected
          ? placeNear(anchor.getBoundingClientRect(), size, viewport, prefer)
          : {
              top: Math.max(MARGIN, (viewport.height - size.height) / 2),
              left: Math.max(MARGIN, (viewport.width - size.width) / 2),
            };
      floating.style.top = `${top}px`;
      floating.style.left = `${left}px`;
    };
    update();
    window.addEventListener('resize', update);
    window.addEventListener('scroll', update, true);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(floating);
    return () => {
      window.removeEventListener('resize', update);
      window.removeEventListener('scroll', update, true);
      observer?.disconnect();
    };
  }, [anchorRef, floatingRef, prefer]);
}
