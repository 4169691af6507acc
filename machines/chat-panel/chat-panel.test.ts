import { describe, it } from 'vitest';
import { machineTest } from '../shared/machine-test';
import { chatPanelMachine, OPEN_DELAY_MS } from './chat-panel.machine';
import { selectIsOpen } from './chat-panel.selectors';

const start = (channelChosen = false) => ({ run: machineTest(chatPanelMachine, { input: { channelChosen } }) });

describe('chat navigation panel', () => {
  it('is open at first and closes at once when a channel is chosen', () => {
    const { run } = start();
    run.expectSelected(selectIsOpen, true).send({ type: 'channel.chosen' }).expectPaths('closed');
  });

  it('starts closed on an address that names a channel, and opens after the delay when asked', () => {
    const { run } = start(true);
    run.expectPaths('closed').send({ type: 'panel.open' }).advance(OPEN_DELAY_MS).expectSelected(selectIsOpen, true);
  });

  it('opens only after the open delay, and closing meanwhile cancels it', () => {
    const { run } = start();
    run
      .send({ type: 'panel.close' })
      .send({ type: 'panel.open' })
      .advance(OPEN_DELAY_MS - 1)
      .expectPaths('opening')
      .expectSelected(selectIsOpen, false)
      .advance(1)
      .expectSelected(selectIsOpen, true);

    run
      .send({ type: 'panel.close' })
      .send({ type: 'panel.open' })
      .send({ type: 'channel.chosen' })
      .advance(OPEN_DELAY_MS * 2)
      .expectPaths('closed');
  });

  it('ignores a second open while opening and a close while closed', () => {
    const { run } = start();
    run
      .send({ type: 'panel.close' })
      .send({ type: 'panel.close' })
      .expectPaths('closed')
      .send({ type: 'panel.open' })
      .send({ type: 'panel.open' })
      .advance(OPEN_DELAY_MS)
      .expectPaths('open');
  });
});
