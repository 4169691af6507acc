import type { ActorRefFrom, AnyActorRef, SnapshotFrom } from 'xstate';
import type { SlowModeCountdownMachine } from './countdown.machine';
import type { ComposerDraftMachine } from './draft.machine';
import type { ComposerTypingMachine } from './typing.machine';
import type { LinkPreviewData } from '../shared/composer-children';
import { previewEntryOf, uploadEntryOf, viewOf } from './composer.children';
import type { ComposerMachine } from './composer.machine';
import {
  activeTrigger,
  attachedPreview,
  commandOf,
  sendBlockedReason,
  type SendBlockedReason,
  type Trigger,
} from './composer.rules';
import type {
  ComposerError,
  LocationDraft,
  MentionedUser,
  PreviewEntry,
  QuotedMessage,
  RestorableMessage,
  UploadEntry,
  UploadSlot,
} from './composer.types';

type Snapshot = SnapshotFrom<ComposerMachine>;

export const selectText = (snapshot: Snapshot): string => snapshot.context.text;
/** Slow mode holds new messages back (its countdown child runs). */
export const selectIsCoolingDown = (snapshot: Snapshot): boolean => snapshot.matches({ cooldown: 'coolingDown' });
/** The send button's state: exactly what `composer.submit` would do. */
export const selectSendBlockedReason = (snapshot: Snapshot): SendBlockedReason | null =>
  sendBlockedReason(viewOf(snapshot.context), selectIsCoolingDown(snapshot));
export const selectCanSend = (snapshot: Snapshot): boolean => selectSendBlockedReason(snapshot) === null;
/**
 * The files and links as their children say. These read the children, so a composer snapshot
 * alone does not tell when they change: components read them with `useComposerSelector`
 * (src/features/chat/composer/use-composer-selector.ts), which follows the children too and
 * compares by value.
 */
/** The composition's files (each with its upload child, or its restored attachment), unchanged until one comes or goes. */
export const selectFiles = (snapshot: Snapshot): UploadSlot[] => snapshot.context.uploads;
export const selectUploads = (snapshot: Snapshot): UploadEntry[] => snapshot.context.uploads.map(uploadEntryOf);
export const selectPreviews = (snapshot: Snapshot): PreviewEntry[] => snapshot.context.previews.map(previewEntryOf);
/** The one preview the message will carry (first loaded, not dismissed). */
export const selectAttachedPreview = (snapshot: Snapshot): LinkPreviewData | null =>
  attachedPreview(selectPreviews(snapshot));
export const selectQuoted = (snapshot: Snapshot): QuotedMessage | null => snapshot.context.quoted;
export const selectEditing = (snapshot: Snapshot): RestorableMessage | null => snapshot.context.editing;
export const selectIsEditing = (snapshot: Snapshot): boolean => snapshot.matches({ composition: 'editing' });
/** The `@` or `/` query to show suggestions for (at least one character after the trigger). */
export const selectActiveTrigger = (snapshot: Snapshot): Trigger | null => activeTrigger(snapshot.context.text);
/** The channel command the text starts with (`/giphy …`), or null. */
export const selectCommand = (snapshot: Snapshot): string | null =>
  commandOf(snapshot.context.text, snapshot.context.commands);
export const selectErrorKey = (snapshot: Snapshot): ComposerError | null => snapshot.context.errorKey;
export const selectMentionedUsers = (snapshot: Snapshot): MentionedUser[] => snapshot.context.mentions;
export const selectLocation = (snapshot: Snapshot): LocationDraft | null => snapshot.context.location;
export const selectPollOpen = (snapshot: Snapshot): boolean => snapshot.matches({ poll: 'open' });
export const selectPendingPollId = (snapshot: Snapshot): string | null => snapshot.context.pollId;
/** "Also send to channel" is ticked (thread composers only). */
export const selectShowInChannel = (snapshot: Snapshot): boolean => snapshot.context.showInChannel;
export const selectThreadId = (snapshot: Snapshot): string | null => snapshot.context.threadId;
/** The slash commands this composer offers, by name (the channel's; none in a thread). */
export const selectCommands = (snapshot: Snapshot): string[] => snapshot.context.commands;
export const selectMaxLength = (snapshot: Snapshot): number | null => snapshot.context.maxLength;

/** A child actor, to send it the member's intents (retry an upload, edit the poll): `upload:${localId}`, `preview:${url}`, `pollComposer`. */
export const selectChild = (snapshot: Snapshot, id: string): AnyActorRef | undefined =>
  (snapshot.children as Record<string, AnyActorRef | undefined>)[id];

/** Slow mode's countdown child while it runs (its `selectRemaining` gives the seconds left). */
export const selectCountdown = (snapshot: Snapshot): ActorRefFrom<SlowModeCountdownMachine> | undefined =>
  snapshot.children.countdown;
/** The typing child (whether typing.start went out, whether typing.stop is on its way). */
export const selectTyping = (snapshot: Snapshot): ActorRefFrom<ComposerTypingMachine> =>
  snapshot.children.typing as ActorRefFrom<ComposerTypingMachine>;
/** The draft child (whether the service holds a draft, whether a save waits). */
export const selectDraft = (snapshot: Snapshot): ActorRefFrom<ComposerDraftMachine> =>
  snapshot.children.draft as ActorRefFrom<ComposerDraftMachine>;

/** The machine's regions' states, for data-state attributes. */
export const selectStateName = (snapshot: Snapshot): string => JSON.stringify(snapshot.value);
