/**
 * Layout guards (architecture §5, issue #27): what a member would see as a broken screen, measured
 * in the real browser. `layoutProblems(page)` lists, in words, every
 * - sideways scrolling of the page (the document wider than the window);
 * - element meant only for screen readers (`.visually-hidden`) that measures more than 1×1 px;
 * - pair of cells in one table row whose text boxes overlap;
 * - table text cut off by its cell or by any box around it that clips (sideways, or up and down
 *   by a box that hides its overflow rather than scrolling it).
 * The checks run inside the page (`findLayoutProblems` is serialised by Playwright), so they see
 * the layout exactly as Chromium laid it out; layout-guards.spec.ts plants one regression of each
 * kind to prove each check can fail.
 */
import type { Page } from '@playwright/test';

export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(findLayoutProblems);
}

/** Runs in the page: keep it self-contained (no imports, no closures over module scope). */
export function findLayoutProblems(): string[] {
  const problems: string[] = [];
  const TOLERANCE = 1;
  const name = (element: Element): string => {
    const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    const classes =
      typeof element.className === 'string' && element.className ? `.${element.className.split(/\s+/).join('.')}` : '';
    return `<${element.tagName.toLowerCase()}${classes}> "${text}"`;
  };
  const isShown = (element: Element): boolean =>
    element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';

  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth + TOLERANCE) {
    problems.push(`the page scrolls sideways: ${root.scrollWidth} px of content in a ${root.clientWidth} px window`);
  }

  for (const element of Array.from(document.querySelectorAll('.visually-hidden'))) {
    const box = element.getBoundingClientRect();
    if (box.width > 1 || box.height > 1) {
      problems.push(
        `screen-reader-only ${name(element)} measures ${Math.round(box.width)}×${Math.round(box.height)} px`,
      );
    }
  }

  /** The boxes of the visible text inside a cell (text meant for screen readers only left out). */
  const textBoxes = (cell: Element): { node: Text; rect: DOMRect }[] => {
    const boxes: { node: Text; rect: DOMRect }[] = [];
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      if (!node.data.trim()) continue;
      const parent = node.parentElement;
      if (!parent || parent.closest('.visually-hidden') || !isShown(parent)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of Array.from(range.getClientRects())) {
        if (rect.width > 0 && rect.height > 0) boxes.push({ node, rect });
      }
    }
    return boxes;
  };
  const overlap = (a: DOMRect, b: DOMRect): boolean =>
    Math.min(a.right, b.right) - Math.max(a.left, b.left) > TOLERANCE &&
    Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > TOLERANCE;
  /** The first box around the text that cuts it off, if any. */
  const clippedBy = (node: Text, rect: DOMRect): Element | null => {
    for (let element = node.parentElement; element && element !== root; element = element.parentElement) {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      const sideways = style.overflowX !== 'visible';
      const upDown = style.overflowY === 'hidden' || style.overflowY === 'clip';
      if (sideways && (rect.left < box.left - TOLERANCE || rect.right > box.right + TOLERANCE)) return element;
      if (upDown && (rect.top < box.top - TOLERANCE || rect.bottom > box.bottom + TOLERANCE)) return element;
    }
    return null;
  };

  for (const row of Array.from(document.querySelectorAll('tr'))) {
    if (!isShown(row) || row.closest('.visually-hidden')) continue;
    const cells = Array.from(row.cells).filter(isShown);
    const boxes = cells.map(textBoxes);
    for (let i = 0; i < cells.length; i += 1) {
      for (let j = i + 1; j < cells.length; j += 1) {
        if (boxes[i]!.some((a) => boxes[j]!.some((b) => overlap(a.rect, b.rect)))) {
          problems.push(`text of two cells overlaps: ${name(cells[i]!)} and ${name(cells[j]!)}`);
        }
      }
      const clipped = boxes[i]!.find((box) => clippedBy(box.node, box.rect));
      if (clipped) {
        problems.push(`table text is cut off: ${name(cells[i]!)} by ${name(clippedBy(clipped.node, clipped.rect)!)}`);
      }
    }
  }
  return problems;
}
