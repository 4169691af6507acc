import { fromPromise } from 'xstate';
import { machineTest } from '../shared/machine-test';
import { describe, expect, it } from 'vitest';
import type { LinkPreviewData, LinkPreviewStatus } from '../shared/composer-children';
import { isPreviewableUrl } from '../shared/previewable-url';
import { linkPreviewMachine, PREVIEW_DEBOUNCE_MS } from './link-preview.machine';
import {
  selectCanRetry,
  selectFailureReason,
  selectPreview,
  selectPreviewError,
  selectPreviewStatus,
} from './link-preview.selectors';

const url = 'https://league.example/news/derby';
const derby: LinkPreviewData = {
  og_scrape_url: url,
  title: 'Derby day',
  text: 'Who won',
  image_url: 'https://x/y.jpg',
};

/** A controllable fake `fetchPreview`. */
function fakeFetches() {
  const calls: { url: string; resolve: (p: LinkPreviewData) => void; reject: (e: unknown) => void }[] = [];
  const actor = fromPromise<LinkPreviewData, { url: string }>(
    ({ input }) =>
      new Promise((resolve, reject) => {
        calls.push({ url: input.url, resolve, reject });
      }),
  );
  return { calls, actor };
}

/**
 * A composer stand-in that invokes one preview child (simulated clock). The composer reads the
 * child's status from its snapshot, so `statuses` lists the ones the child has been in, in order;
 * `told` is what it sent the composer (nothing: only xstate's own done event once dismissed).
 */
function start(link = url) {
  const fetches = fakeFetches();
  const child = linkPreviewMachine.provide({ actors: { fetchPreview: fetches.actor } });
  const run = machineTest(child, { input: { url: link }, asChild: `preview:${link}` });
  const seen: LinkPreviewStatus[] = [selectPreviewStatus(run.snapshot())];
  run.actor.subscribe((snapshot) => {
    const status = selectPreviewStatus(snapshot);
    if (seen.at(-1) !== status) seen.push(status);
  });
  const statuses = () => [...seen];
  const told = () => run.told.filter((e) => !e.type.startsWith('xstate.'));
  return { run, fetches, statuses, told };
}

describe('link preview machine', () => {
  it(`waits ${PREVIEW_DEBOUNCE_MS} ms before fetching, then loads the preview`, async () => {
    const { run, fetches, statuses, told } = start();
    run.expectSelected(selectPreviewStatus, 'pending').advance(PREVIEW_DEBOUNCE_MS - 1);
    expect(fetches.calls).toHaveLength(0);
    expect(statuses()).toEqual(['pending']);
    run.advance(1).expectSelected(selectPreviewStatus, 'loading');
    expect(fetches.calls.map((c) => c.url)).toEqual([url]);

    fetches.calls[0]!.resolve(derby);
    (await run.settle()).expectSelected(selectPreviewStatus, 'loaded');
    expect(selectPreview(run.snapshot())).toEqual(derby);
    expect(statuses()).toEqual(['pending', 'loading', 'loaded']);
    expect(told()).toEqual([]);
  });

  it('a failed enrichment marks the preview failed; retry fetches again at once', async () => {
    const { run, fetches, statuses } = start();
    run.advance(PREVIEW_DEBOUNCE_MS);
    fetches.calls[0]!.reject(new Error('Could not preview it: the page did not answer within 5 s'));
    (await run.settle())
      .expectSelected(selectPreviewStatus, 'failed')
      .expectSelected(selectPreviewError, { key: 'chat.linkPreview.failed' });
    expect(selectFailureReason(run.snapshot())).toMatch(/did not answer/);
    run.expectSelected(selectPreview, null);
    expect(statuses()).toEqual(['pending', 'loading', 'failed']);

    run
      .expectSelected(selectCanRetry, true)
      .send({ type: 'preview.retry' })
      .expectSelected(selectPreviewStatus, 'loading')
      .expectSelected(selectPreviewError, null);
    expect(fetches.calls).toHaveLength(2);
    fetches.calls[1]!.resolve(derby);
    (await run.settle()).expectSelected(selectPreviewStatus, 'loaded').expectSelected(selectPreview, derby);
    expect(statuses()).toEqual(['pending', 'loading', 'failed', 'loading', 'loaded']);
  });

  it('a rejection without a message still fails', async () => {
    const { run, fetches } = start();
    run.advance(PREVIEW_DEBOUNCE_MS);
    fetches.calls[0]!.reject('nope');
    (await run.settle()).expectSelected(selectFailureReason, 'unknown error');
  });

  it.each([
    'http://bad_host.example/page',
    'ftp://files.example/fixtures.pdf',
    'javascript:alert(1)',
    'http://user:secret@league.example/',
    'not a url',
  ])('never fetches %s: failed at once, and retry does nothing', (link) => {
    const { run, fetches, statuses, told } = start(link);
    run
      .expectSelected(selectPreviewStatus, 'failed')
      .expectSelected(selectPreviewError, { key: 'chat.linkPreview.notPreviewable' });
    run
      .expectSelected(selectCanRetry, false)
      .send({ type: 'preview.retry' })
      .advance(PREVIEW_DEBOUNCE_MS * 2);
    expect(fetches.calls).toHaveLength(0);
    expect(statuses()).toEqual(['failed']);
    expect(told()).toEqual([]);
  });

  it.each(['pending', 'loading', 'loaded', 'failed'] as const)('can be dismissed while %s', async (state) => {
    const { run, fetches, statuses, told } = start();
    if (state !== 'pending') run.advance(PREVIEW_DEBOUNCE_MS);
    if (state === 'loaded') fetches.calls[0]!.resolve(derby);
    if (state === 'failed') fetches.calls[0]!.reject(new Error('x'));
    await run.settle();
    expect(selectPreviewStatus(run.snapshot())).toBe(state);
    run.send({ type: 'preview.dismiss' }).expectSelected(selectPreviewStatus, 'dismissed');
    run.expectStatus('done').expectSelected(selectPreview, null);
    expect(statuses().at(-1)).toBe('dismissed');
    expect(told()).toEqual([]);
    run.advance(PREVIEW_DEBOUNCE_MS * 2);
    expect(fetches.calls).toHaveLength(state === 'pending' ? 0 : 1);
  });

  it('a late answer after dismissal is ignored', async () => {
    const { run, fetches, statuses } = start();
    run.advance(PREVIEW_DEBOUNCE_MS).send({ type: 'preview.dismiss' });
    fetches.calls[0]!.resolve(derby);
    (await run.settle()).expectSelected(selectPreviewStatus, 'dismissed').expectSelected(selectPreview, null);
    expect(statuses()).toEqual(['pending', 'loading', 'dismissed']);
  });
});

describe('isPreviewableUrl', () => {
  it.each([
    'https://league.example/news',
    'http://127.0.0.1:8080/page',
    'http://[::1]:3000/',
    'https://xn--mnchen-3ya.de/',
    'https://münchen.de/',
    'http://localhost:5173/x',
    'HTTPS://LEAGUE.EXAMPLE/',
  ])('%s is previewable', (link) => {
    expect(isPreviewableUrl(link)).toBe(true);
  });

  it.each([
    'http://bad_host.example/',
    'http://-leading.example/',
    `http://${'a'.repeat(64)}.example/`,
    'ftp://files.example/x',
    'mailto:coach@league.example',
    'http://user@league.example/',
    'league.example/news',
    '',
  ])('%s is not', (link) => {
    expect(isPreviewableUrl(link)).toBe(false);
  });
});
