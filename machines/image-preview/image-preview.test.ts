import { describe, it } from 'vitest';
import { machineTest } from '../shared/machine-test';
import { imagePreviewMachine } from './image-preview.machine';
import { selectIsOpen, selectPreview } from './image-preview.selectors';

describe('image preview', () => {
  it('opens when a source is set and closing resets both', () => {
    const run = machineTest(imagePreviewMachine);
    run
      .expectSelected(selectPreview, { isOpen: false, src: null, alt: '' })
      .send({ type: 'preview.open', src: '/a.png', alt: 'Avatar' })
      .expectPaths('open')
      .expectSelected(selectIsOpen, true)
      .expectSelected(selectPreview, { isOpen: true, src: '/a.png', alt: 'Avatar' })
      .send({ type: 'preview.open', src: '/b.png' })
      .expectSelected(selectPreview, { isOpen: true, src: '/b.png', alt: '' })
      .send({ type: 'preview.close' })
      .expectPaths('closed')
      .expectSelected(selectIsOpen, false)
      .expectSelected(selectPreview, { isOpen: false, src: null, alt: '' });
  });

  it('ignores an empty source', () => {
    const run = machineTest(imagePreviewMachine);
    run
      .send({ type: 'preview.open', src: '  ' })
      .expectPaths('closed')
      .expectSelected(selectIsOpen, false)
      .send({ type: 'preview.open', src: '/a.png' })
      .send({ type: 'preview.open', src: '' })
      .expectPaths('open')
      .expectSelected((snapshot) => selectPreview(snapshot).src, '/a.png');
  });
});
