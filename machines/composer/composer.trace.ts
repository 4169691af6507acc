import { testIn, type TraceEntry } from '../shared/trace';

const drafts = testIn('machines/composer/composer-drafts.test.ts');
const sending = testIn('machines/composer/composer-sending.test.ts');
const text = testIn('machines/composer/composer-text.test.ts');
const timing = testIn('machines/composer/composer-timing.test.ts');
const machine = 'composer';
const typingMachine = 'composerTyping';
const draftMachine = 'composerDraft';
const countdownMachine = 'slowModeCountdown';
const submit = 'composition.composing --composer.submit';

export const trace: TraceEntry[] = [
  {
    clause: '§4.12a',
    statement: 'Draft: emptied composition deletes it.',
    machine,
    note: 'The composer tells its draft child each change and each message sent; the child saves or deletes.',
    transitions: [
      'composition --composer.changed [isDraftable]--> (stays)',
      'composition --composer.composed [wasNewMessage]--> (stays)',
    ],
    tests: [drafts('are saved after a pause in typing, deleted when the composition is emptied')],
  },
  {
    clause: '§4.12a',
    statement: 'Draft: emptied composition deletes it.',
    machine: draftMachine,
    transitions: [
      '(composerDraft) --draft.edited--> pending',
      'pending --after draftDebounce [isEmptyWithDraft]--> deleting',
      'pending --after draftDebounce [isEmpty]--> idle',
      'saving --done: saveDraft [isEmptyWithDraft]--> deleting',
      'saving --error: saveDraft [isEmptyWithDraft]--> deleting',
      'deleting --done: deleteDraft--> idle',
      'deleting --error: deleteDraft--> idle',
      '(composerDraft) --draft.sent [hasDraft]--> deleting',
      '(composerDraft) --draft.sent--> idle',
      'saving --draft.sent--> (stays)',
    ],
    tests: [
      drafts('are saved after a pause in typing, deleted when the composition is emptied'),
      drafts('start from the input draft and are deleted when the message is sent'),
      drafts('a message sent while its draft is being saved leaves no draft behind'),
    ],
  },
  {
    clause: '§4.12b',
    statement: 'Draft updated or deleted events from other sessions re-initialise or clear the composer.',
    machine,
    note: "The service's draft.updated / draft.deleted reach the composer as draft.arrived / draft.removed (its watchDrafts actor, src/lib/actors/composer-actors.ts); the draft child accepts them only while nothing of its own is pending.",
    transitions: [
      'composition --draft.arrived [isRemoteDraftChange]--> (stays)',
      'composition --draft.removed [isRemoteDraftDeletion]--> (stays)',
      'composition --draft.adopted--> (stays)',
      'composition --draft.dropped--> (stays)',
    ],
    tests: [
      drafts('follow drafts saved and deleted in another session, not the echo of their own save, not while editing'),
    ],
  },
  {
    clause: '§4.12b',
    statement: 'Draft updated or deleted events from other sessions re-initialise or clear the composer.',
    machine: draftMachine,
    transitions: ['idle --draft.arrived--> (stays)', 'idle --draft.removed--> (stays)'],
    tests: [
      drafts('follow drafts saved and deleted in another session, not the echo of their own save, not while editing'),
    ],
  },
  {
    clause: '§4.12c',
    statement: 'Saved only when drafts are enabled and the user is not editing.',
    machine,
    note: 'The composer tells its draft child of changes only while drafts are enabled and no message is being edited.',
    transitions: ['composition --composer.changed [isDraftable]--> (stays)'],
    tests: [
      drafts('are not saved when disabled (the spec’s default)'),
      drafts('are not saved while editing'),
      drafts('a failed save keeps the composer working'),
    ],
  },
  {
    clause: '§4.13a',
    statement: 'Composer: editing restores the message content.',
    machine,
    transitions: [
      'composition --composer.edit--> composition.editing',
      'composition.editing --composer.submit [hasSendableContent]--> composition.composing',
      'composition.editing --composer.cancelEdit--> composition.composing',
    ],
    tests: [
      text('restores the message content, cuts the text to the maximum length and emits composer.edited'),
      text('cancel and clear leave editing with an empty composer; edits are not slowed down'),
    ],
  },
  {
    clause: '§4.13b',
    statement: 'Clear resets and drops the quote; empty text is pre-filled with a configured default.',
    machine,
    transitions: [
      'composition.composing --composer.clear--> (stays)',
      'composition.editing --composer.clear--> composition.composing',
      'composition --composer.quote--> (stays)',
      'composition --composer.unquote--> (stays)',
      'composition --composer.type--> (stays)',
    ],
    tests: [
      text('pre-fills empty text with the default text, and clear brings it back and drops the quote'),
      text('sends the quote, and unquote drops it'),
      text('after sending, resets the composition, keeping the default text'),
    ],
  },
  {
    clause: '§4.13c',
    statement: 'Sendable means text or a completed upload, a poll, or a valid location, and no uploads in progress.',
    machine,
    transitions: [
      `${submit} [hasSendableContent]--> (stays)`,
      `${submit} [hasUploadsInProgress]--> (stays)`,
      `${submit} [isPollOnly]--> (stays)`,
      'composition --upload.updated [isUploadFinished]--> (stays)',
      'composition --composer.addFiles--> (stays)',
      'composition --composer.removeUpload--> (stays)',
      'composition --upload.removed--> (stays)',
      'composition --composer.setLocation [isValidLocation]--> (stays)',
      'composition --composer.setLocation--> (stays)',
      'composition --composer.clearLocation--> (stays)',
      'poll.closed --composer.openPoll--> poll.open',
      'poll.open --poll.created--> poll.closed',
    ],
    tests: [
      sending('text counts'),
      sending('a finished upload alone is sendable; any upload in progress blocks with the spec’s error'),
      sending('a removed upload (by the member or by its child) leaves, its child stopped'),
      sending('a valid location is sendable, with the spec’s shared-location fields; an invalid one is refused'),
      sending(
        'a created poll is sent at once as a poll-only message ({ id, poll_id }); the child leaves; the rest stays',
      ),
    ],
  },
  {
    clause: '§4.7a',
    statement: 'Link preview: pending, loading, loaded, failed, dismissed.',
    note: 'The composer runs one link preview child per link (spawned as the text changes), reads each one’s status from it, and keeps a dismissed link from getting a new one.',
    machine,
    transitions: ['composition --composer.type--> (stays)', 'composition --composer.dismissPreview--> (stays)'],
    tests: [
      sending('spawns one preview child per URL, stops those whose URL left the text, attaches only the first loaded'),
    ],
  },
  {
    clause: '§5.4a',
    statement:
      'Message: discarded if empty or, on send, over the maximum length (when set); cut to maximum length on edit.',
    machine,
    transitions: [
      `${submit} [isTooLong]--> (stays)`,
      'composition.editing --composer.submit [isTooLong]--> (stays)',
      'composition --composer.edit--> composition.editing',
      'composition --composer.dismissError--> (stays)',
    ],
    tests: [
      sending('over the maximum length the message is refused with an error the member can fix'),
      text('restores the message content, cuts the text to the maximum length and emits composer.edited'),
      sending('text "" alone is empty'),
    ],
  },
  {
    clause: '§5.4b',
    statement: "Sending blocked with 'Wait until all attachments have uploaded'.",
    machine,
    transitions: [
      `${submit} [hasUploadsInProgress]--> (stays)`,
      'composition.editing --composer.submit [hasUploadsInProgress]--> (stays)',
    ],
    tests: [sending('a finished upload alone is sendable; any upload in progress blocks with the spec’s error')],
  },
  {
    clause: '§5.4c',
    statement: 'Text of only markup fragments counts as empty.',
    machine,
    transitions: [`${submit} [hasSendableContent]--> (stays)`],
    tests: [sending('text "<p></p>" alone is empty'), sending('text counts')],
  },
  {
    clause: '§5.4d',
    statement: 'Mentions kept only if text contains @id or @name.',
    machine,
    transitions: ['composition --composer.mention--> (stays)', `${submit} [hasSendableContent]--> (stays)`],
    tests: [text('keeps a mention only if the text still contains @id or @name')],
  },
  {
    clause: '§5.4e',
    statement: 'Poll-only messages (not in a thread, not an edit) send only the poll id.',
    machine,
    transitions: [`${submit} [isPollOnly]--> (stays)`, 'poll.open --poll.created--> poll.closed'],
    tests: [
      sending(
        'a created poll is sent at once as a poll-only message ({ id, poll_id }); the child leaves; the rest stays',
      ),
      sending('in a thread the poll goes with the rest of the message'),
    ],
  },
  {
    clause: '§5.8a',
    statement: "Triggers '@' and '/' each need at least 1 character.",
    machine,
    transitions: ['composition --composer.type--> (stays)'],
    tests: [text('needs at least one character after @ or /')],
  },
  {
    clause: '§9.3e',
    statement: 'Typing start resent at most every 2 s; idle cleanup 1 s.',
    machine,
    note: 'The composer tells its typing child each keystroke, and that typing ended on emptying, with typing events off, or on sending.',
    transitions: [
      'composition --composer.type [isKeystroke]--> (stays)',
      'composition --composer.type--> (stays)',
      'composition --composer.composed--> (stays)',
    ],
    tests: [timing('stops when the text is emptied or the message sent; nothing when typing events are off')],
  },
  {
    clause: '§9.3e',
    statement: 'Typing start resent at most every 2 s; idle cleanup 1 s.',
    machine: typingMachine,
    note: 'The typing child sends typing.start while the member types and typing.stop after 1 s idle, on emptying or on sending.',
    transitions: [
      'idle --typing.keystroke--> active',
      'active --typing.ended--> stopping',
      'active --typing.idled--> stopping',
      'stopping --done: stopTyping--> idle',
      'stopping --error: stopTyping--> idle',
      'stopping --typing.keystroke--> active',
      'active.announced --after typingThrottle--> active.quiet',
      'active.announced --error: startTyping--> active.quiet',
      'active.quiet --typing.keystroke--> active.announced',
      'active --typing.keystroke--> (stays)',
    ],
    tests: [
      timing('sends typing.start at most every 2 s while typing, and typing.stop after 1 s idle'),
      timing('exactly 2 s: a keystroke 1999 ms after the start does not announce, one at 2000 ms does'),
      timing('stops when the text is emptied or the message sent; nothing when typing events are off'),
    ],
  },
  {
    clause: '§9.5b',
    statement: 'Drafts disabled by default; text and location composers enabled; typing events published by default.',
    machine,
    transitions: [
      'composition --composer.changed [isDraftable]--> (stays)',
      'composition --composer.type [isKeystroke]--> (stays)',
    ],
    tests: [
      drafts('are not saved when disabled (the spec’s default)'),
      timing('stops when the text is emptied or the message sent; nothing when typing events are off'),
    ],
  },
  {
    clause: '§8.7b',
    statement: 'Codes (retryable): … 60 cooldown (yes).',
    note: "The composer keeps the channel's slow mode itself, so a send that the service would refuse with code 60 is not made before the cooldown ends.",
    machine,
    transitions: [
      `${submit} [isCoolingDown]--> (stays)`,
      'cooldown.ready --composer.composed [hasCooldown]--> cooldown.coolingDown',
      'cooldown.coolingDown --done: countdown--> cooldown.ready',
    ],
    tests: [
      timing('after sending, cools down for N seconds, counting down each second; sending meanwhile is refused'),
      timing('does not apply to a member with skip-slow-mode'),
    ],
  },
  {
    clause: '§8.7b',
    statement: 'Codes (retryable): … 60 cooldown (yes).',
    note: 'The countdown child counts the seconds left for the composer to show and ends when the member may send again.',
    machine: countdownMachine,
    transitions: [
      'coolingDown --after cooldownPeriod--> over',
      'coolingDown.counting --after cooldownTick--> coolingDown.counting (re-entered)',
    ],
    tests: [timing('after sending, cools down for N seconds, counting down each second; sending meanwhile is refused')],
  },
];
