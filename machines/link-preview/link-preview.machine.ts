/**
 * One link preview in the composer (spec section 4, "Link preview"): pending → loading → loaded
 * or failed, or dismissed by the user at any point. It waits `previewDebounce` (1500 ms, spec
 * section 9) in pending before fetching, so a link still being typed is not fetched (the
 * composer stops the child of a link that left the text and spawns a new one, id
 * `preview:${url}`). Only URLs with valid host names are fetched (spec section 5): any other goes
 * straight to failed and is never fetched. A failed enrichment marks the preview failed (spec
 * section 8); the user can retry it. The composer reads the status (this machine's state) and
 * the preview from the child's snapshot; nothing is sent to it.
 */
import { assign, fromPromise, not, setup } from 'xstate';
import type { LinkPreviewData, LinkPreviewInput } from '../shared/composer-children';
import { isPreviewableUrl } from '../shared/previewable-url';
import type { LinkPreviewContext, LinkPreviewEvent } from './link-preview.types';

export const PREVIEW_DEBOUNCE_MS = 1500;

function messageOf(error: unknown): string {
  const message = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message !== '' ? message : 'unknown error';
}

export const linkPreviewMachine = setup({
  types: {
    context: {} as LinkPreviewContext,
    input: {} as LinkPreviewInput,
    events: {} as LinkPreviewEvent,
  },
  actors: {
    fetchPreview: fromPromise<LinkPreviewData, { url: string }>(() =>
      Promise.reject(new Error('fetchPreview not provided')),
    ),
  },
  delays: {
    previewDebounce: PREVIEW_DEBOUNCE_MS,
  },
  guards: {
    isPreviewable: ({ context }) => isPreviewableUrl(context.url),
  },
  actions: {
    refuseUrl: assign({
      error: { key: 'chat.linkPreview.notPreviewable' },
      reason: 'the link has no valid host name',
    }),
    clearFailure: assign({ error: null, reason: null }),
    setPreview: assign({ preview: (_, params: { preview: LinkPreviewData }) => params.preview }),
    recordFailure: assign({
      error: { key: 'chat.linkPreview.failed' },
      reason: (_, params: { error: unknown }) => messageOf(params.error),
    }),
  },
}).createMachine({
  id: 'linkPreview',
  context: ({ input }) => ({ url: input.url, preview: null, error: null, reason: null }),
  initial: 'pending',
  on: {
    'preview.dismiss': '.dismissed',
  },
  states: {
    /** Waiting for the link to stay put for `previewDebounce`. */
    pending: {
      always: { guard: not('isPreviewable'), target: 'failed', actions: 'refuseUrl' },
      after: { previewDebounce: 'loading' },
    },
    loading: {
      invoke: {
        src: 'fetchPreview',
        input: ({ context }) => ({ url: context.url }),
        onDone: {
          target: 'loaded',
          actions: { type: 'setPreview', params: ({ event }) => ({ preview: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loaded: {},
    failed: {
      on: {
        'preview.retry': { guard: 'isPreviewable', target: 'loading', actions: 'clearFailure' },
      },
    },
    /** The user removed the preview; the composer keeps the link out of the message's previews. */
    dismissed: { type: 'final' },
  },
});

export type LinkPreviewMachine = typeof linkPreviewMachine;
