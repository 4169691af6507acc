/**
 * emoji-mart renders its picker in a shadow root with a few ARIA attributes that do not belong on
 * buttons (`aria-selected`, `aria-posinset`, `aria-setsize`), a search field named only by its
 * placeholder, and a scrolling grid whose emoji buttons are all out of the Tab order. This keeps
 * the rendered markup valid as it changes: the selected category becomes `aria-current`, the rest
 * is dropped, the search field gets a label, and the grid can be focused to scroll it by keyboard.
 */
const MISPLACED = ['aria-selected', 'aria-posinset', 'aria-setsize'];

export function repairPickerAccessibility(root: ShadowRoot, searchLabel: string): () => void {
  const repair = () => {
    const navButtons = [...root.querySelectorAll<HTMLButtonElement>('nav button')];
    const selected = navButtons.find((button) => button.hasAttribute('aria-selected'));
    if (selected) {
      for (const button of navButtons) button.removeAttribute('aria-current');
      selected.setAttribute('aria-current', 'true');
    }
    for (const button of root.querySelectorAll('button')) {
      for (const attribute of MISPLACED) if (button.hasAttribute(attribute)) button.removeAttribute(attribute);
    }
    for (const input of root.querySelectorAll('input[type="search"]:not([aria-label])')) {
      input.setAttribute('aria-label', searchLabel);
    }
    for (const region of root.querySelectorAll('.scroll:not([tabindex])')) region.setAttribute('tabindex', '0');
  };
  repair();
  const observer = new MutationObserver(repair);
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: MISPLACED });
  return () => observer.disconnect();
}

/** `#b71c1c` → `183, 28, 28` (emoji-mart takes its colours as RGB triples). */
export function accentTriple(hex: string): string | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const value = parseInt(match[1]!, 16);
  return `${value >> 16}, ${(value >> 8) & 255}, ${value & 255}`;
}
