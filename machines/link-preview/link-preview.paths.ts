/** The link-preview machine's path model: a link with a valid host name, and one without. */
import { fromPromise, type AnyEventObject } from 'xstate';
import type { LinkPreviewData, LinkPreviewInput } from '../shared/composer-children';
import { ownEventTypes, type PathModel } from '../shared/path-coverage';
import { linkPreviewMachine } from './link-preview.machine';
import {
  selectCanRetry,
  selectFailureReason,
  selectPreview,
  selectPreviewError,
  selectPreviewStatus,
} from './link-preview.selectors';
import type { LinkPreviewEvent } from './link-preview.types';

const preview: LinkPreviewData = {
  og_scrape_url: 'https://league.example/news',
  title: 'Derby day',
  text: 'Who won',
};

type Snapshot = Parameters<typeof selectPreview>[0];
const shown = (s: Snapshot) => [selectPreview(s), selectPreviewError(s), selectFailureReason(s)];

const samples: LinkPreviewEvent[] = [{ type: 'preview.dismiss' }, { type: 'preview.retry' }];

export const pathModel: PathModel = {
  name: 'link-preview',
  machine: linkPreviewMachine.provide({
    actors: { fetchPreview: fromPromise<LinkPreviewData, { url: string }>(() => new Promise(() => {})) },
  }),
  inputs: [{ url: 'https://league.example/news' }, { url: 'http://bad_host.example/' }] satisfies LinkPreviewInput[],
  events: (snapshot) =>
    ownEventTypes(snapshot).flatMap((type): AnyEventObject[] => {
      if (type.startsWith('xstate.done.actor.')) return [{ type, output: preview }];
      if (type.startsWith('xstate.error.actor.'))
        return [{ type, error: { message: 'Could not preview https://league.example/news: timeout' } }];
      if (type.startsWith('xstate.after.')) return [{ type }];
      return samples.filter((e) => e.type === type);
    }),
  outcomes: {
    // Waiting or loading shows nothing, no error either (a retry clears the last failure).
    pending: ({ snapshot }) => ({ actual: shown(snapshot as Snapshot), expected: [null, null, null] }),
    loading: ({ snapshot }) => ({ actual: shown(snapshot as Snapshot), expected: [null, null, null] }),
    loaded: ({ snapshot }) => ({ actual: shown(snapshot as Snapshot), expected: [preview, null, null] }),
    // A bad host is refused for good; a failed fetch keeps its message and may be retried.
    failed: ({ snapshot, event }) => {
      const s = snapshot as Snapshot;
      return {
        actual: [...shown(s), selectCanRetry(s)],
        expected: event?.type.startsWith('xstate.error.actor.')
          ? [null, { key: 'chat.linkPreview.failed' }, 'Could not preview https://league.example/news: timeout', true]
          : [null, { key: 'chat.linkPreview.notPreviewable' }, 'the link has no valid host name', false],
      };
    },
    dismissed: ({ snapshot }) => ({
      actual: [selectPreviewStatus(snapshot as Snapshot), selectPreview(snapshot as Snapshot), snapshot.status],
      expected: ['dismissed', null, 'done'],
    }),
  },
};
