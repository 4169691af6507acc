// @vitest-environment jsdom
/**
 * Attachments and link previews in the composer (real machines, real client, chat sandbox): a
 * chosen file shows a tile with a progress bar, then is sent as an attachment another member
 * receives; a blocked type (.exe) shows the upload machine's text on its tile and in a toast and
 * is never sent; a link in the text shows its preview card (url_enrichment on, a local page), and
 * dismissing it sends the message without it.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Channel, StreamChat } from 'stream-chat';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectClient, nextEvent, serverClient, startChatServer, type ChatServer } from '../support/chat';
import { png } from '../support/images';
import { renderComposer, WAIT } from './composer-ui-support';

let server: ChatServer;
let pages: Server;
let pageUrl: string;
let alice: StreamChat;
let bob: StreamChat;
let channel: Channel;
let view: Awaited<ReturnType<typeof renderComposer>> | null = null;

beforeAll(async () => {
  pages = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      '<html><head><meta property="og:title" content="Fixtures for May">' +
        '<meta property="og:description" content="Every match of the month"></head></html>',
    );
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  pageUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}/fixtures`;
  server = await startChatServer();
  const admin = serverClient(server);
  await admin.upsertUsers([{ id: 'alice' }, { id: 'bob' }]);
  await admin
    .channel('team', 'uploads', { name: 'Uploads', members: ['alice', 'bob'], created_by_id: 'alice' } as Record<
      string,
      unknown
    >)
    .create();
  await admin.channel('team', 'uploads').updatePartial({ set: { config_overrides: { url_enrichment: true } } });
  // stream-chat's node build posts files with the `form-data` package, which only node's own HTTP
  // transport sends; under jsdom axios would otherwise pick jsdom's XMLHttpRequest.
  alice = await connectClient(server, 'alice', 'Alice Adams', { axiosRequestConfig: { adapter: 'http' } });
  bob = await connectClient(server, 'bob', 'Bob Brown');
  await bob.channel('team', 'uploads').watch();
  channel = alice.channel('team', 'uploads');
  await channel.watch();
});
afterEach(() => {
  view?.unmount();
  view = null;
  cleanup();
});
afterAll(async () => {
  await server.close();
  pages.closeAllConnections();
  await new Promise((resolve) => pages.close(resolve));
});

const fileInput = () => document.querySelector<HTMLInputElement>('[data-part="composer-file-input"]')!;
/**
 * Picks files as a member does: the Attach button first (which fetches the tiles' code, loaded on
 * demand), then the files in the picker.
 */
async function choose(...files: File[]) {
  fireEvent.focus(screen.getByRole('button', { name: 'Attach files' }));
  await import('../../src/features/chat/composer/UploadTiles');
  await new Promise((resolve) => setTimeout(resolve, 0));
  fireEvent.change(fileInput(), { target: { files } });
}
const input = () => screen.getByRole('textbox', { name: /^Message #/ });

describe('composer: attachments', () => {
  it('shows a tile with a progress bar while uploading, then sends the file as an attachment', async () => {
    view = await renderComposer(alice, channel);
    const user = userEvent.setup();
    // A file big enough to upload in steps.
    const bytes = new Uint8Array(3 * 1024 * 1024).map((_, i) => i % 251);
    const seen: number[] = [];
    const observer = new MutationObserver(() => {
      const bar = document.querySelector('[role="progressbar"]');
      if (bar) seen.push(Number(bar.getAttribute('aria-valuenow')));
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    await choose(new File([bytes], 'fixtures.pdf', { type: 'application/pdf' }));

    const tile = screen.getByRole('listitem');
    expect(within(tile).getByText('fixtures.pdf')).toBeTruthy();
    expect(within(tile).getByText('3 MB')).toBeTruthy();
    expect(within(tile).getByRole('progressbar', { name: 'Uploading fixtures.pdf' })).toBeTruthy();
    // Sending waits for the upload, and says why.
    await user.type(input(), 'The fixtures');
    await user.keyboard('{Enter}');
    if (tile.getAttribute('data-state') === 'uploading')
      expect(screen.getByRole('alert').textContent).toBe('Wait until all attachments have uploaded');

    await waitFor(() => expect(tile.getAttribute('data-state')).toBe('finished'), WAIT);
    observer.disconnect();
    expect(within(tile).queryByRole('progressbar')).toBeNull();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[0]).toBe(0);
    expect(Math.max(...seen)).toBeGreaterThan(0);
    expect(screen.queryByRole('alert')).toBeNull();

    const received = nextEvent(bob, 'message.new', 10_000);
    await user.keyboard('{Enter}');
    const { message } = await received;
    expect(message?.text).toBe('The fixtures');
    expect(message?.attachments).toEqual([
      expect.objectContaining({
        type: 'file',
        title: 'fixtures.pdf',
        mime_type: 'application/pdf',
        file_size: bytes.length,
      }),
    ]);
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  it('an image shows its preview; removing the tile drops it from the message', async () => {
    view = await renderComposer(alice, channel);
    const crest = png();
    const created: string[] = [];
    const revoked: string[] = [];
    URL.createObjectURL = (blob: Blob) => {
      created.push(`blob:test/${blob.size}`);
      return created.at(-1)!;
    };
    URL.revokeObjectURL = (url: string) => void revoked.push(url);
    await choose(new File([new Uint8Array(crest)], 'crest.png', { type: 'image/png' }));
    const tile = screen.getByRole('listitem');
    expect(tile.querySelector('img')?.getAttribute('src')).toBe(`blob:test/${crest.length}`);
    await waitFor(() => expect(tile.getAttribute('data-state')).toBe('finished'), WAIT);
    fireEvent.click(within(tile).getByRole('button', { name: 'Remove crest.png' }));
    expect(screen.queryByRole('listitem')).toBeNull();
    expect(document.activeElement).toBe(input());
    expect(revoked).toEqual(created);
    expect(screen.getByRole('button', { name: 'Send' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('a blocked type shows the blocked text on its tile and a toast, and is never sent', async () => {
    view = await renderComposer(alice, channel);
    const user = userEvent.setup();
    // The app's upload limits arrive after mount (GET /app): wait until the composer has them.
    await waitFor(
      () => expect(view!.composer().getSnapshot().context.uploadLimits.file.blockedFileExtensions).toContain('.exe'),
      WAIT,
    );
    await choose(new File(['MZ'], 'setup.exe', { type: 'application/octet-stream' }));
    const tile = screen.getByRole('listitem');
    expect(tile.getAttribute('data-state')).toBe('blocked');
    expect(within(tile).getByText('Upload type not allowed')).toBeTruthy();
    await screen.findByText('The attachment upload was blocked: unsupported file type');
    expect(within(tile).queryByRole('progressbar')).toBeNull();
    expect(within(tile).queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send' }).getAttribute('aria-disabled')).toBe('true');

    await user.type(input(), 'No installer, sorry');
    const received = nextEvent(bob, 'message.new', 10_000);
    await user.keyboard('{Enter}');
    const { message } = await received;
    expect(message?.text).toBe('No installer, sorry');
    expect(message?.attachments ?? []).toEqual([]);
  });
});

describe('composer: link preview', () => {
  it('shows the preview card of a link, and a dismissed preview is not sent', async () => {
    view = await renderComposer(alice, channel);
    const user = userEvent.setup();
    await user.type(input(), `Fixtures: ${pageUrl}`);
    const card = await screen.findByText('Fixtures for May', {}, WAIT);
    const preview = card.closest('[data-part="composer-link-preview"]') as HTMLElement;
    expect(preview.getAttribute('data-state')).toBe('loaded');
    expect(within(preview).getByText('Every match of the month')).toBeTruthy();

    // Sent with it …
    let received = nextEvent(bob, 'message.new', 10_000);
    await user.keyboard('{Enter}');
    let { message } = await received;
    expect(message?.attachments).toEqual([
      expect.objectContaining({ og_scrape_url: pageUrl, title: 'Fixtures for May' }),
    ]);

    // … or dismissed, and sent without (the service must not enrich it again).
    await user.type(input(), `Again: ${pageUrl}`);
    await screen.findByText('Fixtures for May', {}, WAIT);
    await user.click(screen.getByRole('button', { name: 'Remove link preview' }));
    expect(screen.queryByText('Fixtures for May')).toBeNull();
    expect(document.activeElement).toBe(input());
    received = nextEvent(bob, 'message.new', 10_000);
    await user.keyboard('{Enter}');
    ({ message } = await received);
    expect(message?.text).toBe(`Again: ${pageUrl}`);
    expect(message?.attachments ?? []).toEqual([]);
  });
});
