/** The sandbox's records. Custom fields are kept apart and flattened on the wire. */
export type Custom = Record<string, unknown>;

export interface UserRec {
  id: string;
  role: string;
  name?: string;
  image?: string;
  language: string;
  custom: Custom;
  created_at: string;
  updated_at: string;
  last_active?: string;
  banned: boolean;
  ban_expires?: string;
  deleted_at?: string;
  blocked_user_ids: string[];
  mutes: { target_id: string; created_at: string; updated_at: string; expires?: string }[];
  channel_mutes: { cid: string; created_at: string; updated_at: string; expires?: string }[];
  privacy_settings?: Custom;
}

export interface MemberRec {
  cid: string;
  user_id: string;
  channel_role: 'channel_member' | 'channel_moderator' | 'channel_admin';
  created_at: string;
  updated_at: string;
  invited?: boolean;
  invite_accepted_at?: string;
  invite_rejected_at?: string;
  banned: boolean;
  shadow_banned: boolean;
  ban_expires?: string;
  pinned_at?: string;
  archived_at?: string;
  hidden: boolean;
  /** Messages before this are hidden for the member (hide with clear_history). */
  hide_messages_before?: string;
  last_read: string;
  last_read_message_id?: string;
  custom: Custom;
}

export interface ChannelRec {
  type: string;
  id: string;
  cid: string;
  custom: Custom;
  created_by_id?: string;
  created_at: string;
  updated_at: string;
  last_message_at?: string;
  deleted_at?: string;
  truncated_at?: string;
  truncated_by_id?: string;
  frozen: boolean;
  disabled: boolean;
  cooldown?: number;
  team?: string;
  /** Channel-level config overrides (e.g. url_enrichment) over the type's config. */
  config_overrides: Custom;
}

export interface ReactionRec {
  message_id: string;
  user_id: string;
  type: string;
  score: number;
  custom: Custom;
  created_at: string;
  updated_at: string;
}

export interface MessageRec {
  id: string;
  cid: string;
  user_id: string;
  type: 'regular' | 'reply' | 'system' | 'ephemeral' | 'error' | 'deleted';
  text: string;
  attachments: Custom[];
  mentioned_user_ids: string[];
  parent_id?: string;
  show_in_channel?: boolean;
  quoted_message_id?: string;
  custom: Custom;
  created_at: string;
  updated_at: string;
  deleted_at?: string;
  /** Type before a soft delete, so undelete can restore it. */
  type_before_delete?: MessageRec['type'];
  pinned: boolean;
  pinned_at?: string;
  pinned_by_id?: string;
  pin_expires?: string;
  reply_count: number;
  deleted_reply_count: number;
  thread_participant_ids: string[];
  silent: boolean;
  shadowed: boolean;
  command?: string;
  args?: string;
  poll_id?: string;
  shared_location?: Custom;
  reactions: ReactionRec[];
  message_text_updated_at?: string;
}

export interface BanRec {
  /** '' for an app-wide ban. */
  cid: string;
  user_id: string;
  banned_by_id?: string;
  reason?: string;
  expires?: string;
  shadow: boolean;
  created_at: string;
}

export interface FlagRec {
  id: string;
  user_id: string;
  target_message_id?: string;
  target_user_id?: string;
  reason?: string;
  custom: Custom;
  created_at: string;
}

export interface FileRec {
  id: string;
  cid: string;
  user_id: string;
  kind: 'file' | 'image';
  name: string;
  mime_type: string;
  size: number;
  created_at: string;
}

/** Every persisted kind and its record type. */
export interface DocKinds {
  user: UserRec;
  channel: ChannelRec;
  member: MemberRec;
  message: MessageRec;
  ban: BanRec;
  flag: FlagRec;
  file: FileRec;
}
export type DocKind = keyof DocKinds;
