/** The chat navigation panel's path model, the open delay included, opened on /chat and on a channel's address. */
import type { AnyEventObject } from 'xstate';
import { ownEventTypes, type PathModel } from '../shared/path-coverage';
import { chatPanelMachine } from './chat-panel.machine';
import { selectIsOpen } from './chat-panel.selectors';

export const pathModel: PathModel = {
  name: 'chat-panel',
  machine: chatPanelMachine,
  inputs: [{ channelChosen: false }, { channelChosen: true }],
  events: (snapshot) => ownEventTypes(snapshot).map((type): AnyEventObject => ({ type })),
  // Open only once the delay has run (or at start on /chat); closing and choosing close at once.
  outcomes: {
    open: ({ snapshot }) => ({ actual: selectIsOpen(snapshot), expected: true }),
    opening: ({ snapshot, event }) => ({
      actual: [selectIsOpen(snapshot), event?.type],
      expected: [false, 'panel.open'],
    }),
    closed: ({ snapshot }) => ({ actual: selectIsOpen(snapshot), expected: false }),
  },
};
