/**
 * The composer actor for the open channel: built once per channel (the component calling this
 * must be keyed by the channel, as the lead's open-channel view is) with the channel's own
 * settings, drafts on (docs/decisions/0006-composer-drafts.md), and wired to the member's outbox
 * so what it finishes is sent. Besides the outbox it connects the composer to:
 * - the app's upload limits (GET /app, which may answer after the channel opened: `composer.configure`);
 * - the channel's draft (fetched once; 'Failed to get the draft' when that fails) and the
 *   member's other tabs follow through the composer's `watchDrafts` (src/lib/actors/composer-actors.ts);
 * - the channel's config and capabilities changing while it is open (`composer.configure`);
 * - edits (`composer.edited` → `client.updateMessage`, 'Edit message request failed');
 * - a draft still waiting for its debounce when the channel closes (saved at once).
 */
import { useActorRef } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { Channel, MessageResponse, StreamChat } from 'stream-chat';
import { viewOf } from '../../../../machines/composer/composer.children';
import { isCompositionEmpty } from '../../../../machines/composer/composer.rules';
import { selectDraft } from '../../../../machines/composer/composer.selectors';
import type { ComposerDraft, ComposerSettings } from '../../../../machines/composer/composer.types';
import { composerInputFor } from '../../../lib/actors/composer-actors';
import { readUploadLimits } from '../../../lib/actors/upload-actors';
import {
  channelComposerMachine,
  connectComposerToOutbox,
  type ComposerActor,
  type OutboxActor,
} from '../../../lib/chat/channel-machines';
import { useToast } from '../../../lib/toasts';

const DEVICE_KEY = 'sideline.chat.deviceId';

/** This browser's id for shared locations (`created_by_device_id`), kept across reloads. */
export function deviceId(): string {
  try {
    const stored = localStorage.getItem(DEVICE_KEY);
    if (stored) return stored;
    const made = crypto.randomUUID();
    localStorage.setItem(DEVICE_KEY, made);
    return made;
  } catch {
    return crypto.randomUUID();
  }
}

/** Slash commands are the channel composer's: their answers (a /giphy preview) live in the channel. */
const commandsFor = (threadId: string | null) => (threadId === null ? {} : { commands: [] });

/** What `composer.configure` takes from the channel as it is now. */
export function channelSettingsOf(channel: Channel): ComposerSettings {
  const input = composerInputFor(channel);
  return {
    maxLength: input.maxLength ?? null,
    cooldownSeconds: input.cooldownSeconds ?? 0,
    cooldownExempt: input.cooldownExempt ?? false,
    typingEvents: input.typingEvents ?? true,
    urlEnrichment: input.urlEnrichment ?? false,
    commands: input.commands ?? [],
    canUploadFile: input.canUploadFile ?? false,
  };
}

const AT_ONCE = Promise.resolve();

/**
 * `after`: the upload limits and the draft are asked for once this settles (the workspace lets
 * the conversation the address names reach the screen first); at once without it. `threadId`:
 * the composer of that thread's panel, writing replies (its draft is the thread's).
 */
export function useChannelComposer(
  client: StreamChat,
  channel: Channel,
  outbox: OutboxActor,
  after: Promise<void> = AT_ONCE,
  threadId: string | null = null,
): ComposerActor {
  const { t } = useTranslation();
  const toast = useToast();
  const [machine] = useState(() => channelComposerMachine(client, channel));
  const [input] = useState(() => ({
    ...composerInputFor(channel, { draftsEnabled: true, deviceId: deviceId(), threadId }),
    ...commandsFor(threadId),
  }));
  const composer = useActorRef(machine, { input });

  useEffect(() => connectComposerToOutbox(composer, outbox, channel), [composer, outbox, channel]);

  // The app's upload limits: usually already read (the client caches GET /app), else soon.
  useEffect(() => {
    let live = true;
    after
      .then(() => readUploadLimits(client))
      .then(
        (uploadLimits) => live && composer.send({ type: 'composer.configure', settings: { uploadLimits } }),
        // Without them the defaults apply (100 MB, nothing blocked here); the service still checks.
        () => undefined,
      );
    return () => void (live = false);
  }, [client, composer, after]);

  // The channel's draft, restored only into a composer the member has not touched yet.
  useEffect(() => {
    let live = true;
    after
      .then(() =>
        client.queryDrafts({
          filter: { channel_cid: channel.cid, parent_id: threadId === null ? { $exists: false } : threadId },
          limit: 1,
        }),
      )
      .then(
        ({ drafts }) => {
          const draft = drafts.find((d) => d.channel_cid === channel.cid && (d.parent_id ?? null) === threadId);
          const { context } = composer.getSnapshot();
          if (!live || !draft || !isCompositionEmpty(viewOf(context)) || context.editing !== null) return;
          composer.send({ type: 'draft.arrived', draft: draft as unknown as ComposerDraft });
        },
        () => live && toast.error(t('chat.composer.draftFailed')),
      );
    return () => void (live = false);
  }, [client, channel, composer, toast, t, after, threadId]);

  // Slow mode, capabilities or config changing while the channel is open.
  useEffect(() => {
    const configure = () =>
      composer.send({
        type: 'composer.configure',
        settings: { ...channelSettingsOf(channel), ...commandsFor(threadId) },
      });
    const subscriptions = [
      channel.on('channel.updated', configure),
      client.on('capabilities.changed', (event) => event.cid === channel.cid && configure()),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [client, channel, composer, threadId]);

  // Edits go straight to the service (the outbox sends new messages only).
  useEffect(() => {
    const subscription = composer.on('composer.edited', ({ message, skipEnrichUrl }) => {
      client
        .updateMessage(
          message as Partial<MessageResponse>,
          undefined,
          skipEnrichUrl ? { skip_enrich_url: true } : undefined,
        )
        .catch(() => toast.error(t('chat.composer.editFailed')));
    });
    return () => subscription.unsubscribe();
  }, [client, composer, toast, t]);

  // Leaving the channel within the draft debounce: save (or delete) the draft now.
  useEffect(
    () => () => {
      const draft = selectDraft(composer.getSnapshot()).getSnapshot();
      if (!draft.matches('pending')) return;
      const { empty, hasDraft, payload } = draft.context;
      const save = empty
        ? hasDraft
          ? channel.deleteDraft(threadId === null ? {} : { parent_id: threadId })
          : Promise.resolve()
        : channel.createDraft(payload!);
      save.catch(() => undefined);
    },
    [channel, composer, threadId],
  );

  return composer;
}
