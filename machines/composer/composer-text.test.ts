/** The composer's text: default text, clear, quote, replies, mentions, editing, triggers and commands. */
import { describe, expect, it } from 'vitest';
import {
  selectActiveTrigger,
  selectCommand,
  selectIsCoolingDown,
  selectEditing,
  selectIsEditing,
  selectPreviews,
  selectQuoted,
  selectShowInChannel,
  selectText,
  selectUploads,
} from './composer.selectors';
import { attachmentFor, start } from './composer.fixtures';

describe('composer: text, default text, clear, quote', () => {
  it('pre-fills empty text with the default text, and clear brings it back and drops the quote', () => {
    const { run, type } = start({ defaultText: 'Go team!' });
    run.expectSelected(selectText, 'Go team!');
    type('Kick-off at 8');
    run
      .send({ type: 'composer.quote', message: { id: 'm1', text: 'When?' } })
      .expectSelected(selectQuoted, { id: 'm1', text: 'When?' })
      .send({ type: 'composer.clear' })
      .expectSelected(selectText, 'Go team!')
      .expectSelected(selectQuoted, null);
  });

  it('sends the quote, and unquote drops it', () => {
    const { run, emitted, type } = start();
    run.send({ type: 'composer.quote', message: { id: 'm1' } });
    type('Yes');
    run.send({ type: 'composer.submit' });
    expect(emitted[0]!.message).toEqual({ id: 'id-1', text: 'Yes', quoted_message_id: 'm1' });
    run.send({ type: 'composer.quote', message: { id: 'm2' } }).send({ type: 'composer.unquote' });
    type('No');
    run.send({ type: 'composer.submit' });
    expect(emitted[1]!.message).toEqual({ id: 'id-2', text: 'No' });
  });

  it('after sending, resets the composition, keeping the default text', () => {
    const { run, emitted, type } = start({ defaultText: 'Hi' });
    type('Hi all');
    run.send({ type: 'composer.submit' });
    expect(emitted).toHaveLength(1);
    expect(emitted[0]).toMatchObject({ type: 'composer.sent', message: { text: 'Hi all' }, skipEnrichUrl: false });
    run.expectSelected(selectText, 'Hi');
  });

  it('puts the thread parent on replies', () => {
    const { run, emitted, type } = start({ threadId: 'parent-1' });
    type('reply');
    run.send({ type: 'composer.submit' });
    expect(emitted[0]!.message).toEqual({ id: 'id-1', text: 'reply', parent_id: 'parent-1' });
  });

  it('also sends a reply to the channel when asked, for that reply only', () => {
    const { run, emitted, type } = start({ threadId: 'parent-1' });
    run.send({ type: 'composer.showInChannel', value: true }).expectSelected(selectShowInChannel, true);
    type('for everyone');
    run.send({ type: 'composer.submit' });
    expect(emitted[0]!.message).toEqual({
      id: 'id-1',
      text: 'for everyone',
      parent_id: 'parent-1',
      show_in_channel: true,
    });
    run.expectSelected(selectShowInChannel, false);
    type('thread only');
    run.send({ type: 'composer.submit' });
    expect(emitted[1]!.message).toEqual({ id: 'id-2', text: 'thread only', parent_id: 'parent-1' });
  });

  it('has no "also send to channel" outside a thread', () => {
    const { run, emitted, type } = start();
    run.send({ type: 'composer.showInChannel', value: true }).expectSelected(selectShowInChannel, false);
    type('hello');
    run.send({ type: 'composer.submit' });
    expect(emitted[0]!.message).toEqual({ id: 'id-1', text: 'hello' });
  });
});

describe('composer: mentions', () => {
  it('keeps a mention only if the text still contains @id or @name', () => {
    const { run, emitted, type } = start();
    run
      .send({ type: 'composer.mention', user: { id: 'bob', name: 'Bob Brown' } })
      .send({ type: 'composer.mention', user: { id: 'carl', name: 'Carl' } })
      .send({ type: 'composer.mention', user: { id: 'dana', name: 'Dana' } })
      .send({ type: 'composer.mention', user: { id: 'bob', name: 'Bob Brown' } });
    type('@Bob Brown and @dana, see you');
    run.send({ type: 'composer.submit' });
    expect(emitted[0]!.message.mentioned_users).toEqual(['bob', 'dana']);
  });
});

describe('composer: edit', () => {
  it('restores the message content, cuts the text to the maximum length and emits composer.edited', () => {
    const { run, snap, emitted } = start({ maxLength: 10 });
    const message = {
      id: 'm9',
      text: 'A long message text',
      attachments: [attachmentFor('a.png'), { og_scrape_url: 'https://x.test', title: 'X' }],
      mentioned_users: [{ id: 'bob', name: 'Bob' }],
      quoted_message: { id: 'm1', text: 'quoted' },
    };
    run.send({ type: 'composer.edit', message }).expectSelected(selectIsEditing, true);
    expect(selectEditing(snap())).toBe(message);
    run.expectSelected(selectText, 'A long mes');
    expect(selectUploads(snap())).toEqual([
      { localId: 'id-1', file: null, status: 'finished', progress: 100, attachment: attachmentFor('a.png') },
    ]);
    expect(selectPreviews(snap())).toEqual([
      { url: 'https://x.test', status: 'loaded', preview: { og_scrape_url: 'https://x.test', title: 'X' } },
    ]);
    run
      .expectSelected(selectQuoted, { id: 'm1', text: 'quoted' })
      .send({ type: 'composer.type', text: '@bob done', urls: ['https://x.test'] })
      .send({ type: 'composer.submit' });
    expect(emitted).toEqual([
      {
        type: 'composer.edited',
        message: {
          id: 'm9',
          text: '@bob done',
          mentioned_users: ['bob'],
          quoted_message_id: 'm1',
          attachments: [attachmentFor('a.png'), { og_scrape_url: 'https://x.test', title: 'X' }],
        },
        skipEnrichUrl: true,
      },
    ]);
    run.expectSelected(selectIsEditing, false).expectSelected(selectText, '');
  });

  it('cancel and clear leave editing with an empty composer; edits are not slowed down', () => {
    const { run, emitted } = start({ cooldownSeconds: 30 });
    run
      .send({ type: 'composer.edit', message: { id: 'm1', text: 'old' } })
      .send({ type: 'composer.cancelEdit' })
      .expectSelected(selectIsEditing, false)
      .expectSelected(selectText, '')
      .send({ type: 'composer.edit', message: { id: 'm1', text: 'old' } })
      .send({ type: 'composer.clear' })
      .expectSelected(selectIsEditing, false)
      .send({ type: 'composer.edit', message: { id: 'm1', text: 'old' } })
      .send({ type: 'composer.submit' });
    expect(emitted[0]).toMatchObject({ type: 'composer.edited', message: { id: 'm1', text: 'old' } });
    run.expectSelected(selectIsCoolingDown, false);
  });
});

describe('composer: triggers and commands', () => {
  it('needs at least one character after @ or /', () => {
    const { run, type } = start({ commands: ['giphy'] });
    type('@');
    run.expectSelected(selectActiveTrigger, null);
    type('hi @bo');
    run.expectSelected(selectActiveTrigger, { trigger: '@', query: 'bo' });
    type('/');
    run.expectSelected(selectActiveTrigger, null);
    type('/gi');
    run.expectSelected(selectActiveTrigger, { trigger: '/', query: 'gi' }).expectSelected(selectCommand, null);
    type('/giphy cats');
    run.expectSelected(selectActiveTrigger, null).expectSelected(selectCommand, 'giphy');
    type('/unknown cats');
    run.expectSelected(selectCommand, null);
  });
});
