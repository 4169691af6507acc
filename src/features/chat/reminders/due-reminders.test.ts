/**
 * A due reminder's notice names its message as every list does (shared/message-summary.ts): a poll
 * by its question, a photo by its name, long text cut to NOTICE_TEXT_MAX characters.
 */
import { StreamChat, type MessageResponse } from 'stream-chat';
import { describe, expect, it } from 'vitest';
import { NOTICE_TEXT_MAX, noticeFor } from './due-reminders';

const client = new StreamChat('sideline-test');
const notice = (message: Partial<MessageResponse>) =>
  noticeFor(client, {
    messageId: 'm1',
    remindAt: '2026-11-28T12:00:00.000Z',
    cid: 'team:general',
    message: { type: 'regular', ...message },
  });

describe('a due notice', () => {
  it('names a poll by its question and a photo by its name', () => {
    expect(
      notice({ text: '', poll_id: 'p1', poll: { name: 'Which kit on Sunday?' } as MessageResponse['poll'] }).text,
    ).toBe('Poll: Which kit on Sunday?');
    expect(notice({ text: '', attachments: [{ type: 'image', title: 'lineup.png' }] }).text).toBe('Photo: lineup.png');
  });

  it('cuts long text to its excerpt length and goes to the message in its channel', () => {
    const long = notice({ text: 'Bring the nets. '.repeat(20) });
    expect(long.text).toHaveLength(NOTICE_TEXT_MAX);
    expect(long.text!.endsWith('…')).toBe(true);
    expect(long.to).toBe('/chat/team/general?message=m1');
  });
});
