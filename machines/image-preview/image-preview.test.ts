import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { imagePreviewMachine } from './image-preview.machine';
import { selectIsOpen, selectPreview } from './image-preview.selectors';

describe('image preview', () => {
  it('opens when a source is set and closing resets both', () => {
    const actor = createActor(imagePreviewMachine).start();
    expect(selectPreview(actor.getSnapshot())).toEqual({ isOpen: false, src: null, alt: '' });
    actor.send({ type: 'preview.open', src: '/a.png', alt: 'Avatar' });
    expect(selectIsOpen(actor.getSnapshot())).toBe(true);
    expect(selectPreview(actor.getSnapshot())).toEqual({ isOpen: true, src: '/a.png', alt: 'Avatar' });
    actor.send({ type: 'preview.open', src: '/b.png' });
    expect(selectPreview(actor.getSnapshot())).toEqual({ isOpen: true, src: '/b.png', alt: '' });
    actor.send({ type: 'preview.close' });
    expect(selectIsOpen(actor.getSnapshot())).toBe(false);
    expect(selectPreview(actor.getSnapshot())).toEqual({ isOpen: false, src: null, alt: '' });
  });

  it('ignores an empty source', () => {
    const actor = createActor(imagePreviewMachine).start();
    actor.send({ type: 'preview.open', src: '  ' });
    expect(selectIsOpen(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'preview.open', src: '/a.png' });
    actor.send({ type: 'preview.open', src: '' });
    expect(selectPreview(actor.getSnapshot()).src).toBe('/a.png');
  });
});
