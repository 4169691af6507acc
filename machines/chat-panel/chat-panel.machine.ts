/**
 * The chat's navigation panel on narrow screens (spec section 2): the channel list is a panel
 * over the conversation that is open at first, opens after a short delay (`openDelay`, 100 ms)
 * and closes at once; choosing a channel closes it. Wide screens show the list beside the
 * conversation and ignore this machine's state.
 */
import { setup } from 'xstate';
import type { ChatPanelEvent } from './chat-panel.types';

export const OPEN_DELAY_MS = 100;

export const chatPanelMachine = setup({
  types: { events: {} as ChatPanelEvent },
  delays: { openDelay: OPEN_DELAY_MS },
}).createMachine({
  id: 'chatPanel',
  initial: 'open',
  states: {
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
