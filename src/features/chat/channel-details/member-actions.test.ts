/**
 * Which member actions are offered, from the channel's own_capabilities and the member's role and
 * state, and how a refusal is put into words.
 */
import type { Channel, ChannelMemberResponse, StreamChat } from 'stream-chat';
import { describe, expect, it } from 'vitest';
import { actionsFor, reasonOf, rightsIn, roleOf, statusOf } from './member-actions';

const client = (mutedIds: string[] = []) =>
  ({ userID: 'me', mutedUsers: mutedIds.map((id) => ({ target: { id } })) }) as unknown as StreamChat;

const channel = (capabilities: string[], createdBy = 'owner') =>
  ({
    data: { own_capabilities: capabilities, created_by: { id: createdBy } },
    state: { membership: { user_id: 'me' } },
  }) as unknown as Channel;

const member = (id: string, fields: Partial<ChannelMemberResponse> = {}) =>
  ({ user_id: id, user: { id }, channel_role: 'channel_member', ...fields }) as ChannelMemberResponse;

const MODERATOR = ['update-channel', 'update-channel-members', 'ban-channel-members', 'leave-channel'];

describe('member actions', () => {
  it('offers a plain member only a personal mute, and nothing on themselves', () => {
    const plain = channel(['leave-channel']);
    expect(actionsFor(client(), plain, member('jo'))).toEqual(['mute']);
    expect(actionsFor(client(['jo']), plain, member('jo'))).toEqual(['unmute']);
    expect(actionsFor(client(), plain, member('me'))).toEqual([]);
    expect(rightsIn(plain)).toEqual({
      editChannel: false,
      manageMembers: false,
      ban: false,
      changeRoles: false,
      leave: true,
    });
  });

  it('lets the creator remove members but not ban or change roles', () => {
    const own = channel(['update-channel', 'update-channel-members', 'leave-channel'], 'me');
    expect(actionsFor(client(), own, member('jo'))).toEqual(['mute', 'remove']);
  });

  it('offers a moderator roles and bans, following the member’s state, and spares the owner', () => {
    const moderated = channel(MODERATOR);
    expect(actionsFor(client(), moderated, member('jo'))).toEqual(['promote', 'ban', 'shadowBan', 'mute', 'remove']);
    expect(actionsFor(client(), moderated, member('jo', { channel_role: 'channel_moderator' }))[0]).toBe('demote');
    expect(actionsFor(client(), moderated, member('jo', { banned: true }))).toEqual([
      'promote',
      'unban',
      'mute',
      'remove',
    ]);
    expect(actionsFor(client(), moderated, member('jo', { shadow_banned: true }))).toContain('removeShadowBan');
    expect(actionsFor(client(), moderated, member('owner'))).toEqual(['mute']);
  });

  it('names roles: the creator is the owner, moderators by their channel role', () => {
    const any = channel([]);
    expect(roleOf(any, member('owner'))).toBe('owner');
    expect(roleOf(any, member('jo', { channel_role: 'channel_moderator' }))).toBe('moderator');
    expect(roleOf(any, member('jo'))).toBe('member');
  });

  it('keeps the service’s own words of a refusal, and its status', () => {
    const error = Object.assign(
      new Error('StreamChat error code 4: UpdateChannelPartial failed with error: "channel name is too long"'),
      { status: 400 },
    );
    expect(reasonOf(error)).toBe('channel name is too long');
    expect(statusOf(error)).toBe(400);
    expect(reasonOf(new Error('StreamChat error code 17: not allowed'))).toBe('not allowed');
    expect(statusOf(new Error('offline'))).toBe(0);
  });
});
