/**
 * What the composer hands on when the member sends or edits a message: the composer emits
 * `composer.sent` / `composer.edited` with these payloads and the app forwards them to the outbox,
 * which makes the chat call. Shared here because a machine may not import another machine's folder.
 */
import type { LinkPreviewData, UploadedAttachment } from './composer-children';

/** An attachment of a composed message: a finished upload or a loaded link preview. */
export type ComposedAttachment = UploadedAttachment | LinkPreviewData;

/** Spec sections 5 and 9: a live location is shared for at least 60 s. */
export const MIN_LIVE_LOCATION_MS = 60_000;

/** The spec's shared-location fields, as the chat service takes them on a new message. */
export interface ComposedSharedLocation {
  latitude: number;
  longitude: number;
  created_by_device_id: string;
  /** The composed message's own id. */
  message_id: string;
  /** Set for a live location (RFC 3339): when the live share ends. */
  end_at?: string;
}

/**
 * The chat message request (`POST /channels/{type}/{id}/message {message}`), fields omitted when
 * empty. A poll-only message (not in a thread, not an edit) is exactly `{ id, poll_id }`.
 */
export interface ComposedMessage {
  /** Client-side id (the composer's id generator); an edit keeps the edited message's id. */
  id: string;
  text?: string;
  /** User ids, only of the users whose `@id` or `@name` is still in the text. */
  mentioned_users?: string[];
  quoted_message_id?: string;
  attachments?: ComposedAttachment[];
  /** The thread's parent message when composing a reply. */
  parent_id?: string;
  /** A thread reply also shown in the channel ("Also send to channel"). */
  show_in_channel?: boolean;
  poll_id?: string;
  shared_location?: ComposedSharedLocation;
}

/** Events the composer emits (`actor.on('composer.sent', …)`). */
export type ComposerEmitted =
  | {
      type: 'composer.sent';
      message: ComposedMessage;
      /** Send option: the message carries (or the member dismissed) its link preview, so the service must not enrich it again. */
      skipEnrichUrl: boolean;
    }
  | { type: 'composer.edited'; message: ComposedMessage; skipEnrichUrl: boolean };
