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
  /** Tokens issued before this time are refused (set by the server's `revokeUserToken`). */
  revoke_tokens_issued_before?: string;
  /** The teams (tenants) the user belongs to; set only server-side (tenancy.ts). Absent: none. */
  teams?: string[];
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
  /** Tags queryChannels can filter on (`filter_tags`). */
  filter_tags?: string[];
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

export interface PollOptionRec {
  id: string;
  text: string;
  custom: Custom;
}

/** A vote for an option, or an answer (free text) when `answer_text` is set. */
export interface PollVoteRec {
  id: string;
  poll_id: string;
  option_id?: string;
  answer_text?: string;
  user_id: string;
  created_at: string;
  updated_at: string;
}

export interface PollRec {
  id: string;
  name: string;
  description?: string;
  options: PollOptionRec[];
  enforce_unique_vote: boolean;
  max_votes_allowed?: number;
  allow_answers: boolean;
  allow_user_suggested_options: boolean;
  voting_visibility: 'public' | 'anonymous';
  is_closed: boolean;
  created_by_id: string;
  created_at: string;
  updated_at: string;
  custom: Custom;
  votes: PollVoteRec[];
}

/** A user's draft of a channel message, or of a thread reply when `parent_id` is set. */
export interface DraftRec {
  cid: string;
  user_id: string;
  parent_id?: string;
  message: Custom;
  created_at: string;
}

export interface ReminderRec {
  message_id: string;
  user_id: string;
  cid: string;
  remind_at?: string;
  created_at: string;
  updated_at: string;
  /** When `notification.reminder_due` was sent (so a restart does not send it twice). */
  notified_at?: string;
}

/** Thread data beyond the parent message: title, custom fields, and each reader's position. */
export interface ThreadRec {
  parent_message_id: string;
  cid: string;
  title: string;
  custom: Custom;
  created_at: string;
  updated_at: string;
  deleted_at?: string;
  /** user id → last read time and message in the thread. */
  reads: Record<string, { last_read: string; last_read_message_id?: string }>;
}

/** Every persisted kind and its record type. */
/** An app-wide word list (POST /blocklists) that a channel's `blocklist` config may name. */
export interface BlocklistRec {
  name: string;
  /** Lowercase words, matched whole and case-insensitively. */
  words: string[];
  created_at: string;
  updated_at: string;
}

/** App settings changed with `PATCH /app` (updateAppSettings); absent: the configured start value. */
export interface AppRec {
  multi_tenant_enabled: boolean;
}

export interface DocKinds {
  user: UserRec;
  channel: ChannelRec;
  member: MemberRec;
  message: MessageRec;
  ban: BanRec;
  flag: FlagRec;
  file: FileRec;
  poll: PollRec;
  draft: DraftRec;
  reminder: ReminderRec;
  thread: ThreadRec;
  blocklist: BlocklistRec;
  app: AppRec;
}
export type DocKind = keyof DocKinds;
