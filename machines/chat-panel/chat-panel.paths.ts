/** The chat navigation panel's path model. */
import type { PathModel } from '../shared/path-coverage';
import { chatPanelMachine } from './chat-panel.machine';

export const pathModel: PathModel = {
  name: 'chat-panel',
  machine: chatPanelMachine,
  events: () => [{ type: 'panel.open' }, { type: 'panel.close' }, { type: 'channel.chosen' }],
};
