import { nextTimestamp } from '../clock.js';
import type { MessageRec } from '../store/model.js';

/** Message fields a partial update (`PUT /messages/{id}` `set`) may not change: the service computes them. */
export const UPDATABLE_RESERVED = new Set([
  'id',
  'cid',
  'user',
  'user_id',
  'created_at',
  'updated_at',
  'deleted_at',
  'type',
  'html',
  'reply_count',
  'parent_id',
  'command',
  'latest_reactions',
  'own_reactions',
  'reaction_counts',
  'reaction_scores',
  'reaction_groups',
  'quoted_message',
  'pinned_at',
  'pinned_by',
  'i18n',
  'mentioned_groups',
]);

/** Pins or unpins a message: who pinned it, when, and until when. */
export function setPinned(
  message: MessageRec,
  pinned: boolean,
  userId: string,
  expires?: string | null,
  at?: string | null,
) {
  message.pinned = pinned;
  message.pinned_at = pinned ? (at ?? nextTimestamp()) : undefined;
  message.pinned_by_id = pinned ? userId : undefined;
  message.pin_expires = pinned ? (expires ?? undefined) : undefined;
}
