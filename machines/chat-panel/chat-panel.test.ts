import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { chatPanelMachine, OPEN_DELAY_MS } from './chat-panel.machine';
import { selectIsOpen, selectPanelState } from './chat-panel.selectors';

function start() {
  const clock = new SimulatedClock();
  const actor = createActor(chatPanelMachine, { clock, input: { channelChosen: false } }).start();
  return { actor, clock };
}

describe('chat navigation panel', () => {
  it('is open at first and closes at once when a channel is chosen', () => {
    const { actor } = start();
    expect(selectIsOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'channel.chosen' });
    expect(selectPanelState(actor.getSnapshot())).toBe('closed');
  });

  it('starts closed on an address that names a channel, and opens after the delay when asked', () => {
    const clock = new SimulatedClock();
    const actor = createActor(chatPanelMachine, { clock, input: { channelChosen: true } }).start();
    expect(selectPanelState(actor.getSnapshot())).toBe('closed');
    actor.send({ type: 'panel.open' });
    clock.increment(OPEN_DELAY_MS);
    expect(selectIsOpen(actor.getSnapshot())).toBe(true);
  });

  it('opens only after the open delay, and closing meanwhile cancels it', () => {
    const { actor, clock } = start();
    actor.send({ type: 'panel.close' });
    actor.send({ type: 'panel.open' });
    clock.increment(OPEN_DELAY_MS - 1);
    expect(selectPanelState(actor.getSnapshot())).toBe('opening');
    expect(selectIsOpen(actor.getSnapshot())).toBe(false);
    clock.increment(1);
    expect(selectIsOpen(actor.getSnapshot())).toBe(true);

    actor.send({ type: 'panel.close' });
    actor.send({ type: 'panel.open' });
    actor.send({ type: 'channel.chosen' });
    clock.increment(OPEN_DELAY_MS * 2);
    expect(selectPanelState(actor.getSnapshot())).toBe('closed');
  });

  it('ignores a second open while opening and a close while closed', () => {
    const { actor, clock } = start();
    actor.send({ type: 'panel.close' });
    actor.send({ type: 'panel.close' });
    expect(selectPanelState(actor.getSnapshot())).toBe('closed');
    actor.send({ type: 'panel.open' });
    actor.send({ type: 'panel.open' });
    clock.increment(OPEN_DELAY_MS);
    expect(selectPanelState(actor.getSnapshot())).toBe('open');
  });
});
