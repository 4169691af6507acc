/** The pure rules behind message actions: who may do what, reaction types, placement. */
import type { LocalMessage } from 'stream-chat';
import { describe, expect, it } from 'vitest';
import { placeNear } from '../shared/emoji-picker/anchored-position';
import { accentTriple } from '../shared/emoji-picker/picker-accessibility';
import { availableActions, isActionable } from './permissions';
import { knownEmoji, reactionTypeForPick } from './reaction-types';
import { reactionSummaries } from './ReactionList';

const MEMBER = [
  'delete-own-message',
  'flag-message',
  'pin-message',
  'quote-message',
  'read-events',
  'send-reaction',
  'send-reply',
  'update-own-message',
];
const message = (fields: Partial<LocalMessage> = {}): LocalMessage => ({
  id: 'm1',
  text: 'hello',
  type: 'regular',
  status: 'received',
  user: { id: 'bob', name: 'Bob' },
  created_at: new Date(),
  updated_at: new Date(),
  deleted_at: null,
  pinned_at: null,
  ...fields,
});
const as = (userId: string, capabilities = MEMBER, config?: Record<string, boolean>) => ({
  userId,
  capabilities: new Set(capabilities),
  config,
});

describe('isActionable', () => {
  it('is false for deleted, system, error, ephemeral, unsent and outbox messages', () => {
    expect(isActionable(message(), false)).toBe(true);
    expect(isActionable(message(), true)).toBe(false);
    expect(isActionable(message({ type: 'deleted' }), false)).toBe(false);
    expect(isActionable(message({ deleted_at: new Date() }), false)).toBe(false);
    for (const type of ['system', 'error', 'ephemeral'] as const)
      expect(isActionable(message({ type }), false)).toBe(false);
    for (const status of ['sending', 'failed']) expect(isActionable(message({ status }), false)).toBe(false);
  });
});

describe('availableActions', () => {
  it("gives a member edit and delete on their own message, flag and mark unread on others'", () => {
    expect(availableActions(message(), as('alice'))).toEqual({
      react: true,
      reply: true,
      quote: true,
      edit: false,
      delete: false,
      pin: true,
      unpin: false,
      flag: true,
      markUnread: true,
      copyLink: true,
    });
    expect(availableActions(message(), as('bob'))).toMatchObject({
      edit: true,
      delete: true,
      flag: false,
      markUnread: false,
    });
  });

  it('gives moderators edit and delete on any message', () => {
    const moderator = as('mo', [...MEMBER, 'update-any-message', 'delete-any-message']);
    expect(availableActions(message(), moderator)).toMatchObject({ edit: true, delete: true });
  });

  it('offers unpin instead of pin on a pinned message, and neither without pin-message', () => {
    expect(availableActions(message({ pinned: true }), as('alice'))).toMatchObject({ pin: false, unpin: true });
    const noPin = as(
      'alice',
      MEMBER.filter((c) => c !== 'pin-message'),
    );
    expect(availableActions(message({ pinned: true }), noPin)).toMatchObject({ pin: false, unpin: false });
  });

  it('follows the channel config and leaves thread-only replies out of mark unread and links', () => {
    const off = as('alice', MEMBER, { reactions: false, quotes: false, read_events: false });
    expect(availableActions(message(), off)).toMatchObject({ react: false, quote: false, markUnread: false });
    expect(availableActions(message({ parent_id: 'p' }), as('alice'))).toMatchObject({
      reply: false,
      markUnread: false,
      copyLink: false,
    });
    const noReplies = as('alice', MEMBER, { replies: false });
    expect(availableActions(message(), noReplies)).toMatchObject({ reply: false });
    expect(
      availableActions(
        message(),
        as(
          'alice',
          MEMBER.filter((c) => c !== 'send-reply'),
        ),
      ),
    ).toMatchObject({
      reply: false,
    });
    expect(availableActions(message({ parent_id: 'p', show_in_channel: true }), as('alice'))).toMatchObject({
      markUnread: true,
      copyLink: true,
    });
  });

  it('offers nothing but the link to a viewer without capabilities', () => {
    const actions = availableActions(message(), as('viewer', ['read-events'], { read_events: false }));
    expect(Object.entries(actions).filter(([, on]) => on)).toEqual([['copyLink', true]]);
  });
});

describe('reaction types', () => {
  it("maps the picker's ids of the default emoji to the default types", () => {
    expect(reactionTypeForPick('+1')).toBe('like');
    expect(reactionTypeForPick('heart')).toBe('love');
    expect(reactionTypeForPick('joy')).toBe('haha');
    expect(reactionTypeForPick('fire')).toBe('fire');
    expect(reactionTypeForPick('x'.repeat(31))).toBeNull();
  });

  it('knows the defaults and any type carrying its emoji_code', () => {
    expect(knownEmoji('like')).toBe('👍');
    expect(knownEmoji('tada')).toBeNull();
    expect(knownEmoji('tada', [{ type: 'tada', emoji_code: '🎉' } as never])).toBe('🎉');
    expect(knownEmoji('tada', [{ type: 'fire', emoji_code: '🔥' } as never])).toBeNull();
  });

  it('lists reaction groups in the order they were first used, without empty ones', () => {
    const summaries = reactionSummaries(
      message({
        reaction_groups: {
          love: { count: 2, sum_scores: 2, first_reaction_at: '2026-01-02T00:00:00Z', last_reaction_at: '' },
          like: { count: 1, sum_scores: 1, first_reaction_at: '2026-01-01T00:00:00Z', last_reaction_at: '' },
          sad: { count: 0, sum_scores: 0, first_reaction_at: '2026-01-03T00:00:00Z', last_reaction_at: '' },
        },
      }),
    );
    expect(summaries.map((s) => [s.type, s.count])).toEqual([
      ['like', 1],
      ['love', 2],
    ]);
  });
});

describe('placeNear', () => {
  const viewport = { width: 390, height: 844 };
  const size = { width: 200, height: 300 };
  it('puts it below the control, right edges aligned', () => {
    expect(placeNear({ top: 100, bottom: 132, left: 300, right: 340 }, size, viewport)).toEqual({
      top: 136,
      left: 140,
    });
  });
  it('flips above when there is no room below, and stays inside the screen', () => {
    expect(placeNear({ top: 700, bottom: 732, left: 20, right: 60 }, size, viewport)).toEqual({ top: 396, left: 20 });
    expect(placeNear({ top: 100, bottom: 132, left: 0, right: 10 }, { width: 500, height: 300 }, viewport).left).toBe(
      8,
    );
  });
  it('prefers above when asked and there is room', () => {
    expect(placeNear({ top: 700, bottom: 732, left: 300, right: 340 }, size, viewport, 'above').top).toBe(396);
    expect(placeNear({ top: 100, bottom: 132, left: 300, right: 340 }, size, viewport, 'above').top).toBe(136);
  });
});

it('turns the league red into the picker accent', () => {
  expect(accentTriple(' #b71c1c')).toBe('183, 28, 28');
  expect(accentTriple('red')).toBeNull();
});
