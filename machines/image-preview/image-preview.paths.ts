/** The image preview's path model. */
import type { PathModel } from '../shared/path-coverage';
import { imagePreviewMachine } from './image-preview.machine';
import { selectPreview } from './image-preview.selectors';

export const pathModel: PathModel = {
  name: 'image-preview',
  machine: imagePreviewMachine,
  events: () => [
    { type: 'preview.open', src: '/a.png', alt: 'A' },
    { type: 'preview.open', src: '  ' },
    { type: 'preview.open', src: '/b.png' },
    { type: 'preview.close' },
  ],
  // A non-blank source opens (or replaces) the preview with its alt; a blank one changes nothing.
  outcomes: {
    open: ({ snapshot, event, before }) => ({
      actual: selectPreview(snapshot),
      expected:
        event?.type === 'preview.open' && String(event.src).trim()
          ? { isOpen: true, src: event.src, alt: event.alt ?? '' }
          : selectPreview(before),
    }),
    closed: ({ snapshot }) => ({ actual: selectPreview(snapshot), expected: { isOpen: false, src: null, alt: '' } }),
  },
};
