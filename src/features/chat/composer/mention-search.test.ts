import { describe, expect, it } from 'vitest';
import {
  allowedDistance,
  isUnmuteCommand,
  mentionPool,
  mentionScore,
  prefixDistance,
  searchMentions,
  type MentionCandidate,
} from './mention-search';
import { applySuggestion, matchCommands, triggerAt } from './use-suggestions';

const user = (id: string, name: string): MentionCandidate => ({ id, name, online: false });
const members = [
  user('jordan', 'Jordan Weber'),
  user('jo', 'Jo Park'),
  user('zoe', 'Zoë Martín'),
  user('sam-k', 'Sam Kowalski'),
  user('alex', 'Alex Morgan'),
];

describe('mention search', () => {
  it('measures the distance to the closest beginning of a word', () => {
    expect(prefixDistance('jor', 'jordan')).toBe(0);
    expect(prefixDistance('jrdan', 'jordan')).toBe(1);
    expect(prefixDistance('jrodan', 'jordan')).toBe(2);
    expect(prefixDistance('xyz', 'jordan')).toBe(3);
  });

  it('allows more typos as the query grows, never more than the spec’s 3', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 12].map((n) => allowedDistance('x'.repeat(n)))).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
  });

  it('matches names, their words and ids, ignoring case and accents, typos within the distance', () => {
    expect(mentionScore('web', members[0]!)).toBe(0);
    expect(mentionScore('ZOE', members[2]!)).toBe(0);
    expect(mentionScore('martin', members[2]!)).toBe(0);
    expect(mentionScore('owal', members[3]!)).toBe(1);
    expect(mentionScore('jrodan', members[0]!)).toBe(3);
    expect(mentionScore('qq', members[0]!)).toBeNull();
    expect(mentionScore('jx', members[0]!)).toBeNull();
  });

  it('orders prefix matches first, then by name', () => {
    expect(searchMentions('jo', members).map((u) => u.id)).toEqual(['jo', 'jordan']);
    expect(searchMentions('jrdan', members).map((u) => u.id)).toEqual(['jordan']);
  });

  it('leaves out me and the muted; after /unmute only the muted', () => {
    const muted = [user('alex', 'Alex Morgan'), user('kim', 'Kim Lee')];
    expect(mentionPool(members, muted, 'jordan', false).map((u) => u.id)).toEqual(['jo', 'zoe', 'sam-k']);
    expect(mentionPool(members, muted, 'jordan', true).map((u) => u.id)).toEqual(['alex', 'kim']);
    expect(isUnmuteCommand('/unmute @al')).toBe(true);
    expect(isUnmuteCommand('/unmuted')).toBe(false);
    expect(isUnmuteCommand('hi /unmute')).toBe(false);
  });
});

describe('suggestion triggers', () => {
  it('finds the trigger before the caret, not only at the end of the text', () => {
    expect(triggerAt('hi @jo and more', 6)).toEqual({ trigger: '@', query: 'jo', start: 3, end: 6 });
    expect(triggerAt('/gi', 3)).toEqual({ trigger: '/', query: 'gi', start: 0, end: 3 });
    expect(triggerAt('email a@b', 9)).toBeNull();
    expect(triggerAt('@', 1)).toBeNull();
  });

  it('replaces the query with the pick and puts the caret after it', () => {
    const item = { kind: 'mention' as const, user: members[0]! };
    expect(applySuggestion('hi @jo and more', { start: 3, end: 6 }, item)).toEqual({
      text: 'hi @Jordan Weber and more',
      caret: 17,
    });
    const command = { kind: 'command' as const, command: { name: 'giphy', args: '[text]', description: '' } };
    expect(applySuggestion('/gi', { start: 0, end: 3 }, command)).toEqual({ text: '/giphy ', caret: 7 });
  });

  it('matches commands by their beginning first', () => {
    const commands = ['giphy', 'ban', 'unban', 'mute', 'unmute'].map((name) => ({ name, args: '', description: '' }));
    expect(matchCommands('mu', commands).map((c) => c.name)).toEqual(['mute', 'unmute']);
    expect(matchCommands('ban', commands).map((c) => c.name)).toEqual(['ban', 'unban']);
  });
});
