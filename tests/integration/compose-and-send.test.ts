/**
 * The chat machines together, as a screen wires them (src/lib/chat/channel-machines.ts): a
 * composer with the real upload, link-preview and poll-composer children hands its message to
 * the member's outbox, which sends it; another member receives exactly what was composed.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Channel, StreamChat } from 'stream-chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor, type ActorRefFrom } from 'xstate';
import { selectCanSend, selectChild, selectPreviews, selectUploads } from '../../machines/composer/composer.selectors';
import type { LinkPreviewMachine } from '../../machines/link-preview/link-preview.machine';
import { selectPreviewStatus } from '../../machines/link-preview/link-preview.selectors';
import { selectEntries } from '../../machines/outbox/outbox.selectors';
import { composerInputFor, urlsIn } from '../../src/lib/actors/composer-actors';
import { readUploadLimits } from '../../src/lib/actors/upload-actors';
import {
  channelComposerMachine,
  connectComposerToOutbox,
  outboxMachineFor,
  type ComposerActor,
  type OutboxActor,
} from '../../src/lib/chat/channel-machines';
import { connectClient, nextEvent, serverClient, startChatServer, type ChatServer } from '../support/chat';
import { png } from '../support/images';

const WAIT = { timeout: 15_000 };

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('composer → outbox → chat service', () => {
  let server: ChatServer;
  let pages: Server;
  let pageUrl: string;
  let alice: StreamChat;
  let bob: StreamChat;
  let channel: Channel;
  let composer: ComposerActor;
  let outbox: OutboxActor;
  let disconnect: () => void;
  const crest = png();

  beforeAll(async () => {
    pages = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<html><head><meta property="og:title" content="Fixtures for May"></head></html>');
    });
    await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
    pageUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}/fixtures`;
    server = await startChatServer();
    const admin = serverClient(server);
    await admin.upsertUsers([{ id: 'alice' }, { id: 'bob' }]);
    await admin.channel('messaging', 'club', { members: ['alice', 'bob'], created_by_id: 'alice' }).create();
    await admin.channel('messaging', 'club').updatePartial({ set: { config_overrides: { url_enrichment: true } } });
    alice = await connectClient(server, 'alice', 'Alice Adams');
    bob = await connectClient(server, 'bob', 'Bob Brown');
    channel = alice.channel('messaging', 'club');
    await channel.watch();
    await bob.channel('messaging', 'club').watch();

    const input = composerInputFor(channel, { uploadLimits: await readUploadLimits(alice) });
    composer = createActor(channelComposerMachine(alice, channel), { input }).start();
    outbox = createActor(outboxMachineFor(alice, memoryStorage()), { input: { userId: 'alice' } }).start();
    disconnect = connectComposerToOutbox(composer, outbox, channel);
  });
  afterAll(async () => {
    disconnect();
    composer.stop();
    outbox.stop();
    await server.close();
    pages.closeAllConnections();
    await new Promise((resolve) => pages.close(resolve));
  });

  it('sends text, a finished upload and the loaded link preview as one message', async () => {
    const text = `Fixtures are out: ${pageUrl}`;
    composer.send({ type: 'composer.type', text, urls: urlsIn(text) });
    composer.send({
      type: 'composer.addFiles',
      files: [
        { file: { name: 'crest.png', size: crest.length, type: 'image/png' }, blob: new Blob([new Uint8Array(crest)]) },
      ],
    });
    expect(selectCanSend(composer.getSnapshot())).toBe(false);
    await waitFor(composer, (s) => selectUploads(s).every((u) => u.status === 'finished'), WAIT);
    // The preview child tells the composer nothing: wait on the child, then read it through the composer.
    const preview = selectChild(composer.getSnapshot(), `preview:${pageUrl}`) as ActorRefFrom<LinkPreviewMachine>;
    await waitFor(preview, (s) => selectPreviewStatus(s) === 'loaded', WAIT);
    expect(selectPreviews(composer.getSnapshot()).map((p) => p.status)).toEqual(['loaded']);
    expect(selectCanSend(composer.getSnapshot())).toBe(true);

    const received = nextEvent(bob, 'message.new', 10_000);
    composer.send({ type: 'composer.submit' });
    const { message } = await received;
    expect(message?.text).toBe(text);
    expect(message?.attachments?.map((a) => a.type ?? 'og')).toEqual(expect.arrayContaining(['image']));
    expect(message?.attachments?.some((a) => a.og_scrape_url === pageUrl && a.title === 'Fixtures for May')).toBe(true);
    expect(message?.id).toMatch(/^alice-/);
    await waitFor(outbox, (s) => selectEntries(s).length === 0, WAIT);
    expect(composer.getSnapshot().context.text).toBe('');
    const stored = await serverClient(server).getMessage(message!.id);
    expect(stored.message.attachments).toHaveLength(message!.attachments!.length);
  });

  it('creates a poll through the poll sub-composer and sends a poll-only message', async () => {
    composer.send({ type: 'composer.openPoll' });
    const poll = selectChild(composer.getSnapshot(), 'pollComposer')!;
    expect(poll).toBeDefined();
    poll.send({ type: 'poll.change', field: 'name', value: 'Training on Tuesday or Thursday?' });
    const options = () =>
      (poll.getSnapshot() as { context: { values: { options: { id: string }[] } } }).context.values.options;
    poll.send({ type: 'poll.changeOption', id: options()[0]!.id, text: 'Tuesday' });
    poll.send({ type: 'poll.changeOption', id: options()[1]!.id, text: 'Thursday' });
    const received = nextEvent(bob, 'message.new', 10_000);
    poll.send({ type: 'poll.submit' });
    const { message } = await received;
    expect(message?.poll_id).toBeTruthy();
    expect(message?.text ?? '').toBe('');
    expect(message?.poll?.name).toBe('Training on Tuesday or Thursday?');
    expect(message?.poll?.options.map((o) => o.text)).toEqual(['Tuesday', 'Thursday']);
    await waitFor(composer, (s) => selectChild(s, 'pollComposer') === undefined, WAIT);
  });

  it('an upload the app settings block never reaches the service, and the message waits for nothing', async () => {
    composer.send({
      type: 'composer.addFiles',
      files: [{ file: { name: 'setup.exe', size: 10, type: 'application/octet-stream' }, blob: new Blob(['MZ']) }],
    });
    await waitFor(composer, (s) => selectUploads(s).some((u) => u.status === 'blocked'), WAIT);
    // A blocked upload is not "in progress" but contributes nothing either: text alone decides.
    expect(selectCanSend(composer.getSnapshot())).toBe(false);
    composer.send({ type: 'composer.type', text: 'No installer, sorry' });
    expect(selectCanSend(composer.getSnapshot())).toBe(true);
  });
});
