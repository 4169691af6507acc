/**
 * What the poll services and routes share: loading a poll, who may see and change it, rendering it
 * for a recipient, and the `poll.*` events to the watchers of every channel whose message
 * carries the poll (rendered per recipient, for `own_votes` and anonymous voting).
 */
import type { Actor } from '../auth-context.js';
import { inputError, notAllowed, notFound } from '../errors.js';
import { pollResponse, voteResponse } from '../poll-view.js';
import type { Filter } from '../query/filter.js';
import { decodeCursor, wholeNumber } from '../query/offset-page.js';
import { parseSort } from '../query/sort.js';
import type { Sandbox } from '../sandbox.js';
import type { ChannelRec, Custom, MessageRec, PollRec, PollVoteRec } from '../store/model.js';
import { canRead, channelEventBase } from './common.js';

export function loadPoll(sandbox: Sandbox, id: string): PollRec {
  const poll = sandbox.store.polls.get(id);
  if (!poll) throw notFound(`Poll "${id}" does not exist`);
  return poll;
}

/** The live messages that carry the poll, each with its channel. */
export function pollMessages(sandbox: Sandbox, pollId: string): { message: MessageRec; channel: ChannelRec }[] {
  const out: { message: MessageRec; channel: ChannelRec }[] = [];
  for (const message of sandbox.store.messages.values()) {
    if (message.poll_id !== pollId || message.deleted_at) continue;
    const channel = sandbox.store.channels.get(message.cid);
    if (channel && !channel.deleted_at) out.push({ message, channel });
  }
  return out;
}

function isAdmin(sandbox: Sandbox, userId: string | null): boolean {
  return userId !== null && sandbox.store.users.get(userId)?.role === 'admin';
}

/** The server, the creator, an admin, or a reader of a channel where the poll was sent. */
export function canSeePoll(sandbox: Sandbox, poll: PollRec, actor: Actor, userId: string | null): boolean {
  if (actor.server || userId === poll.created_by_id || isAdmin(sandbox, userId)) return true;
  const asUser: Actor = { ...actor, userId, server: false };
  return pollMessages(sandbox, poll.id).some(({ channel }) => canRead(sandbox, channel, asUser));
}

/** A poll the actor may see; others' polls are reported as missing. */
export function visiblePoll(sandbox: Sandbox, id: string, actor: Actor, userId: string | null): PollRec {
  const poll = loadPoll(sandbox, id);
  if (!canSeePoll(sandbox, poll, actor, userId)) throw notFound(`Poll "${id}" does not exist`);
  return poll;
}

export function isPollOwner(sandbox: Sandbox, poll: PollRec, actor: Actor, userId: string | null): boolean {
  return actor.server || userId === poll.created_by_id || isAdmin(sandbox, userId);
}

/** Only the creator, an admin or the server may change, close or delete a poll (code 17). */
export function requirePollOwner(
  sandbox: Sandbox,
  poll: PollRec,
  actor: Actor,
  userId: string | null,
  resource: string,
): void {
  if (isPollOwner(sandbox, poll, actor, userId)) return;
  throw notAllowed(`User '${userId ?? ''}' is not allowed to access Resource ${resource}: only the poll's creator can`);
}

export function renderPoll(sandbox: Sandbox, poll: PollRec, forUserId: string | null): Record<string, unknown> {
  return pollResponse(poll, forUserId, (id) => sandbox.serialize.user(id));
}

export function renderVote(
  sandbox: Sandbox,
  poll: PollRec,
  vote: PollVoteRec,
  forUserId: string | null,
): Record<string, unknown> {
  return voteResponse(poll, vote, forUserId, (id) => sandbox.serialize.user(id));
}

/** `poll.updated` / `poll.closed` / `poll.deleted` to the watchers of every channel carrying it. */
export function announcePoll(sandbox: Sandbox, type: string, poll: PollRec): void {
  for (const { message, channel } of pollMessages(sandbox, poll.id)) {
    sandbox.gateway.toWatchers(
      channel.cid,
      (userId) => ({
        type,
        ...channelEventBase(channel),
        message_id: message.id,
        poll: renderPoll(sandbox, poll, userId),
      }),
      (connection) => message.shadowed && connection.userId !== message.user_id,
    );
  }
}

/** `poll.vote_casted` / `poll.vote_changed` / `poll.vote_removed` to the channel's watchers. */
export function announceVote(
  sandbox: Sandbox,
  type: string,
  poll: PollRec,
  vote: PollVoteRec,
  message: MessageRec,
  channel: ChannelRec,
): void {
  sandbox.gateway.toWatchers(
    channel.cid,
    (userId) => ({
      type,
      ...channelEventBase(channel),
      message_id: message.id,
      poll: renderPoll(sandbox, poll, userId),
      poll_vote: renderVote(sandbox, poll, vote, userId),
    }),
    (connection) => message.shadowed && connection.userId !== message.user_id,
  );
}

export interface QueryBody {
  filter?: unknown;
  sort?: unknown;
  limit?: unknown;
  next?: unknown;
  user_id?: unknown;
}

export function objectBody(body: unknown, name = 'request body'): Custom {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw inputError(`${name} must be an object`);
  return body as Custom;
}

/** The filter, sort, limit and offset of a query body, checked with code 4. */
export function queryParts(body: QueryBody) {
  if (body.filter !== undefined && body.filter !== null) objectBody(body.filter, 'filter');
  return {
    filter: (body.filter ?? undefined) as Filter | undefined,
    specs: [...parseSort(body.sort, [{ field: 'created_at', direction: -1 }]), { field: 'id', direction: 1 }],
    limit: wholeNumber(body.limit, 'limit', 10, 1, 300),
    offset: body.next === undefined || body.next === null || body.next === '' ? 0 : decodeCursor(body.next),
  };
}
