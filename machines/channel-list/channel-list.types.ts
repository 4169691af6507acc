/**
 * The channel list statechart's types: one paged list of the member's channels (spec section 4,
 * "Channel"), kept current by the chat service's events.
 */

/** Which of the member's channels a list holds: the main list, or the archived ones. */
export interface ChannelListInput {
  archived: boolean;
}

export interface ChannelListContext extends ChannelListInput {
  /** The listed channels' cids, most recently active first as loaded and promoted. */
  cids: string[];
  /** The last page came back full, so another may exist (spec: hasNext while a page is full). */
  hasMore: boolean;
  /** The first page could not be loaded (the list shows its error state). */
  failed: boolean;
  /** The last "load more" failed; the loaded channels stay and the member can try again. */
  loadMoreFailed: boolean;
  /** Counts changes that can move a channel between sections (pin, archive, mute, data). */
  revision: number;
  /** Tries of the first page left before the list fails. */
  retriesLeft: number;
}

/** What the `queryChannels` actor is asked for: a page of the member's channels. */
export interface ChannelPageInput {
  archived: boolean;
  offset: number;
  limit: number;
}

/** A page: the channels' cids in the service's order. */
export interface ChannelPage {
  cids: string[];
}

export type ChannelListEvent =
  /** The member asks for the next page. */
  | { type: 'list.loadMore' }
  /** The member asks to try the first page again after it failed. */
  | { type: 'list.retry' }
  /** The connection came back after a drop (`connection.restored`): re-query, keeping content. */
  | { type: 'connection.restored' }
  /** A channel has news (new message, added to it, visible again): it goes to the top. */
  | { type: 'channel.promoted'; cid: string }
  /** A listed channel changed in a way that can move it between sections; unlisted ones join. */
  | { type: 'channel.changed'; cid: string }
  /** Deleted, hidden, the member removed or left, or no longer matching this list. */
  | { type: 'channel.removed'; cid: string };
