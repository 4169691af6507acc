export interface ChatPanelInput {
  /** The chat address already names a channel (a link, a reload): the panel starts closed. */
  channelChosen: boolean;
}

export type ChatPanelContext = ChatPanelInput;

export type ChatPanelEvent =
  /** The member asks for the channel list (the ☰ button). */
  | { type: 'panel.open' }
  /** The member closes the list without choosing (the close button, Escape). */
  | { type: 'panel.close' }
  /** A channel was chosen in the list: the list gives way to the conversation. */
  | { type: 'channel.chosen' };
