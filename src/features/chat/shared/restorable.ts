/** A message as the composer takes it for quoting (`composer.quote`) and editing (`composer.edit`). */
import type { LocalMessage } from 'stream-chat';
import type { QuotedMessage, RestorableMessage } from '../../../../machines/composer/composer.types';

export function quotedFrom(message: LocalMessage): QuotedMessage {
  return {
    id: message.id,
    text: message.text ?? '',
    user: message.user ? { id: message.user.id, name: message.user.name ?? message.user.id } : null,
  };
}

export function restorableFrom(message: LocalMessage): RestorableMessage {
  const quoted = message.quoted_message;
  const location = message.shared_location as
    { latitude?: number; longitude?: number; end_at?: string | null } | null | undefined;
  return {
    id: message.id,
    text: message.text ?? '',
    attachments: (message.attachments ?? []) as RestorableMessage['attachments'],
    mentioned_users: (message.mentioned_users ?? []).map((user) => ({ id: user.id, name: user.name ?? user.id })),
    quoted_message: quoted
      ? {
          id: quoted.id,
          text: quoted.text ?? '',
          user: quoted.user ? { id: quoted.user.id, name: quoted.user.name } : null,
        }
      : null,
    quoted_message_id: message.quoted_message_id ?? null,
    poll_id: message.poll_id ?? null,
    parent_id: message.parent_id ?? null,
    shared_location:
      location && typeof location.latitude === 'number' && typeof location.longitude === 'number'
        ? { latitude: location.latitude, longitude: location.longitude, end_at: location.end_at ?? null }
        : null,
  };
}
