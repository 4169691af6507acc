/**
 * The chat machines for one channel, provided with their real I/O: a composer whose upload,
 * link-preview and poll-composer children are the real machines, and the member's outbox, which
 * sends what the composer hands over (`connectComposerToOutbox`). Screens build these once per
 * channel and user; tests build them the same way against the chat sandbox.
 */
import type { Channel, StreamChat } from 'stream-chat';
import type { ActorRefFrom } from 'xstate';
import { composerMachine } from '../../../machines/composer/composer.machine';
import { linkPreviewMachine } from '../../../machines/link-preview/link-preview.machine';
import { outboxMachine } from '../../../machines/outbox/outbox.machine';
import { pollComposerMachine } from '../../../machines/poll-composer/poll-composer.machine';
import { uploadMachine } from '../../../machines/upload/upload.machine';
import { createComposerActors } from '../actors/composer-actors';
import { createLinkPreviewActors } from '../actors/link-preview-actors';
import { createOutboxActors, type KeyValueStorage } from '../actors/outbox-actors';
import { createPollComposerActors } from '../actors/poll-composer-actors';
import { createUploadActors } from '../actors/upload-actors';

export type ComposerActor = ActorRefFrom<typeof composerMachine>;
export type OutboxActor = ActorRefFrom<typeof outboxMachine>;

/** The composer for `channel`, with the real children and the channel's typing and draft calls. */
export function channelComposerMachine(client: StreamChat, channel: Channel) {
  return composerMachine.provide({
    actors: createComposerActors({
      channel,
      childMachines: {
        upload: uploadMachine.provide({ actors: createUploadActors(channel) }),
        linkPreview: linkPreviewMachine.provide({ actors: createLinkPreviewActors(client) }),
        pollComposer: pollComposerMachine.provide({ actors: createPollComposerActors(client) }),
      },
    }),
  });
}

/** The member's outbox over `client`, keeping failed messages in `storage` (localStorage by default). */
export function outboxMachineFor(client: StreamChat, storage?: KeyValueStorage) {
  return outboxMachine.provide({ actors: createOutboxActors(client, storage ? { storage } : {}) });
}

/** Hands every message the composer finishes to the outbox, for `channel`; returns the unsubscribe. */
export function connectComposerToOutbox(composer: ComposerActor, outbox: OutboxActor, channel: Channel): () => void {
  const cid = channel.cid;
  const subscription = composer.on('composer.sent', ({ message, skipEnrichUrl }) =>
    outbox.send({
      type: 'outbox.send',
      message: { ...message, cid, skipEnrichUrl, createdAt: new Date().toISOString() },
    }),
  );
  return () => subscription.unsubscribe();
}
