/**
 * The composer's path model. Its children do nothing (typing, draft and countdown have their own
 * models beside this one); the model sends the done/error events and the draft child's answers
 * itself. To keep the graph finite and small, texts are bucketed ('', 'some', 'long'), uploads to
 * none/busy/done, and while slow mode runs only the events that matter there are offered
 * (everything else is offered at rest).
 */
import { createMachine, fromCallback, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { UploadedAttachment, UploadInput } from '../shared/composer-children';
import type { ComposerEmitted } from '../shared/composed-message';
import { ownEventTypes, type PathEnd, type PathModel } from '../shared/path-coverage';
import { childPathModels } from './children.models';
import { viewOf } from './composer.children';
import { composerMachine } from './composer.machine';
import { isTextEmpty, isUploadInProgress } from './composer.rules';
import {
  selectEditing,
  selectErrorKey,
  selectLocation,
  selectPendingPollId,
  selectPollOpen,
  selectQuoted,
  selectSendBlockedReason,
  selectText,
  selectUploads,
} from './composer.selectors';
import type {
  ComposerChildLogics,
  ComposerContext,
  ComposerEvent,
  ComposerInput,
  WatchDraftsInput,
} from './composer.types';
import type { SlowModeCountdownMachine } from './countdown.machine';
import type { ComposerDraftMachine } from './draft.machine';
import type { ComposerTypingMachine } from './typing.machine';

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

/** An upload that is done at once for `done.txt` and never for any other file (the model moves no child). */
const modelUpload = createMachine({
  types: {} as { input: UploadInput; context: { progress: number; attachment: UploadedAttachment | null } },
  context: ({ input }) => ({
    progress: 0,
    attachment:
      input.file.name === 'done.txt'
        ? {
            type: 'file',
            asset_url: 'https://cdn.test/done.txt',
            title: 'done.txt',
            mime_type: 'text/plain',
            file_size: 1,
          }
        : null,
  }),
  initial: 'uploading',
  states: {
    uploading: { always: { guard: ({ context }) => context.attachment !== null, target: 'finished' } },
    finished: {},
  },
}) as unknown as ComposerChildLogics['upload'];

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
  { type: 'draft.arrived', draft: { message: { id: 'd1', text: 'from another tab' } } },
  { type: 'draft.removed' },
  { type: 'draft.adopted', draft: { message: { id: 'd1', text: 'from another tab' } } },
  { type: 'draft.dropped' },
  { type: 'composer.configure', settings: { canUploadFile: true } },
];

const regionValue = (snapshot: AnyMachineSnapshot, region: string) =>
  JSON.stringify((snapshot.value as Record<string, unknown>)[region]);

const isBusy = (snapshot: AnyMachineSnapshot) => regionValue(snapshot, 'cooldown') !== '"ready"';

function machineEvents(type: string): AnyEventObject[] {
  if (type.startsWith('xstate.after.')) return [{ type }];
  if (type === 'xstate.error.actor.*')
    return [{ type: 'xstate.error.actor.upload:local', error: failure, actorId: 'upload:local' }];
  if (type.startsWith('xstate.done.actor.')) return [{ type, output: undefined }];
  if (type.startsWith('xstate.error.actor.'))
    return [{ type, error: failure, actorId: type.slice('xstate.error.actor.'.length) }];
  return [];
}

/** The error a refused submit shows, by the send button's reason (an empty one shows none). */
const refusal: Record<string, string> = {
  coolingDown: 'chat.composer.coolingDown',
  uploading: 'chat.composer.uploadsInProgress',
  tooLong: 'chat.composer.tooLong',
};

type End = PathEnd & { snapshot: Parameters<typeof selectText>[0]; before: Parameters<typeof selectText>[0] };
const composition = (s: End['snapshot']) => [selectText(s), selectQuoted(s), selectEditing(s), selectUploads(s)];
const sentText = (emitted: PathEnd['emitted']) =>
  (emitted as ComposerEmitted[]).map((e) => `${e.type}:${e.message.text ?? ''}`);

/**
 * What the path's last event left behind. A submit sends exactly when the send button said it
 * could (the message carrying the text, the composition emptied) and otherwise keeps everything;
 * the content events set what they name; any other event leaves the text alone and sends nothing.
 */
function outcome(end: PathEnd) {
  const { snapshot, before, event, emitted } = end as End;
  switch (event?.type) {
    case 'composer.submit': {
      const blocked = selectSendBlockedReason(before);
      const kind = selectEditing(before) ? 'composer.edited' : 'composer.sent';
      return blocked === null
        ? {
            actual: [sentText(emitted), selectText(snapshot), selectEditing(snapshot), selectUploads(snapshot)],
            expected: [[`${kind}:${isTextEmpty(selectText(before)) ? '' : selectText(before)}`], '', null, []],
          }
        : {
            actual: [emitted, composition(snapshot), selectErrorKey(snapshot)?.key],
            expected: [[], composition(before), refusal[blocked] ?? selectErrorKey(before)?.key],
          };
    }
    case 'composer.type':
      return { actual: [selectText(snapshot), selectErrorKey(snapshot)], expected: [event.text, null] };
    case 'composer.clear':
      return { actual: composition(snapshot), expected: ['', null, null, []] };
    // Only an edit is cancelled: a new message is kept.
    case 'composer.cancelEdit':
      return {
        actual: composition(snapshot),
        expected: selectEditing(before) ? ['', null, null, []] : composition(before),
      };
    case 'composer.edit':
      return { actual: [selectEditing(snapshot), selectText(snapshot)], expected: [event.message, 'old'] };
    case 'composer.quote':
      return { actual: selectQuoted(snapshot), expected: event.message };
    case 'composer.unquote':
      return { actual: selectQuoted(snapshot), expected: null };
    case 'composer.removeUpload':
    case 'upload.removed':
      return { actual: selectUploads(snapshot), expected: [] };
    case 'composer.openPoll':
      return { actual: selectPollOpen(snapshot), expected: true };
    case 'composer.closePoll':
    case 'poll.cancelled':
      return { actual: selectPollOpen(snapshot), expected: false };
    // The poll goes out at once unless slow mode holds it back.
    case 'poll.created':
      // Only the open poll's child creates one; a stray event changes nothing.
      if (!before.matches({ poll: 'open' }))
        return { actual: [emitted, composition(snapshot)], expected: [[], composition(before)] };
      return {
        actual: [selectPollOpen(snapshot), emitted.length > 0 || selectPendingPollId(snapshot) === 'poll-1'],
        expected: [false, true],
      };
    // Live for 1 s is too short: refused with the reason, the location kept as it was.
    case 'composer.setLocation':
      return event.durationMs === undefined
        ? {
            actual: [selectLocation(snapshot), selectErrorKey(snapshot)],
            expected: [{ latitude: 52, longitude: 4 }, null],
          }
        : {
            actual: [selectLocation(snapshot), selectErrorKey(snapshot)?.key],
            expected: [selectLocation(before), 'chat.liveLocation.tooShort'],
          };
    case 'composer.clearLocation':
      return { actual: selectLocation(snapshot), expected: null };
    case 'composer.dismissError':
      return { actual: selectErrorKey(snapshot), expected: null };
    // A draft from elsewhere is the draft child's to judge: nothing changes until it answers.
    case 'draft.arrived':
    case 'draft.removed':
      return { actual: [emitted, composition(snapshot)], expected: [[], composition(before)] };
    case 'draft.adopted':
      return { actual: [emitted, selectText(snapshot)], expected: [[], 'from another tab'] };
    case 'draft.dropped':
      return { actual: [emitted, composition(snapshot)], expected: [[], ['', null, null, []]] };
    default:
      return { actual: [emitted, selectText(snapshot)], expected: [[], selectText(before)] };
  }
}

const composer: PathModel = {
  name: 'composer',
  machine: composerMachine.provide({
    actors: {
      upload: modelUpload,
      linkPreview: inert,
      pollComposer: inert,
      // Its own children do nothing here: they have their own path models (typing, draft, countdown).
      typing: inert as unknown as ComposerTypingMachine,
      draft: inert as unknown as ComposerDraftMachine,
      countdown: inert as unknown as SlowModeCountdownMachine,
      watchDrafts: fromCallback<ComposerEvent, WatchDraftsInput>(() => undefined),
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
        ? ['busy.txt', 'done.txt'].map((name) => ({
            type: 'composer.addFiles',
            files: [{ file: { name, size: 1, type: 'text/plain' }, blob: null }],
          }))
        : [];
    return [...own, ...atRest, ...addFiles];
  },
  serializeState: (snapshot) => {
    const c = snapshot.context as ComposerContext;
    const text = isTextEmpty(c.text) ? '' : c.maxLength !== null && c.text.length > c.maxLength ? 'long' : 'some';
    if (isBusy(snapshot)) return JSON.stringify({ value: snapshot.value as unknown, text });
    const files = viewOf(c).uploads;
    const uploads = files.length === 0 ? 'none' : files.some(isUploadInProgress) ? 'busy' : 'done';
    return JSON.stringify({ value: snapshot.value as unknown, text, uploads, poll: c.pollId !== null });
  },
  limit: 20_000,
  outcomes: { '*': outcome },
};

/** The composer's and its own children's (children.models.ts). */
export const pathModels: PathModel[] = [composer, ...childPathModels];
