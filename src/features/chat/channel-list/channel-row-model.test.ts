/**
 * What a channel row shows, from real `stream-chat` Channels held by an unconnected client:
 * previews for text and non-text messages, times in the member's locale, sections and their
 * order, and the switcher's fuzzy ranking and the Alt+arrow steps.
 */
import { de } from 'date-fns/locale/de';
import { enUS } from 'date-fns/locale/en-US';
import i18next from 'i18next';
import { StreamChat, type MessageResponse } from 'stream-chat';
import { describe, expect, it } from 'vitest';
import { groupIntoSections, previewOf, sectionOf, timeLabel, unreadOf } from './channel-row-model';
import { fuzzyScore } from './fuzzy';
import { stepTo } from './use-shortcuts';

const t = i18next.t.bind(i18next);
// A client that is not connected: it holds channels and their state like a connected one does.
const client = new StreamChat('sideline-test');
client.userID = 'alex';
let serial = 0;

function channelWith(
  type: 'team' | 'messaging',
  members: { id: string; name: string }[],
  data: Record<string, unknown> = {},
) {
  const channel = client.channel(type, `c${++serial}`, data);
  channel.state.members = Object.fromEntries(members.map((user) => [user.id, { user }]));
  return channel;
}

function post(channel: ReturnType<typeof channelWith>, message: Partial<MessageResponse>, at = '2026-11-24T10:00:00Z') {
  channel.state.addMessagesSorted([
    { id: `m${++serial}`, type: 'regular', text: '', created_at: at, updated_at: at, ...message },
  ]);
  return channel;
}

const alex = { id: 'alex', name: 'Alex Morgan' };
const jordan = { id: 'jordan', name: 'Jordan Weber' };
const sam = { id: 'sam', name: 'Sam Okafor' };

describe('channel row previews', () => {
  it('says "You:" for mine, the author in groups, nothing in a two-person conversation', () => {
    const group = channelWith('team', [alex, jordan, sam], { name: 'Match day' });
    expect(previewOf(group, 'alex', t).text).toBe('No messages yet');
    post(group, { text: 'Kick-off\n  at 10:30', user: jordan });
    expect(previewOf(group, 'alex', t)).toEqual({
      text: 'Jordan Weber: Kick-off at 10:30',
      at: new Date('2026-11-24T10:00:00Z'),
    });
    post(group, { text: 'On my way', user: alex }, '2026-11-24T10:05:00Z');
    expect(previewOf(group, 'alex', t).text).toBe('You: On my way');
    post(group, { text: 'Alex joined', type: 'system' }, '2026-11-24T10:06:00Z');
    expect(previewOf(group, 'alex', t).text).toBe('Alex joined');

    const direct = post(channelWith('messaging', [alex, jordan]), { text: 'Sunday works', user: jordan });
    expect(previewOf(direct, 'alex', t).text).toBe('Sunday works');
  });

  it('does not preview what only I can see: a command answer or a refused message', () => {
    const group = post(channelWith('team', [alex, jordan, sam], { name: 'Referees' }), {
      text: 'Desk is open',
      user: jordan,
    });
    post(group, { text: 'User Jordan Weber has been banned', type: 'ephemeral', user: alex }, '2026-11-24T10:05:00Z');
    post(group, { text: 'Message was blocked', type: 'error', user: alex }, '2026-11-24T10:06:00Z');
    expect(previewOf(group, 'alex', t).text).toBe('Jordan Weber: Desk is open');
    expect(
      previewOf(post(channelWith('team', [alex]), { text: 'x', type: 'ephemeral', user: alex }), 'alex', t).text,
    ).toBe('No messages yet');
  });

  // The rules live in shared/message-summary.ts (its tests); the row uses them as every list does.
  it('names what a message without text holds', () => {
    const group = channelWith('team', [alex, jordan, sam], { name: 'Kit' });
    const cases: [Partial<MessageResponse>, string][] = [
      [{ attachments: [{ type: 'image', image_url: 'https://x.example/a.png' }] }, 'Photo'],
      [{ attachments: [{ type: 'voiceRecording', asset_url: 'https://x.example/a.ogg' }] }, 'Voice message'],
      [{ attachments: [{ type: 'video' }] }, 'Video'],
      [{ attachments: [{ type: 'file', title: 'lineup.pdf' }] }, 'lineup.pdf'],
      [{ attachments: [{ type: 'file' }] }, 'File'],
      [{ attachments: [{ type: 'giphy' }] }, 'GIF'],
      [{ poll: { name: 'Which  kit?' } as MessageResponse['poll'] }, 'Poll: Which kit?'],
      [{ shared_location: { latitude: 1, longitude: 2 } as MessageResponse['shared_location'] }, 'Location'],
      [{ type: 'deleted', text: 'gone', deleted_at: '2026-11-24T10:00:00Z' }, 'Message deleted'],
    ];
    cases.forEach(([message, text], i) => {
      post(group, { user: sam, ...message }, `2026-11-24T11:0${i}:00Z`);
      expect(previewOf(group, 'alex', t).text).toBe(`Sam Okafor: ${text}`);
    });
  });

  it('shows the time today, the weekday this week, else the date, in the member’s locale', () => {
    const now = new Date(2026, 10, 24, 18, 0);
    expect(timeLabel(new Date(2026, 10, 24, 9, 5), now, enUS)).toBe('9:05 AM');
    expect(timeLabel(new Date(2026, 10, 24, 9, 5), now, de)).toBe('09:05');
    expect(timeLabel(new Date(2026, 10, 22, 9, 5), now, enUS)).toBe('Sunday');
    expect(timeLabel(new Date(2026, 10, 22, 9, 5), now, de)).toBe('Sonntag');
    expect(timeLabel(new Date(2026, 10, 17, 9, 5), now, enUS)).toBe('11/17/2026');
    expect(timeLabel(new Date(2026, 10, 17, 9, 5), now, de)).toBe('17.11.2026');
  });

  it('counts unread messages, and for a muted channel only says something is new', () => {
    const group = channelWith('team', [alex, jordan], { name: 'Banter' });
    post(group, { text: 'hi', user: jordan });
    group.state.unreadCount = 2;
    expect(unreadOf(client, group, 'alex')).toEqual({ count: 2, hasUnread: true });
    group.state.unreadCount = 0;
    expect(unreadOf(client, group, 'alex')).toEqual({ count: 0, hasUnread: false });
    client.mutedChannels = [{ channel: { cid: group.cid } } as (typeof client.mutedChannels)[number]];
    expect(unreadOf(client, group, 'alex')).toEqual({ count: 0, hasUnread: true });
    // Muted after messages were counted: still a dot, never the count.
    group.state.unreadCount = 3;
    expect(unreadOf(client, group, 'alex')).toEqual({ count: 0, hasUnread: true });
    group.state.unreadCount = 0;
    group.state.read = { alex: { last_read: new Date('2026-11-25T00:00:00Z'), user: alex, unread_messages: 0 } };
    expect(unreadOf(client, group, 'alex')).toEqual({ count: 0, hasUnread: false });
    client.mutedChannels = [];
  });
});

describe('channel sections', () => {
  it('puts pinned, team channels, direct messages and archived apart, newest activity first', () => {
    const older = post(
      channelWith('team', [alex], { name: 'Older' }),
      { text: 'a', user: alex },
      '2026-11-20T10:00:00Z',
    );
    const newer = post(
      channelWith('team', [alex], { name: 'Newer' }),
      { text: 'b', user: alex },
      '2026-11-23T10:00:00Z',
    );
    const direct = post(channelWith('messaging', [alex, jordan]), { text: 'c', user: jordan }, '2026-11-21T10:00:00Z');
    const pinned = post(channelWith('messaging', [alex, sam]), { text: 'd', user: sam }, '2026-11-01T10:00:00Z');
    pinned.state.membership = { user: alex, pinned_at: '2026-11-02T10:00:00Z' };
    const archived = post(
      channelWith('team', [alex], { name: 'Old' }),
      { text: 'e', user: alex },
      '2026-11-24T10:00:00Z',
    );
    archived.state.membership = { user: alex, archived_at: '2026-11-24T11:00:00Z', pinned_at: '2026-11-24T11:00:00Z' };
    expect(sectionOf(archived)).toBe('archived');
    expect(
      groupIntoSections([older, direct, archived, newer, pinned]).map((s) => [s.key, s.channels.map((c) => c.cid)]),
    ).toEqual([
      ['pinned', [pinned.cid]],
      ['channels', [newer.cid, older.cid]],
      ['direct', [direct.cid]],
      ['archived', [archived.cid]],
    ]);
  });
});

describe('switcher ranking and Alt+arrow steps', () => {
  it('matches letters in order, word starts and runs first, accents and case aside', () => {
    expect(fuzzyScore('md', 'Match day')).not.toBeNull();
    expect(fuzzyScore('xyz', 'Match day')).toBeNull();
    expect(fuzzyScore('cafe', 'Café crew')).not.toBeNull();
    expect(fuzzyScore('md', 'Match day')!).toBeGreaterThan(fuzzyScore('md', 'Commanders')!);
    expect(fuzzyScore('gen', 'League general')!).toBeGreaterThan(fuzzyScore('gen', 'Vengeance')!);
    expect(fuzzyScore('', 'Anything')).toBe(0);
  });

  it('steps to the neighbour, and to the next unread one round the end', () => {
    const order = ['a', 'b', 'c', 'd'];
    const unread = new Set(['b', 'd']);
    const targets = (activeCid: string | null) => ({ order, activeCid, isUnread: (cid: string) => unread.has(cid) });
    expect(stepTo(targets(null), true, false)).toBe('a');
    expect(stepTo(targets(null), false, false)).toBe('d');
    expect(stepTo(targets('b'), true, false)).toBe('c');
    expect(stepTo(targets('d'), true, false)).toBeNull();
    expect(stepTo(targets('a'), false, false)).toBeNull();
    expect(stepTo(targets('b'), true, true)).toBe('d');
    expect(stepTo(targets('d'), true, true)).toBe('b');
    expect(stepTo(targets('c'), false, true)).toBe('b');
    expect(stepTo(targets('b'), false, true)).toBe('d');
    expect(stepTo(targets(null), true, true)).toBe('b');
    expect(stepTo({ order: [], activeCid: null, isUnread: () => true }, true, true)).toBeNull();
    unread.clear();
    expect(stepTo(targets('a'), true, true)).toBeNull();
  });
});
