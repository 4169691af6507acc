/**
 * The composer's path model. Inert I/O (promises that never settle, children that do nothing);
 * the model sends the done/error and delay events itself, and `composer.typingIdled` for the
 * delayed raise. To keep the graph finite and small, texts are bucketed ('', 'some', 'long'),
 * uploads to none/busy/done, and while any of the typing, slow-mode or draft regions is busy only
 * the events that move those regions are offered (everything else is offered at rest).
 */
import { fromCallback, fromPromise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { ownEventTypes, type PathModel } from '../shared/path-coverage';
import { composerMachine } from './composer.machine';
import { isTextEmpty, isUploadInProgress } from './composer.rules';
import type {
  ComposerContext,
  ComposerEvent,
  ComposerInput,
  DeleteDraftInput,
  DraftPayload,
  TypingInput,
} from './composer.types';

const hang = <TInput>() => fromPromise<void, TInput>(() => new Promise<void>(() => {}));
const inert = fromCallback(() => undefined);

const input: ComposerInput = {
  maxLength: 10,
  cooldownSeconds: 2,
  draftsEnabled: true,
  urlEnrichment: true,
  commands: ['giphy'],
  // One id for everything: the model holds at most one upload at a time, and replays stay deterministic.
  newId: () => 'local',
  now: () => 0,
  deviceId: 'device',
};

const failure = new Error('failed');

const texts: ComposerEvent[] = [
  { type: 'composer.type', text: '' },
  { type: 'composer.type', text: 'hi @bob' },
  { type: 'composer.type', text: 'see https://a.test' },
];

const atRest: ComposerEvent[] = [
  ...texts,
  { type: 'composer.mention', user: { id: 'bob', name: 'Bob' } },
  { type: 'composer.quote', message: { id: 'q1' } },
  { type: 'composer.unquote' },
  { type: 'composer.edit', message: { id: 'm1', text: 'old' } },
  { type: 'composer.cancelEdit' },
  { type: 'composer.clear' },
  { type: 'composer.submit' },
  { type: 'composer.removeUpload', localId: 'local' },
  { type: 'upload.updated', localId: 'local', status: 'uploading', progress: 10 },
  {
    type: 'upload.updated',
    localId: 'local',
    status: 'finished',
    progress: 100,
    attachment: { type: 'file', asset_url: 'https://cdn.test/a', title: 'a', mime_type: 'text/plain', file_size: 1 },
  },
  { type: 'upload.removed', localId: 'local' },
  {
    type: 'preview.updated',
    url: 'https://a.test',
    status: 'loaded',
    preview: { og_scrape_url: 'https://a.test', title: 'A' },
  },
  { type: 'composer.dismissPreview', url: 'https://a.test' },
  { type: 'composer.openPoll' },
  { type: 'composer.closePoll' },
  { type: 'poll.cancelled' },
  { type: 'poll.created', pollId: 'poll-1' },
  { type: 'composer.setLocation', latitude: 52, longitude: 4 },
  { type: 'composer.setLocation', latitude: 52, longitude: 4, durationMs: 1000 },
  { type: 'composer.clearLocation' },
  { type: 'composer.dismissError' },
  { type: 'composer.showInChannel', value: true },
  { type: 'draft.updated', draft: { message: { id: 'd1', text: 'from another tab' } } },
  { type: 'draft.deleted', draft: { parent_id: null } },
  { type: 'composer.configure', settings: { canUploadFile: true } },
];

const regionValue = (snapshot: AnyMachineSnapshot, region: string) =>
  JSON.stringify((snapshot.value as Record<string, unknown>)[region]);

const isBusy = (snapshot: AnyMachineSnapshot) =>
  regionValue(snapshot, 'typing') !== '"idle"' ||
  regionValue(snapshot, 'cooldown') !== '"ready"' ||
  regionValue(snapshot, 'draft') !== '"idle"';

function machineEvents(type: string): AnyEventObject[] {
  if (type.startsWith('xstate.after.')) return [{ type }];
  if (type === 'xstate.error.actor.*')
    return [{ type: 'xstate.error.actor.upload:local', error: failure, actorId: 'upload:local' }];
  if (type.startsWith('xstate.done.actor.')) return [{ type, output: undefined }];
  if (type.startsWith('xstate.error.actor.'))
    return [{ type, error: failure, actorId: type.slice('xstate.error.actor.'.length) }];
  if (type === 'composer.typingIdled') return [{ type }];
  return [];
}

export const pathModel: PathModel = {
  name: 'composer',
  machine: composerMachine.provide({
    actors: {
      upload: inert,
      linkPreview: inert,
      pollComposer: inert,
      startTyping: hang<TypingInput>(),
      stopTyping: hang<TypingInput>(),
      saveDraft: hang<DraftPayload>(),
      deleteDraft: hang<DeleteDraftInput>(),
    },
  }),
  // A thread's composer too: "Also send to channel" is taken only there.
  inputs: [input, { ...input, threadId: 'parent-1' }],
  events: (snapshot) => {
    const own = ownEventTypes(snapshot).flatMap(machineEvents);
    if (isBusy(snapshot))
      return [
        ...own,
        ...texts,
        { type: 'composer.submit' },
        { type: 'composer.clear' },
        { type: 'poll.created', pollId: 'poll-1' },
      ];
    const { uploads } = snapshot.context as ComposerContext;
    const addFiles: ComposerEvent[] =
      uploads.length === 0
        ? [{ type: 'composer.addFiles', files: [{ file: { name: 'a', size: 1, type: 'text/plain' }, blob: null }] }]
        : [];
    return [...own, ...atRest, ...addFiles];
  },
  serializeState: (snapshot) => {
    const c = snapshot.context as ComposerContext;
    const text = isTextEmpty(c.text) ? '' : c.maxLength !== null && c.text.length > c.maxLength ? 'long' : 'some';
    if (isBusy(snapshot)) return JSON.stringify({ value: snapshot.value as unknown, text, draft: c.hasDraft });
    const uploads = c.uploads.length === 0 ? 'none' : c.uploads.some(isUploadInProgress) ? 'busy' : 'done';
    return JSON.stringify({
      value: snapshot.value as unknown,
      text,
      uploads,
      poll: [c.pollOpen, c.pollId !== null],
      draft: c.hasDraft,
    });
  },
  limit: 20_000,
};
