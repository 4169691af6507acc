/**
 * The chat's navigation panel on narrow screens (spec section 2): the channel list is a panel
 * over the conversation that is open at first, opens after a short delay (`openDelay`, 100 ms)
 * and closes at once; choosing a channel closes it. A chat address that names a channel is that
 * choice made already: the panel starts closed (`input.channelChosen`). Wide screens show the list
 * beside the conversation and ignore this machine's state.
 */
import { setup } from 'xstate';
import type { ChatPanelContext, ChatPanelEvent, ChatPanelInput } from './chat-panel.types';

export const OPEN_DELAY_MS = 100;

export const chatPanelMachine = setup({
  types: { events: {} as ChatPanelEvent, input: {} as ChatPanelInput, context: {} as ChatPanelContext },
  delays: { openDelay: OPEN_DELAY_MS },
  guards: { channelChosen: ({ context }) => context.channelChosen },
}).createMachine({
  id: 'chatPanel',
  context: ({ input }) => ({ channelChosen: input.channelChosen }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'channelChosen', target: 'closed' }, { target: 'open' }],
    },
    open: {
      on: { 'panel.close': 'closed', 'channel.chosen': 'closed' },
    },
    opening: {
      after: { openDelay: 'open' },
      on: { 'panel.close': 'closed', 'channel.chosen': 'closed' },
    },
    closed: {
      on: { 'panel.open': 'opening' },
    },
  },
});

export type ChatPanelMachine = typeof chatPanelMachine;
