/** Sideline's custom fields on chat objects (stream-chat merges these into its types). */
import 'stream-chat';

declare module 'stream-chat' {
  interface CustomChannelData {
    /** Display name of a league channel or group conversation. */
    name?: string;
    image?: string;
    /** One line about what the channel is for ("Fixtures and results"). */
    topic?: string;
  }
}
