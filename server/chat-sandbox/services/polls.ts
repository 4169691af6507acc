/**
 * Changing polls (chat-protocol.md §4.8): create, full and partial update (closing sends
 * `poll.closed`), delete, and options (users add them only when the poll allows suggestions).
 * The field and option rules are in polls.ts; every change is saved and its `poll.*` event goes
 * to the watchers of the channels where the poll was sent (poll-access.ts).
 */
import type { Actor } from '../auth-context.js';
import { inputError, notFound } from '../errors.js';
import {
  addOption,
  applyPollFields,
  findOption,
  newPoll,
  parsePollFields,
  pollAsInput,
  removeOption,
  updateOption,
} from '../polls.js';
import type { Sandbox } from '../sandbox.js';
import type { Custom, PollRec } from '../store/model.js';
import { announcePoll, isPollOwner, requirePollOwner } from './poll-access.js';

/** A new poll created by `userId` (a user the server names is created); saved, no event. */
export function createPoll(sandbox: Sandbox, actor: Actor, userId: string, input: Custom): PollRec {
  const { store } = sandbox;
  const poll = newPoll(input, userId, (id) => store.polls.has(id));
  if (actor.server) store.ensureUser(userId);
  store.savePoll(poll);
  return poll;
}

/**
 * Replaces the poll's fields with `input` (owner only, code 17): saves it and sends
 * `poll.updated` unless it only closed, then `poll.closed` when it closed.
 */
export function updatePoll(sandbox: Sandbox, poll: PollRec, actor: Actor, userId: string | null, input: Custom): void {
  requirePollOwner(sandbox, poll, actor, userId, 'UpdatePoll');
  const fields = parsePollFields(input, poll);
  const before = JSON.stringify({ ...pollAsInput(poll), is_closed: undefined });
  const closing = applyPollFields(poll, fields);
  const changed = JSON.stringify({ ...pollAsInput(poll), is_closed: undefined }) !== before;
  sandbox.store.savePoll(poll);
  if (changed || !closing) announcePoll(sandbox, 'poll.updated', poll);
  if (closing) announcePoll(sandbox, 'poll.closed', poll);
}

/** A partial update: the poll's fields with `set` over them and `unset` removed, as updatePoll. */
export function partialUpdatePoll(
  sandbox: Sandbox,
  poll: PollRec,
  actor: Actor,
  userId: string | null,
  change: { set: Custom; unset: string[] },
): void {
  const merged: Custom = { ...pollAsInput(poll), ...change.set };
  for (const key of change.unset) delete merged[key];
  updatePoll(sandbox, poll, actor, userId, merged);
}

/** Deletes the poll (owner only, code 17) after sending `poll.deleted`. */
export function deletePoll(sandbox: Sandbox, poll: PollRec, actor: Actor, userId: string | null): void {
  requirePollOwner(sandbox, poll, actor, userId, 'DeletePoll');
  announcePoll(sandbox, 'poll.deleted', poll);
  sandbox.store.deletePoll(poll.id);
}

function saveAndAnnounce(sandbox: Sandbox, poll: PollRec): void {
  sandbox.store.savePoll(poll);
  announcePoll(sandbox, 'poll.updated', poll);
}

/**
 * Adds an option: the owner always, others only to an open poll that allows suggested options
 * (17, then 4). Saves the poll and sends `poll.updated`.
 */
export function addPollOption(sandbox: Sandbox, poll: PollRec, actor: Actor, userId: string | null, input: Custom) {
  if (!isPollOwner(sandbox, poll, actor, userId)) {
    if (!poll.allow_user_suggested_options) {
      requirePollOwner(sandbox, poll, actor, userId, 'CreatePollOption');
    }
    if (poll.is_closed) throw inputError('the poll is closed: options cannot be suggested');
  }
  const option = addOption(poll, input);
  saveAndAnnounce(sandbox, poll);
  return option;
}

/** Changes an option's text and custom data (owner only, code 17); saves and sends `poll.updated`. */
export function updatePollOption(sandbox: Sandbox, poll: PollRec, actor: Actor, userId: string | null, input: Custom) {
  requirePollOwner(sandbox, poll, actor, userId, 'UpdatePollOption');
  const option = updateOption(poll, input);
  saveAndAnnounce(sandbox, poll);
  return option;
}

/** Removes an option and its votes (owner only, 17; a missing option is 16); saves and sends `poll.updated`. */
export function removePollOption(
  sandbox: Sandbox,
  poll: PollRec,
  actor: Actor,
  userId: string | null,
  optionId: string,
) {
  requirePollOwner(sandbox, poll, actor, userId, 'DeletePollOption');
  if (!findOption(poll, optionId)) throw notFound(`Poll option "${optionId}" does not exist`);
  removeOption(poll, optionId);
  saveAndAnnounce(sandbox, poll);
}
