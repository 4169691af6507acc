/** The channel handle the machine holds (a stream-chat `Channel` in the app; opaque here). */
export interface ChannelHandle {
  readonly cid: string;
}

export interface OpenChannelInput {
  type: string;
  id: string;
  /** The channel, when the client already watches it with its state (no query needed). */
  watched?: ChannelHandle | null;
}

/** Why the channel could not be opened: it does not exist (or the member may not read it), or the request failed. */
export type { OpenFailure } from '../shared/open-failure';
import type { OpenFailure } from '../shared/open-failure';

export interface OpenChannelContext {
  type: string;
  id: string;
  channel: ChannelHandle | null;
  failure: OpenFailure | null;
}

export type OpenChannelEvent =
  /** The member asks to try again after a failure. */
  { type: 'channel.retry' };
