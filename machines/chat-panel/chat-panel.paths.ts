/** The chat navigation panel's path model, the open delay included, opened on /chat and on a channel's address. */
import type { AnyEventObject } from 'xstate';
import { ownEventTypes, type PathModel } from '../shared/path-coverage';
import { chatPanelMachine } from './chat-panel.machine';

export const pathModel: PathModel = {
  name: 'chat-panel',
  machine: chatPanelMachine,
  inputs: [{ channelChosen: false }, { channelChosen: true }],
  events: (snapshot) => ownEventTypes(snapshot).map((type): AnyEventObject => ({ type })),
};
