/**
 * One icon set: drawn, decorative icons (hidden from screen readers, never focusable) in the text
 * colour, and no text character standing in for an icon anywhere in the app's components.
 */
import { render, screen } from '@testing-library/react';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as icons from './icons';
import { Toast } from './Toast';

const drawn = Object.entries(icons).filter(([name]) => name !== 'Icon' && name.endsWith('Icon')) as [
  string,
  (props: Record<string, unknown>) => React.ReactElement,
][];

describe('the icon set', () => {
  it.each(drawn)('%s is a decorative line drawing in the text colour', (_name, Icon) => {
    const { container } = render(<Icon direction="right" />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.getAttribute('focusable')).toBe('false');
    expect(svg.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(svg.getAttribute('stroke')).toBe('currentColor');
    expect(svg.querySelectorAll('path, circle').length).toBeGreaterThan(0);
    expect(container.textContent).toBe('');
  });

  it('leaves a button named by its label alone: the dismiss button of a toast is "Dismiss", nothing more', () => {
    render(
      <Toast
        kind="success"
        message="Saved"
        state="visible"
        dismissLabel="Dismiss"
        onDismiss={() => undefined}
        onPause={() => undefined}
        onResume={() => undefined}
      />,
    );
    const button = screen.getByRole('button', { name: 'Dismiss' });
    expect(button.textContent).toBe('');
    expect(button.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });
});

/** Characters once used as icons (☰ ✎ ⋯ ▸ ▾ ✕ × ‹ › ↓ ✓ and their kin). */
const GLYPHS = '☰≡✎✏⋯…⋮▸▹▾▿►▼◂◀‹›«»✕✖×↓✓✔';
const SOURCE = join(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [path] : [];
  });
}

/** A glyph alone between tags (`>☰<`, also across lines, or `>{'▸'}<`) or as a lone string (`? '▾' : '▸'`). */
const ALONE = new RegExp(`>\\s*(\\{\\s*['"])?[${GLYPHS}]\\s*(['"]\\s*\\})?\\s*<|['"][${GLYPHS}]['"]`, 'gu');

function glyphIcons(text: string): number[] {
  return [...text.matchAll(ALONE)].map((match) => text.slice(0, match.index).split('\n').length);
}

describe('components', () => {
  it('draw their icons: no element shows a lone text character as one', () => {
    const offenders = sources(SOURCE).flatMap((file) =>
      glyphIcons(readFileSync(file, 'utf8')).map((line) => `${relative(SOURCE, file)}:${line}`),
    );
    expect(offenders).toEqual([]);
  });

  it('would notice one (the check itself)', () => {
    expect(glyphIcons('<span aria-hidden="true">☰</span>')).toEqual([1]);
    expect(glyphIcons("x\n{open ? '▾' : '▸'}")).toEqual([2, 2]);
    expect(glyphIcons('<button>\n        ×\n      </button>')).toEqual([1]);
    expect(glyphIcons('<span>{rate}×</span>')).toEqual([]);
    expect(glyphIcons('<CloseIcon />')).toEqual([]);
  });
});
