/** The image preview's path model. */
import type { PathModel } from '../shared/path-coverage';
import { imagePreviewMachine } from './image-preview.machine';

export const pathModel: PathModel = {
  name: 'image-preview',
  machine: imagePreviewMachine,
  events: () => [
    { type: 'preview.open', src: '/a.png', alt: 'A' },
    { type: 'preview.open', src: '  ' },
    { type: 'preview.open', src: '/b.png' },
    { type: 'preview.close' },
  ],
};
