/**
 * The global image preview (spec sections 2 and 4): closed → open when a source is set; closing
 * resets both the flag and the source. Opening with an empty source does nothing.
 */
import { assign, setup } from 'xstate';
import type { ImagePreviewContext, ImagePreviewEvent } from './image-preview.types';

export const imagePreviewMachine = setup({
  types: { context: {} as ImagePreviewContext, events: {} as ImagePreviewEvent },
  guards: {
    hasSource: ({ event }) => event.type === 'preview.open' && event.src.trim() !== '',
  },
  actions: {
    setSource: assign(({ event }) =>
      event.type === 'preview.open' ? { isOpen: true, src: event.src, alt: event.alt ?? '' } : {},
    ),
    reset: assign({ isOpen: false, src: null, alt: '' }),
  },
}).createMachine({
  id: 'imagePreview',
  context: { isOpen: false, src: null, alt: '' },
  initial: 'closed',
  states: {
    closed: {
      on: { 'preview.open': { guard: 'hasSource', target: 'open', actions: 'setSource' } },
    },
    open: {
      on: {
        'preview.open': { guard: 'hasSource', actions: 'setSource' },
        'preview.close': { target: 'closed', actions: 'reset' },
      },
    },
  },
});

export type ImagePreviewMachine = typeof imagePreviewMachine;
