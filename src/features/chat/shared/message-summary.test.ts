/**
 * The one line every list uses to name a message (issue #27 item 7), in the real English strings:
 * text first, then a poll by its question (carried or looked up by id), a location, a voice
 * message with its length, photos, videos, audio and files by their names, several attachments,
 * a deleted message; and which polls a list still has to fetch.
 */
import i18next from 'i18next';
import { StreamChat, type PollResponse } from 'stream-chat';
import { describe, expect, it } from 'vitest';
import { cachedPollName, summariseMessage, unnamedPollIds, type SummarisableMessage } from './message-summary';

const t = i18next.t.bind(i18next);
const say = (message: SummarisableMessage, pollName?: (id: string) => string | undefined) =>
  summariseMessage(message, t, { pollName });

describe('summariseMessage', () => {
  it('gives the text, on one line, before anything the message carries', () => {
    expect(say({ text: '  Kick-off\n\n  at 10:30 ' })).toBe('Kick-off at 10:30');
    expect(say({ text: 'See the sheet', attachments: [{ type: 'file', title: 'sheet.pdf' }] })).toBe('See the sheet');
    expect(say({ text: 'Vote!', poll_id: 'p1', poll: { name: 'Which kit?' } })).toBe('Vote!');
    // Markup is text like any other: the lists render it as text.
    expect(say({ text: '<b>bold</b>' })).toBe('<b>bold</b>');
    // A list that shows a few lines keeps the text's own line breaks.
    expect(summariseMessage({ text: ' Line one\nLine two ' }, t, { keepLines: true })).toBe('Line one\nLine two');
  });

  it('names a poll by its question: carried, looked up by id, or just "Poll" when nobody knows it', () => {
    expect(say({ text: '', poll_id: 'p1', poll: { name: 'Which  kit\non Sunday?' } })).toBe(
      'Poll: Which kit on Sunday?',
    );
    const lookup = (id: string) => (id === 'p2' ? 'Who drives?' : undefined);
    expect(say({ poll_id: 'p2' }, lookup)).toBe('Poll: Who drives?');
    expect(say({ poll_id: 'p3' }, lookup)).toBe('Poll');
    expect(say({ poll_id: 'p3' })).toBe('Poll');
  });

  it('names a location, a voice message with its length, and a GIF', () => {
    expect(say({ shared_location: { latitude: 52.5, longitude: 13.4 } })).toBe('Location');
    expect(say({ attachments: [{ type: 'voiceRecording', duration: 12.4 }] })).toBe('Voice message (0:12)');
    expect(say({ attachments: [{ type: 'voiceRecording', duration: 75 }] })).toBe('Voice message (1:15)');
    expect(say({ attachments: [{ type: 'voiceRecording' }] })).toBe('Voice message');
    expect(say({ attachments: [{ type: 'giphy', title: 'goal' }] })).toBe('GIF');
  });

  it('names photos, videos, audio and files by their names, and says what they are when unnamed', () => {
    const cases: [SummarisableMessage, string][] = [
      [{ attachments: [{ type: 'image', title: 'lineup.png' }] }, 'Photo: lineup.png'],
      [{ attachments: [{ type: 'image', fallback: 'pitch.jpg' }] }, 'Photo: pitch.jpg'],
      [{ attachments: [{ type: 'image' }] }, 'Photo'],
      [{ attachments: [{ type: 'video', title: 'goal.mp4' }] }, 'Video: goal.mp4'],
      [{ attachments: [{ type: 'video' }] }, 'Video'],
      [{ attachments: [{ type: 'audio', title: 'anthem.mp3' }] }, 'Audio: anthem.mp3'],
      [{ attachments: [{ type: 'audio' }] }, 'Audio'],
      [{ attachments: [{ type: 'file', title: 'fixtures 2026.pdf' }] }, 'fixtures 2026.pdf'],
      [{ attachments: [{ type: 'file' }] }, 'File'],
      [{ attachments: [{ og_scrape_url: 'https://x.example', title: 'League table' }] }, 'League table'],
      [{ attachments: [{ og_scrape_url: 'https://x.example' }] }, 'Link'],
    ];
    for (const [message, expected] of cases) expect(say(message)).toBe(expected);
  });

  it('names the first of several attachments and counts the others', () => {
    const attachments = [
      { type: 'image', title: 'a.png' },
      { type: 'image', title: 'b.png' },
      { type: 'file', title: 'c.pdf' },
    ];
    expect(say({ attachments })).toBe('Photo: a.png (+2)');
  });

  it('says a deleted message is deleted, whatever it held', () => {
    expect(say({ type: 'deleted', text: 'secret', deleted_at: '2026-11-24T10:00:00Z' })).toBe('Message deleted');
    expect(say({ text: 'gone', deleted_at: new Date() })).toBe('Message deleted');
    expect(say({ type: 'deleted', poll_id: 'p1', poll: { name: 'Which kit?' } })).toBe('Message deleted');
  });

  it('says a message with nothing in it is empty', () => {
    expect(say({ text: '   ' })).toBe('Empty message');
    expect(say({ attachments: [] })).toBe('Empty message');
  });
});

describe('poll questions a list does not have', () => {
  it('are the polls of messages without text whose question neither the message nor the lookup gives', () => {
    const lookup = (id: string) => (id === 'known' ? 'Known?' : undefined);
    const messages: SummarisableMessage[] = [
      { poll_id: 'b' },
      { poll_id: 'a' },
      { poll_id: 'a' },
      { poll_id: 'carried', poll: { name: 'Carried?' } },
      { poll_id: 'known' },
      { poll_id: 'texted', text: 'Vote here' },
      { poll_id: 'deleted', type: 'deleted' },
      { text: 'no poll' },
    ];
    expect(unnamedPollIds(messages, lookup)).toEqual(['a', 'b']);
    expect(unnamedPollIds([])).toEqual([]);
  });

  it('can be named from the client’s poll cache', () => {
    const client = new StreamChat('sideline-test');
    const poll = { id: 'cached', name: 'Pizza after?', options: [] } as unknown as PollResponse;
    client.polls.hydratePollCache([{ id: 'm1', poll, poll_id: 'cached' } as never]);
    const lookup = cachedPollName(client);
    expect(lookup('cached')).toBe('Pizza after?');
    expect(lookup('other')).toBeUndefined();
    expect(say({ poll_id: 'cached' }, lookup)).toBe('Poll: Pizza after?');
  });
});
