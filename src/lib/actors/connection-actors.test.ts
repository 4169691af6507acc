import { StreamChat } from 'stream-chat';
import { createActor, setup } from 'xstate';
import { describe, expect, it } from 'vitest';
import { watchConnectionRestored } from './connection-actors';

describe('connection actors', () => {
  it('tell the invoking machine connection.restored on each connection.recovered, and stop listening when stopped', () => {
    const client = new StreamChat('sideline-test');
    const heard: string[] = [];
    const machine = setup({ actors: { watchConnection: watchConnectionRestored(client) } }).createMachine({
      invoke: { src: 'watchConnection' },
      on: { '*': { actions: ({ event }) => heard.push(event.type) } },
    });
    const actor = createActor(machine).start();
    expect(heard).toEqual([]);
    client.dispatchEvent({ type: 'connection.recovered' });
    client.dispatchEvent({ type: 'connection.recovered' });
    expect(heard).toEqual(['connection.restored', 'connection.restored']);
    actor.stop();
    client.dispatchEvent({ type: 'connection.recovered' });
    expect(heard).toHaveLength(2);
  });
});
