/**
 * The product API's side of the chat service: league members mirrored as chat users, and the
 * demo league's channels. Everything goes through the `stream-chat` server-side client (API key
 * and secret), so the local sandbox and the hosted service are one code path and switching is
 * configuration only (chat-protocol.md §4.1, §4.2).
 */
import type { AddressInfo } from 'node:net';
import { StreamChat, type Channel, type ChannelAPIResponse, type UserResponse } from 'stream-chat';
import type { Config } from '../../config.js';
import { DEMO_CHANNELS, type DemoChannel } from '../../db/seed/demo-channels.js';

/** What the chat service is told about a member. */
export interface ChatMember {
  id: number;
  name: string;
  /** The product API's avatar path (`/api/users/…`) or null. */
  avatar_url: string | null;
  language: string | null;
  /** The member's chat teams (chat-teams.ts: `memberTeams`). */
  teams: string[];
}

export type ChatDirectoryConfig = Pick<
  Config,
  'chatProvider' | 'chatBaseUrl' | 'chatApiKey' | 'chatApiSecret' | 'publicUrl'
>;

/** The sandbox's base URL once the server listens (null before); see `sandboxUrlOf`. */
export type BaseUrlResolver = () => string | null;

/** How long one call to the chat service may take before it counts as failed. */
const REQUEST_TIMEOUT_MS = 3000;
/** The hosted service's limit of users per upsert. */
const UPSERT_BATCH = 100;

export class ChatDirectory {
  private cached: { baseUrl: string | undefined; client: StreamChat } | null = null;
  private override: string | null = null;

  constructor(
    private readonly config: ChatDirectoryConfig,
    private readonly sandboxBaseUrl: BaseUrlResolver,
  ) {}

  /**
   * Points the client at `url` (null: back to the configured one). For tools and tests; the
   * sandbox's address is otherwise resolved from the listening server.
   */
  setBaseUrl(url: string | null): void {
    this.override = url;
  }

  /**
   * The chat service's base URL: CHAT_BASE_URL when set; with the sandbox, this server's /chat;
   * with the hosted service, undefined (the client's own default).
   */
  baseUrl(): string | undefined {
    if (this.override) return this.override;
    if (this.config.chatBaseUrl) return this.config.chatBaseUrl;
    if (this.config.chatProvider === 'stream') return undefined;
    const url = this.sandboxBaseUrl();
    if (!url) throw new Error('The chat sandbox is not reachable yet: the server is not listening');
    return url;
  }

  /** The server-side client, built on first use and again when the base URL changes. */
  client(): StreamChat {
    const baseUrl = this.baseUrl();
    if (this.cached && this.cached.baseUrl === baseUrl) return this.cached.client;
    const client = new StreamChat(this.config.chatApiKey, this.config.chatApiSecret, {
      ...(baseUrl ? { baseURL: baseUrl } : {}),
      timeout: REQUEST_TIMEOUT_MS,
      disableCache: true,
    });
    this.cached = { baseUrl, client };
    return client;
  }

  /** The chat user for a member: same id (as text), name, absolute picture URL, language and teams. */
  chatUser(member: ChatMember): UserResponse {
    return {
      id: String(member.id),
      name: member.name,
      image: member.avatar_url ? this.absoluteUrl(member.avatar_url) : undefined,
      language: member.language ?? undefined,
      teams: member.teams,
    };
  }

  /**
   * Brings the member's chat user up to date with their profile (name, picture, language) without
   * touching the teams the chat outbox keeps (chat-outbox.ts): a partial update. A missing chat
   * user is created with `member.teams`, and one without teams (made by a client's connection)
   * gets them, so no member is ever without a team.
   */
  async syncUser(member: ChatMember): Promise<void> {
    const user = this.chatUser(member);
    const id = user.id;
    const set = {
      name: user.name,
      ...(user.image ? { image: user.image } : {}),
      ...(user.language ? { language: user.language } : {}),
    };
    const unset: (keyof UserResponse)[] = [
      ...(user.image ? [] : ['image' as const]),
      ...(user.language ? [] : ['language' as const]),
    ];
    const client = this.client();
    const existing = (await client.queryUsers({ id }, [], { limit: 1 })).users[0];
    if (!existing) {
      await client.upsertUser(user);
      return;
    }
    const teams = (existing.teams ?? []).length === 0 ? { teams: member.teams } : {};
    await client.partialUpdateUser({ id, set: { ...set, ...teams }, unset });
  }

  /** Creates or replaces the members' chat users (their teams too: `member.teams` must be complete). */
  async syncUsers(members: ChatMember[]): Promise<void> {
    const client = this.client();
    for (let start = 0; start < members.length; start += UPSERT_BATCH) {
      await client.upsertUsers(members.slice(start, start + UPSERT_BATCH).map((m) => this.chatUser(m)));
    }
  }

  /**
   * Revokes the members' chat tokens issued until now (the service's `revokeUsersToken`): the
   * service refuses them from now on with its token-expired code, on REST and on the socket.
   */
  async revokeTokens(memberIds: number[]): Promise<void> {
    const client = this.client();
    for (let start = 0; start < memberIds.length; start += UPSERT_BATCH) {
      await client.revokeUsersToken(memberIds.slice(start, start + UPSERT_BATCH).map(String), new Date());
    }
  }

  /**
   * Creates the demo league's channels (demo-channels.ts) with the demo members and their opening
   * messages, all of the league's chat team `team`. Idempotent: existing channels are looked up
   * first, only missing members are added, a missing or other team is set, and messages are
   * seeded only into channels that have none yet. The league's own channels (`members: 'league'`)
   * are made and filled by the league's chat sync (league-sync.ts, run first): here they only get
   * their opening messages, once they exist. The members must exist as chat users of `team`
   * (syncUsers) first.
   */
  async ensureDemoChannels(memberIds: number[], team: string): Promise<void> {
    const ids = memberIds.map(String);
    if (ids.length < 2) return;
    const client = this.client();
    for (const demo of DEMO_CHANNELS) {
      const fromLeague = demo.members === 'league';
      const members =
        demo.members === 'all' || demo.members === 'league'
          ? ids
          : [...new Set(demo.members.map((i) => ids[i % ids.length]!))];
      const existing = await this.findDemoChannel(demo, members);
      if (fromLeague && !existing) continue;
      // A distinct conversation gets its id from the service when created.
      const channel = client.channel(demo.type, demo.id ?? existing?.channel.id ?? null, {
        ...(demo.name ? { name: demo.name } : {}),
        members,
        team,
        created_by_id: members[0]!,
      });
      if (!existing) {
        await channel.create();
      } else if (!fromLeague) {
        if (existing.channel.team !== team) await channel.updatePartial({ set: { team } });
        const present = new Set(existing.members.map((m) => m.user_id ?? m.user?.id));
        const missing = members.filter((id) => !present.has(id));
        if (missing.length > 0) await channel.addMembers(missing);
      }
      if (existing?.channel.last_message_at) continue;
      await this.seedDemoMessages(channel, demo, fromLeague ? [] : members, ids);
    }
  }

  /** The demo channel's opening messages; ids name the channel and its members, so a rerun adds none. */
  private async seedDemoMessages(channel: Channel, demo: DemoChannel, members: string[], ids: string[]) {
    let n = 0;
    for (const message of demo.messages) {
      n++;
      await channel
        .sendMessage({
          id: `demo-${demo.key}-${members.length > 0 ? members.join('-') : demo.id}-${n}`,
          text: message.text,
          user_id: ids[message.author % ids.length]!,
        })
        .catch((error: unknown) => {
          // Seeded by an earlier, interrupted run.
          if (!(error instanceof Error && /already exists/.test(error.message))) throw error;
        });
    }
  }

  private async findDemoChannel(demo: DemoChannel, members: string[]): Promise<ChannelAPIResponse | undefined> {
    const filter = demo.id ? { type: demo.type, id: demo.id } : { type: demo.type, members: { $eq: members } };
    const found = await this.client().queryChannelsRequest(filter, [], {
      limit: 1,
      message_limit: 0,
      member_limit: 100,
    });
    return found[0];
  }

  /** The app's address for `path` (PUBLIC_URL), as links in the chat must be absolute to be followed. */
  absoluteUrl(path: string): string {
    return /^https?:\/\//.test(path) ? path : `${this.config.publicUrl}${path.startsWith('/') ? '' : '/'}${path}`;
  }
}

/**
 * A chat failure as one line for the log. Never log the error object itself: the client's
 * errors carry the request, whose Authorization header is the server token.
 */
export function chatFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  const status = (error as { status?: unknown; response?: { status?: unknown } }).response?.status;
  const details = [
    typeof code === 'string' || typeof code === 'number' ? `code ${code}` : '',
    typeof status === 'number' ? `HTTP ${status}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return details ? `${error.message} (${details})` : error.message;
}

/**
 * The sandbox's base URL from the listening server's address: loopback for a wildcard address
 * (0.0.0.0, ::), the address itself otherwise. Null while not listening.
 */
export function sandboxUrlOf(address: AddressInfo | string | null): string | null {
  if (!address || typeof address === 'string') return null;
  const host =
    address.address === '0.0.0.0'
      ? '127.0.0.1'
      : address.address === '::'
        ? '[::1]'
        : address.family === 'IPv6'
          ? `[${address.address}]`
          : address.address;
  return `http://${host}:${address.port}/chat`;
}
