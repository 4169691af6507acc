/**
 * The sandbox's state: in-memory indexes for fast queries and event fan-out, written through to
 * the database (persistence.ts) on every change and rebuilt from it at start.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { nextTimestamp } from '../clock.js';
import type {
  AppRec,
  BanRec,
  BlocklistRec,
  ChannelRec,
  DraftRec,
  FileRec,
  FlagRec,
  MemberRec,
  MessageRec,
  PollRec,
  ReminderRec,
  ThreadRec,
  UserRec,
} from './model.js';
import { Persistence } from './persistence.js';

export class ChatStore {
  readonly users = new Map<string, UserRec>();
  readonly channels = new Map<string, ChannelRec>();
  /** cid → user id → member. */
  readonly members = new Map<string, Map<string, MemberRec>>();
  readonly messages = new Map<string, MessageRec>();
  /** cid → all its messages (channel and thread), oldest first. */
  readonly channelMessages = new Map<string, MessageRec[]>();
  bans: BanRec[] = [];
  flags: FlagRec[] = [];
  readonly files = new Map<string, FileRec>();
  readonly polls = new Map<string, PollRec>();
  /** Key: `draftKey(cid, userId, parentId)`. */
  readonly drafts = new Map<string, DraftRec>();
  /** Key: `reminderKey(messageId, userId)`. */
  readonly reminders = new Map<string, ReminderRec>();
  /** Key: the parent message id. */
  readonly threads = new Map<string, ThreadRec>();
  /** Key: the list's name. */
  readonly blocklists = new Map<string, BlocklistRec>();
  /** App settings changed at run time (`PATCH /app`); undefined until the first change. */
  app: AppRec | undefined;

  private constructor(private readonly persistence: Persistence) {}

  static async load(db: Kysely<DB>): Promise<ChatStore> {
    const persistence = new Persistence(db);
    const store = new ChatStore(persistence);
    const docs = await persistence.loadAll();
    for (const user of docs.user) store.users.set(user.id, user);
    for (const channel of docs.channel) store.channels.set(channel.cid, channel);
    for (const member of docs.member) store.memberMap(member.cid).set(member.user_id, member);
    for (const message of docs.message.sort((a, b) => a.created_at.localeCompare(b.created_at))) {
      store.messages.set(message.id, message);
      store.messagesOf(message.cid).push(message);
    }
    store.bans = docs.ban;
    store.flags = docs.flag;
    for (const file of docs.file) store.files.set(file.id, file);
    for (const poll of docs.poll) store.polls.set(poll.id, poll);
    for (const draft of docs.draft) store.drafts.set(draftKey(draft.cid, draft.user_id, draft.parent_id), draft);
    for (const reminder of docs.reminder)
      store.reminders.set(reminderKey(reminder.message_id, reminder.user_id), reminder);
    for (const thread of docs.thread) store.threads.set(thread.parent_message_id, thread);
    for (const list of docs.blocklist) store.blocklists.set(list.name, list);
    store.app = docs.app[0];
    return store;
  }

  /** Stores every change made so far; routes await it before answering. */
  flush(): Promise<void> {
    return this.persistence.flush();
  }

  /** Where background write failures are reported (set by the plugin to its logger). */
  onBackgroundError: (error: unknown) => void = () => undefined;
  private closed = false;

  /** Stores changes made outside a request (connections, presence), reporting failures. */
  flushInBackground(): void {
    if (this.closed) return;
    this.flush().catch((error: unknown) => this.onBackgroundError(error));
  }

  /** After this, changes are no longer written (the database is going away). */
  async close(): Promise<void> {
    await this.flush().catch((error: unknown) => this.onBackgroundError(error));
    this.closed = true;
  }

  // Users
  saveUser(user: UserRec): void {
    this.users.set(user.id, user);
    this.persistence.put('user', user.id, user);
  }

  /** The user, created with defaults when unknown (the hosted service upserts on connect). */
  ensureUser(id: string, details: Partial<UserRec> = {}): UserRec {
    const existing = this.users.get(id);
    if (existing) return existing;
    const now = nextTimestamp();
    const user: UserRec = {
      id,
      role: 'user',
      language: '',
      custom: {},
      created_at: now,
      updated_at: now,
      banned: false,
      blocked_user_ids: [],
      mutes: [],
      channel_mutes: [],
      ...details,
    };
    this.saveUser(user);
    return user;
  }

  // Channels and members
  saveChannel(channel: ChannelRec): void {
    this.channels.set(channel.cid, channel);
    this.persistence.put('channel', channel.cid, channel);
  }

  deleteChannel(cid: string): void {
    this.channels.delete(cid);
    this.persistence.remove('channel', cid);
    for (const userId of this.memberMap(cid).keys()) this.persistence.remove('member', `${cid}|${userId}`);
    this.members.delete(cid);
    for (const message of this.messagesOf(cid)) this.deleteMessageRecord(message.id);
    this.channelMessages.delete(cid);
  }

  memberMap(cid: string): Map<string, MemberRec> {
    let map = this.members.get(cid);
    if (!map) {
      map = new Map();
      this.members.set(cid, map);
    }
    return map;
  }

  membersOf(cid: string): MemberRec[] {
    return [...this.memberMap(cid).values()];
  }

  member(cid: string, userId: string | null | undefined): MemberRec | undefined {
    return userId ? this.members.get(cid)?.get(userId) : undefined;
  }

  saveMember(member: MemberRec): void {
    this.memberMap(member.cid).set(member.user_id, member);
    this.persistence.put('member', `${member.cid}|${member.user_id}`, member);
  }

  deleteMember(cid: string, userId: string): void {
    this.memberMap(cid).delete(userId);
    this.persistence.remove('member', `${cid}|${userId}`);
  }

  // Messages
  messagesOf(cid: string): MessageRec[] {
    let list = this.channelMessages.get(cid);
    if (!list) {
      list = [];
      this.channelMessages.set(cid, list);
    }
    return list;
  }

  insertMessage(message: MessageRec): void {
    this.messages.set(message.id, message);
    const list = this.messagesOf(message.cid);
    let index = list.length;
    while (index > 0 && list[index - 1]!.created_at > message.created_at) index--;
    list.splice(index, 0, message);
    this.persistence.put('message', message.id, message);
  }

  saveMessage(message: MessageRec): void {
    this.persistence.put('message', message.id, message);
  }

  /** Removes a message for good (hard delete, truncation). */
  deleteMessageRecord(id: string): void {
    const message = this.messages.get(id);
    if (!message) return;
    this.messages.delete(id);
    const list = this.channelMessages.get(message.cid);
    if (list) {
      const index = list.indexOf(message);
      if (index >= 0) list.splice(index, 1);
    }
    this.persistence.remove('message', id);
  }

  // Moderation and files
  saveBans(bans: BanRec[]): void {
    const before = new Set(this.bans.map((b) => `${b.cid}|${b.user_id}`));
    this.bans = bans;
    const after = new Set(bans.map((b) => `${b.cid}|${b.user_id}`));
    for (const key of before) if (!after.has(key)) this.persistence.remove('ban', key);
    for (const ban of bans) this.persistence.put('ban', `${ban.cid}|${ban.user_id}`, ban);
  }

  saveApp(app: AppRec): void {
    this.app = app;
    this.persistence.put('app', 'app', app);
  }

  saveBlocklist(list: BlocklistRec): void {
    this.blocklists.set(list.name, list);
    this.persistence.put('blocklist', list.name, list);
  }

  deleteBlocklist(name: string): void {
    this.blocklists.delete(name);
    this.persistence.remove('blocklist', name);
  }

  saveFlag(flag: FlagRec): void {
    this.flags.push(flag);
    this.persistence.put('flag', flag.id, flag);
  }

  saveFile(file: FileRec): void {
    this.files.set(file.id, file);
    this.persistence.put('file', file.id, file);
  }

  deleteFile(id: string): void {
    this.files.delete(id);
    this.persistence.remove('file', id);
  }

  // Polls, drafts, reminders, threads
  savePoll(poll: PollRec): void {
    this.polls.set(poll.id, poll);
    this.persistence.put('poll', poll.id, poll);
  }

  deletePoll(id: string): void {
    this.polls.delete(id);
    this.persistence.remove('poll', id);
  }

  saveDraft(draft: DraftRec): void {
    const key = draftKey(draft.cid, draft.user_id, draft.parent_id);
    this.drafts.set(key, draft);
    this.persistence.put('draft', key, draft);
  }

  deleteDraft(cid: string, userId: string, parentId?: string): void {
    const key = draftKey(cid, userId, parentId);
    this.drafts.delete(key);
    this.persistence.remove('draft', key);
  }

  saveReminder(reminder: ReminderRec): void {
    const key = reminderKey(reminder.message_id, reminder.user_id);
    this.reminders.set(key, reminder);
    this.persistence.put('reminder', key, reminder);
  }

  deleteReminder(messageId: string, userId: string): void {
    const key = reminderKey(messageId, userId);
    this.reminders.delete(key);
    this.persistence.remove('reminder', key);
  }

  saveThread(thread: ThreadRec): void {
    this.threads.set(thread.parent_message_id, thread);
    this.persistence.put('thread', thread.parent_message_id, thread);
  }
}

export function draftKey(cid: string, userId: string, parentId?: string): string {
  return `${cid}|${userId}|${parentId ?? ''}`;
}

export function reminderKey(messageId: string, userId: string): string {
  return `${messageId}|${userId}`;
}
