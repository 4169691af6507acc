/**
 * The client's wire event `connection.recovered` (the connection came back after a drop and the
 * client re-watched its channels) translated into the domain event `connection.restored`, for the
 * machines that re-read what they show after a reconnect: the message list and the thread
 * (`watchConnection`, invoked by the machine while it runs). The outbox and the channel list
 * translate it in their own client-watching actors.
 */
import type { StreamChat } from 'stream-chat';
import { fromCallback, type EventObject } from 'xstate';

/** Sends `connection.restored` to the machine that invokes it each time the client reports `connection.recovered`. */
export function watchConnectionRestored(client: StreamChat) {
  return fromCallback<EventObject>(({ sendBack }) => {
    const subscription = client.on('connection.recovered', () => sendBack({ type: 'connection.restored' }));
    return () => subscription.unsubscribe();
  });
}
