/** The composer's timing: slow mode and typing events. */
import { describe, expect, it } from 'vitest';
import { COOLDOWN_GRACE_MS, COOLDOWN_TICK_MS, TYPING_IDLE_MS, TYPING_THROTTLE_MS } from './composer.machine';
import { selectErrorKey, selectSendBlockedReason } from './composer.selectors';
import { start } from './composer.fixtures';

describe('composer: slow mode', () => {
  it('after sending, cools down for N seconds, counting down each second; sending meanwhile is refused', () => {
    const { run, emitted, type, remaining } = start({ cooldownSeconds: 3 });
    type('one');
    run.send({ type: 'composer.submit' });
    run.expectPaths('composition.composing', 'poll.closed', 'cooldown.coolingDown');
    expect(remaining()).toBe(3);
    type('two');
    run
      .expectSelected(selectSendBlockedReason, 'coolingDown')
      .send({ type: 'composer.submit' })
      .expectSelected(selectErrorKey, { key: 'chat.composer.coolingDown' })
      .advance(COOLDOWN_TICK_MS);
    expect(remaining()).toBe(2);
    run.advance(COOLDOWN_TICK_MS);
    expect(remaining()).toBe(1);
    // The last second lasts until the service's own clock has surely let go too.
    run.advance(COOLDOWN_TICK_MS).expectSelected(selectSendBlockedReason, 'coolingDown');
    expect(remaining()).toBe(1);
    run.advance(COOLDOWN_GRACE_MS - 1);
    run.expectPaths('composition.composing', 'poll.closed', 'cooldown.coolingDown');
    run.advance(1);
    expect(remaining()).toBe(0);
    run.expectPaths('composition.composing', 'poll.closed', 'cooldown.ready');
    run.send({ type: 'composer.submit' });
    expect(emitted.map((e) => e.message.text)).toEqual(['one', 'two']);
  });

  it('does not apply to a member with skip-slow-mode', () => {
    const { run, type } = start({ cooldownSeconds: 3, cooldownExempt: true });
    type('one');
    run.send({ type: 'composer.submit' });
    run.expectPaths('composition.composing', 'poll.closed', 'cooldown.ready');
  });
});

describe('composer: typing events', () => {
  it('sends typing.start at most every 2 s while typing, and typing.stop after 1 s idle', async () => {
    const { run, calls, type } = start({ threadId: 't1' });
    type('h');
    await run.settle();
    expect(calls.startTyping).toEqual([{ parentId: 't1' }]);
    for (let t = 500; t <= 4500; t += 500) {
      run.advance(500);
      type(`h${t}`);
    }
    await run.settle();
    // Starts at 0, 2000 and 4000 ms; never a stop while keystrokes come every 500 ms.
    expect(calls.startTyping).toHaveLength(3);
    expect(calls.stopTyping).toHaveLength(0);
    run.advance(TYPING_IDLE_MS - 1);
    await run.settle();
    expect(calls.stopTyping).toHaveLength(0);
    run.advance(1);
    await run.settle();
    expect(calls.stopTyping).toEqual([{ parentId: 't1' }]);
    // After a stop the next keystroke announces at once.
    type('again');
    await run.settle();
    expect(calls.startTyping).toHaveLength(4);
  });

  it('exactly 2 s: a keystroke 1999 ms after the start does not announce, one at 2000 ms does', async () => {
    const { run, calls, type } = start();
    type('a');
    run.advance(900);
    type('ab');
    run.advance(900);
    type('abc');
    run.advance(199);
    type('abcd');
    await run.settle();
    expect(calls.startTyping).toHaveLength(1);
    run.advance(1);
    type('abcde');
    await run.settle();
    expect(calls.startTyping).toHaveLength(2);
    expect(TYPING_THROTTLE_MS).toBe(2000);
  });

  it('stops when the text is emptied or the message sent; nothing when typing events are off', async () => {
    const { run, calls, type } = start();
    type('a');
    type('');
    await run.settle();
    expect(calls.stopTyping).toHaveLength(1);
    type('b');
    run.send({ type: 'composer.submit' });
    await run.settle();
    expect(calls.stopTyping).toHaveLength(2);
    const off = start({ typingEvents: false });
    off.type('a');
    off.run.advance(5000);
    await run.settle();
    expect(off.calls.startTyping).toEqual([]);
    expect(off.calls.stopTyping).toEqual([]);
  });
});
