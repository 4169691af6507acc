/**
 * Our message list against a bare react-virtuoso list of the same messages, side by side in one
 * run, in Chromium on production builds. Builds the web app and the bare page
 * (bench/message-list/bare.html) into a temporary folder (never dist/), starts the real server on
 * port BENCH_PORT (default 3315) with its own data folder, seeds a channel with N messages through
 * the chat sandbox (timed apart: not part of any figure), signs the demo member in, and measures:
 *
 *   - settle: from navigation start to the list's last change before it stays quiet for 1 s with
 *     the newest message shown (median of 7 navigations, each in a new tab, alternating between
 *     the two; a warm-up navigation of each first, so both run from the HTTP cache; the spread of
 *     the runs is printed too: on two cores one run varies by ±15%);
 *   - DOM elements in the list (and in the page), after settling; the bare list is given the size
 *     of ours;
 *   - JS heap used after a garbage collection (CDP), after settling and after the scroll;
 *   - new message from the socket to painted: 50 messages (after 5 warm-up ones) sent one at a time
 *     by another member with the server-side client, each 150 ms after the previous one was painted
 *     (a busy channel); the page notes when the WebSocket frame arrives and when the message's node
 *     was painted (p50, p95; send to painted for information). A message not painted within 2 s
 *     counts as never painted (slower than any other in the quantiles);
 *   - scrolling 2,000 messages up, the scroller moved by a fixed step each animation frame (older
 *     pages load on the way): longest frame (requestAnimationFrame deltas), frames over 50 ms,
 *     longest long-animation-frame entry and long task.
 *
 * Prints both, the ratios, and PASS/FAIL for the budgets: settle ≤ 1.3× bare, DOM ≤ 1.5× bare,
 * heap ≤ 10 MB (ours), p95 paint ≤ 20 ms, no frame over 50 ms. Exit code 0 either way (1 only
 * when the benchmark could not run). A busy machine inflates the timings: the load average is
 * printed with them.
 *
 *   npx tsx bench/message-list.ts [messages=10000] [scroll step px=120] [live message gap ms=150]
 */
import { type Page } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StreamChat } from 'stream-chat';
import { MESSAGE_PAGE_SIZE } from '../machines/message-list/message-list.rules.js';
import type { Counts, ScrollResult, SettleResult } from './message-list/probe.js';
import { installProbe } from './message-list/probe.js';
import { blank, report, showLoad, type Figures, type Variant } from './message-list/report.js';
import { CHANNEL, demoMembers, liveMarker, markersFromNewest, seedChannel, sentence } from './message-list/seed.js';
import { chromiumPath, launchChromium, signInState, VIEWPORT } from './support/browser.js';
import { onCleanup, runBench } from './support/cleanup.js';
import { startBenchServer } from './support/server.js';
import { buildBenchPage, buildWebApp } from './support/web-build.js';

const PORT = Number(process.env.BENCH_PORT ?? 3315);
const MESSAGES = Number(process.argv[2] ?? 10_000);
const SCROLL_STEP_PX = Number(process.argv[3] ?? 120);
const SCROLL_MESSAGES = 2000;
/** Navigations of each variant, alternating (the first a warm-up); BENCH_SETTLE_RUNS overrides. */
const SETTLE_RUNS = Number(process.env.BENCH_SETTLE_RUNS ?? 7);
const QUIET_MS = 1000;
const SETTLE_TIMEOUT_MS = 30_000;
const SCROLL_TIMEOUT_MS = 180_000;
const LIVE_WARM_UP = 5;
const LIVE_MESSAGES = 50;
/** Pause after each live message was painted, before the next one is sent (a busy channel). */
const LIVE_GAP_MS = Number(process.argv[4] ?? 150);
/** A live message not painted this long after it was sent counts as never painted. */
const PAINT_TIMEOUT_MS = 2000;
/** After this many live messages in a row were never painted, the rest are not sent. */
const PAINT_GIVE_UP = 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  if (!Number.isInteger(MESSAGES) || MESSAGES < SCROLL_MESSAGES + 100 || MESSAGES > 99_999)
    throw new Error(`messages must be an integer from ${SCROLL_MESSAGES + 100} to 99999`);
  if (!(SCROLL_STEP_PX > 0)) throw new Error('the scroll step must be a positive number of pixels');
  if (!(LIVE_GAP_MS >= 0)) throw new Error('the live message gap must be a number of milliseconds');
  if (!Number.isInteger(SETTLE_RUNS) || SETTLE_RUNS < 2)
    throw new Error('BENCH_SETTLE_RUNS must be an integer of 2 or more');
  chromiumPath();
  const tmp = await mkdtemp(join(tmpdir(), 'sideline-bench-list-'));
  onCleanup('temporary folder', () => rm(tmp, { recursive: true, force: true }));
  const webRoot = join(tmp, 'web');

  let started = performance.now();
  await buildWebApp(webRoot);
  await buildBenchPage('bench/message-list/bare.html', join(webRoot, 'bench-bare'), '/bench-bare/');
  console.log(
    `Built the web app and the bare page (production) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const server = await startBenchServer({ port: PORT, dataDir: join(tmp, 'data'), webRoot });
  const admin = new StreamChat(server.apiKey, server.apiSecret, { baseURL: server.chatUrl, timeout: 30_000 });
  const members = await demoMembers(admin);
  started = performance.now();
  const channel = await seedChannel(admin, members, MESSAGES);
  console.log(
    `Seeded ${CHANNEL.type}:${CHANNEL.id} with ${MESSAGES} messages in ${((performance.now() - started) / 1000).toFixed(1)} s (not measured below)`,
  );
  const markRead = () => channel.markRead({ user_id: members.member });
  const newest = async () => (await markersFromNewest(channel, 0))[0]!;

  const browser = await launchChromium();
  const storageState = await signInState(browser, server.browserUrl);
  const context = await browser.newContext({
    baseURL: server.browserUrl,
    viewport: VIEWPORT,
    locale: 'en-US',
    storageState,
  });
  // The build of this script names its functions through a helper the page does not have.
  await context.addInitScript({ content: `(() => { const __name = (f) => f; (${installProbe.toString()})(); })();` });

  const figures: Record<Variant, Figures> = {
    ours: blank(),
    bare: blank(),
  };
  let bareSize = { w: 800, h: 600 };
  const urlOf = (variant: Variant) =>
    variant === 'ours'
      ? `/chat/${CHANNEL.type}/${CHANNEL.id}`
      : `/bench-bare/bare.html?${new URLSearchParams({
          cid: `${CHANNEL.type}:${CHANNEL.id}`,
          key: server.apiKey,
          page: String(MESSAGE_PAGE_SIZE),
          w: String(bareSize.w),
          h: String(bareSize.h),
        })}`;

  /** Variants whose list did not settle once: not navigated again until the final measurement. */
  const failed = new Set<Variant>();

  /** A new tab on the variant, waited on until its list settled. */
  async function open(variant: Variant): Promise<{ page: Page; settle: SettleResult }> {
    await markRead();
    const marker = await newest();
    const page = await context.newPage();
    const note = (text: string) => {
      if (!figures[variant].notes.includes(text)) figures[variant].notes.push(text);
    };
    page.on('pageerror', (error) => note(`page error: ${error.message}`));
    page.on('console', (message) => {
      // Failed requests are noted by the response handler, with their address.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        note(`console error: ${message.text().slice(0, 300)}`);
    });
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (response.status() >= 400 && path !== '/favicon.ico') note(`HTTP ${response.status()} for ${path}`);
    });
    await page.goto(urlOf(variant), { waitUntil: 'domcontentloaded' });
    const settle = await page.evaluate<SettleResult>(
      `window.__bench.settle(${JSON.stringify(marker)}, ${QUIET_MS}, ${SETTLE_TIMEOUT_MS})`,
    );
    if (settle.listSettledAt === null) {
      const seen = settle.newestShownAt === null ? 'never showed the newest message' : 'never stayed quiet';
      const text = await page.evaluate<string>('document.body.innerText');
      note(
        `${variant === 'ours' ? 'our list' : 'the bare list'} ${seen} within ${SETTLE_TIMEOUT_MS / 1000} s; ` +
          `list found: ${settle.listFound}, messages seen in it: ${settle.markersSeen}, waited for ${marker}; ` +
          `the page said: ${JSON.stringify(text.replace(/\s+/g, ' ').slice(0, 200))}`,
      );
      failed.add(variant);
    }
    return { page, settle };
  }
  const record = (variant: Variant, settle: SettleResult) => {
    if (settle.listSettledAt === null) return;
    figures[variant].settles.push(settle.listSettledAt);
    figures[variant].newestShown.push(settle.newestShownAt!);
    figures[variant].pageSettles.push(settle.pageSettledAt!);
  };

  console.log('\nMeasuring (a warm-up navigation of each, then alternating)…');
  showLoad('before');
  for (let round = 0; round < SETTLE_RUNS; round++) {
    for (const variant of ['ours', 'bare'] as const) {
      if (failed.has(variant)) continue;
      const { page, settle } = await open(variant);
      if (round === 0 && variant === 'ours') {
        const counts = await page.evaluate<Counts | null>('window.__bench.counts()');
        if (counts) bareSize = { w: counts.width, h: counts.height };
        else figures.ours.notes.push('no message list found on our page: the bare list is 800×600 px');
      }
      if (round > 0) record(variant, settle);
      await page.close();
    }
  }

  let live = 0;
  for (const variant of ['ours', 'bare'] as const) {
    const f = figures[variant];
    const { page, settle } = await open(variant);
    record(variant, settle);
    f.counts = await page.evaluate<Counts | null>('window.__bench.counts()');
    f.heap = await heapUsed(page);
    if (settle.listSettledAt === null || !f.counts) {
      f.notes.push('paint and scroll not measured: the list did not show the messages');
      await page.close();
      continue;
    }
    // New messages from another member, one at a time.
    const sentAt = new Map<string, number>();
    let missedInARow = 0;
    for (let i = 0; i < LIVE_WARM_UP + LIVE_MESSAGES; i++) {
      if (missedInARow >= PAINT_GIVE_UP) {
        const unsent = LIVE_WARM_UP + LIVE_MESSAGES - Math.max(i, LIVE_WARM_UP);
        f.paintMissing += unsent;
        f.notes.push(`${PAINT_GIVE_UP} live messages in a row were never painted: the other ${unsent} were not sent`);
        break;
      }
      const marker = liveMarker(live++);
      sentAt.set(marker, performance.timeOrigin + performance.now());
      await channel.sendMessage({
        id: `bench-${marker}`,
        text: `${marker} ${sentence(Math.random, 8)}`,
        user_id: members.sender,
      });
      const painted = await page
        .waitForFunction(`window.__bench.paints[${JSON.stringify(marker)}] !== undefined`, undefined, {
          polling: 20,
          timeout: PAINT_TIMEOUT_MS,
        })
        .then(() => true)
        .catch(() => false);
      missedInARow = painted ? 0 : missedInARow + 1;
      if (i < LIVE_WARM_UP) sentAt.delete(marker);
      await sleep(LIVE_GAP_MS);
    }
    const seen = await page.evaluate<{
      arrivals: Record<string, number>;
      paints: Record<string, number>;
      origin: number;
    }>('({ arrivals: window.__bench.arrivals, paints: window.__bench.paints, origin: performance.timeOrigin })');
    for (const [marker, sent] of sentAt) {
      const painted = seen.paints[marker];
      const arrived = seen.arrivals[marker];
      if (painted === undefined || arrived === undefined) {
        f.paintMissing++;
        continue;
      }
      f.socketToPaint.push(painted - arrived);
      f.sendToPaint.push(seen.origin + painted - sent);
    }
    // A message never painted is slower than any painted one (it counts in the quantiles).
    for (let i = 0; i < f.paintMissing; i++) {
      f.socketToPaint.push(Infinity);
      f.sendToPaint.push(Infinity);
    }
    if (f.paintMissing > 0) {
      const shown = await page.evaluate<string>('document.body.innerText');
      const control = /↓ ?\d+ new|jump to latest/i.exec(shown.replace(/\s+/g, ' '))?.[0];
      f.notes.push(
        `${f.paintMissing} of ${LIVE_MESSAGES} live messages were never painted (${LIVE_GAP_MS} ms apart)` +
          (control ? `; the page shows "${control.trim()}": the list stopped following the newest message` : ''),
      );
    }
    // 2,000 messages up from the newest.
    const goal = (await markersFromNewest(channel, SCROLL_MESSAGES))[SCROLL_MESSAGES]!;
    f.scroll = await page.evaluate<ScrollResult>(
      `window.__bench.scrollUp(${JSON.stringify(goal)}, ${SCROLL_STEP_PX}, ${SCROLL_TIMEOUT_MS})`,
    );
    if (!f.scroll.reached) f.notes.push(`the scroll did not reach ${goal} within ${SCROLL_TIMEOUT_MS / 1000} s`);
    f.heapAfterScroll = await heapUsed(page);
    await page.close();
  }
  showLoad('after');
  report(figures, {
    messages: MESSAGES,
    size: bareSize,
    stepPx: SCROLL_STEP_PX,
    scrollMessages: SCROLL_MESSAGES,
    pageSize: MESSAGE_PAGE_SIZE,
  });
}

/** JS heap in use after a full garbage collection, from the DevTools protocol. */
async function heapUsed(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    return (await cdp.send('Runtime.getHeapUsage')).usedSize;
  } finally {
    await cdp.detach();
  }
}

await runBench(main);
