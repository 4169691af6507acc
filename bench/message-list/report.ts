/**
 * The figures of bench/message-list.ts, side by side with their ratios, and the budget lines.
 */
import { availableParallelism, loadavg } from 'node:os';
import { VIEWPORT } from '../support/browser.js';
import type { Counts, ScrollResult } from './probe.js';

export const MB = 1024 * 1024;

/** The fastest and the slowest of some timings, e.g. "512–590 ms". */
function spread(values: number[]): string {
  if (values.length === 0) return 'n/a';
  return `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)} ms`;
}

export const BUDGET = { settleRatio: 1.3, domRatio: 1.5, heapBytes: 10 * MB, paintP95: 20, frameMs: 50 };

export type Variant = 'ours' | 'bare';

export interface Figures {
  settles: number[];
  newestShown: number[];
  pageSettles: number[];
  counts: Counts | null;
  heap: number | null;
  heapAfterScroll: number | null;
  socketToPaint: number[];
  sendToPaint: number[];
  paintMissing: number;
  scroll: ScrollResult | null;
  notes: string[];
}

export const median = (values: number[]) => quantile(values, 0.5);
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export function showLoad(when: string): void {
  const [one] = loadavg();
  const cores = availableParallelism();
  const busy = one! > cores * 0.75 ? ' (busy machine: other processes compete for the CPU, timings are inflated)' : '';
  console.log(`load average ${when}: ${one!.toFixed(2)} on ${cores} cores${busy}`);
}

const perMessage = (counts: Counts | null) =>
  counts && counts.messages > 0 ? (counts.list / counts.messages).toFixed(1) : 'n/a';

export function blank(): Figures {
  return {
    settles: [],
    newestShown: [],
    pageSettles: [],
    counts: null,
    heap: null,
    heapAfterScroll: null,
    socketToPaint: [],
    sendToPaint: [],
    paintMissing: 0,
    scroll: null,
    notes: [],
  };
}

export interface Settings {
  messages: number;
  size: { w: number; h: number };
  stepPx: number;
  scrollMessages: number;
  pageSize: number;
}

export function report(figures: Record<Variant, Figures>, settings: Settings): void {
  const { size } = settings;
  const { ours, bare } = figures;
  const ms = (value: number | null | undefined) =>
    value === null || value === undefined || Number.isNaN(value)
      ? 'n/a'
      : value === Infinity
        ? 'never'
        : `${value.toFixed(1)} ms`;
  const mb = (value: number | null) => (value === null ? 'n/a' : `${(value / MB).toFixed(2)} MB`);
  const int = (value: number | undefined) => (value === undefined ? 'n/a' : String(value));
  const ratio = (a: number | null | undefined, b: number | null | undefined) =>
    a === null ||
    a === undefined ||
    b === null ||
    b === undefined ||
    !Number.isFinite(a) ||
    !Number.isFinite(b) ||
    b === 0
      ? 'n/a'
      : `${(a / b).toFixed(2)}×`;
  const scroll = (f: Figures, pick: (s: ScrollResult) => number | null) => (f.scroll ? pick(f.scroll) : null);

  const rows: [string, string, string, string][] = [
    [
      `settle (median of ${ours.settles.length})`,
      ms(median(ours.settles)),
      ms(median(bare.settles)),
      ratio(median(ours.settles), median(bare.settles)),
    ],
    ['  settle, fastest–slowest run', spread(ours.settles), spread(bare.settles), ''],
    [
      '  newest message shown',
      ms(median(ours.newestShown)),
      ms(median(bare.newestShown)),
      ratio(median(ours.newestShown), median(bare.newestShown)),
    ],
    ['  page quiet (information)', ms(median(ours.pageSettles)), ms(median(bare.pageSettles)), ''],
    [
      'DOM elements in the list',
      int(ours.counts?.list),
      int(bare.counts?.list),
      ratio(ours.counts?.list, bare.counts?.list),
    ],
    ['  messages rendered', int(ours.counts?.messages), int(bare.counts?.messages), ''],
    ['  elements per message', perMessage(ours.counts), perMessage(bare.counts), ''],
    [
      '  DOM elements in the page',
      int(ours.counts?.page),
      int(bare.counts?.page),
      ratio(ours.counts?.page, bare.counts?.page),
    ],
    ['JS heap after GC', mb(ours.heap), mb(bare.heap), ratio(ours.heap, bare.heap)],
    [
      '  after scrolling up',
      mb(ours.heapAfterScroll),
      mb(bare.heapAfterScroll),
      ratio(ours.heapAfterScroll, bare.heapAfterScroll),
    ],
    [
      'socket → painted p50',
      ms(median(ours.socketToPaint)),
      ms(median(bare.socketToPaint)),
      ratio(median(ours.socketToPaint), median(bare.socketToPaint)),
    ],
    [
      'socket → painted p95',
      ms(quantile(ours.socketToPaint, 0.95)),
      ms(quantile(bare.socketToPaint, 0.95)),
      ratio(quantile(ours.socketToPaint, 0.95), quantile(bare.socketToPaint, 0.95)),
    ],
    ['  send → painted p50 (information)', ms(median(ours.sendToPaint)), ms(median(bare.sendToPaint)), ''],
    [
      '  send → painted p95 (information)',
      ms(quantile(ours.sendToPaint, 0.95)),
      ms(quantile(bare.sendToPaint, 0.95)),
      '',
    ],
    [
      `scroll ${settings.scrollMessages} up: longest frame`,
      ms(scroll(ours, (s) => s.longestFrame)),
      ms(scroll(bare, (s) => s.longestFrame)),
      '',
    ],
    ['  frames over 50 ms', int(ours.scroll?.framesOver50), int(bare.scroll?.framesOver50), ''],
    ['  frames', int(ours.scroll?.frames), int(bare.scroll?.frames), ''],
    [
      '  longest animation frame (LoAF)',
      ms(scroll(ours, (s) => s.longestAnimationFrame)),
      ms(scroll(bare, (s) => s.longestAnimationFrame)),
      '',
    ],
    ['  longest task', ms(scroll(ours, (s) => s.longestTask)), ms(scroll(bare, (s) => s.longestTask)), ''],
    [
      '  time taken',
      ms(scroll(ours, (s) => s.ms)),
      ms(scroll(bare, (s) => s.ms)),
      ratio(ours.scroll?.ms, bare.scroll?.ms),
    ],
  ];
  console.log(
    `\nOur message list vs a bare react-virtuoso list: ${settings.messages} messages, list ${size.w}×${size.h} px, ` +
      `viewport ${VIEWPORT.width}×${VIEWPORT.height}, scroll step ${settings.stepPx} px/frame, older pages of ${settings.pageSize}\n`,
  );
  console.log(`  ${''.padEnd(36)} ${'ours'.padStart(12)} ${'bare'.padStart(12)} ${'ours/bare'.padStart(10)}`);
  for (const [label, a, b, r] of rows)
    console.log(`  ${label.padEnd(36)} ${a.padStart(12)} ${b.padStart(12)} ${r.padStart(10)}`);
  for (const [label, f] of [
    ['ours', ours],
    ['bare', bare],
  ] as const) {
    const parts = f.scroll?.longestAnimationFrameParts;
    if (parts) console.log(`  ${label}: longest animation frame while scrolling: ${parts}`);
  }
  for (const note of [...ours.notes.map((n) => `ours: ${n}`), ...bare.notes.map((n) => `bare: ${n}`)])
    console.log(`  note: ${note}`);

  const verdict = (pass: boolean | null) => (pass === null ? 'n/a ' : pass ? 'PASS' : 'FAIL');
  const known = (value: number | null | undefined): value is number =>
    value !== null && value !== undefined && !Number.isNaN(value);
  const settleRatio = median(ours.settles) / median(bare.settles);
  const domRatio = ours.counts && bare.counts ? ours.counts.list / bare.counts.list : NaN;
  const p95 = quantile(ours.socketToPaint, 0.95);
  const frame = ours.scroll?.reached ? ours.scroll.longestFrame : null;
  console.log('\nBudget (ours):');
  const line = (pass: boolean | null, text: string) => console.log(`  ${verdict(pass)}  ${text}`);
  line(
    known(settleRatio) ? settleRatio <= BUDGET.settleRatio : null,
    `settle ${ratio(median(ours.settles), median(bare.settles))} the bare list's (at most ${BUDGET.settleRatio}×)`,
  );
  line(
    known(domRatio) ? domRatio <= BUDGET.domRatio : null,
    `DOM elements in the list ${ratio(ours.counts?.list, bare.counts?.list)} the bare list's (at most ${BUDGET.domRatio}×)`,
  );
  line(
    known(ours.heap) ? ours.heap <= BUDGET.heapBytes : null,
    `JS heap ${mb(ours.heap)} (at most ${mb(BUDGET.heapBytes)})`,
  );
  line(
    known(p95) ? p95 <= BUDGET.paintP95 : null,
    `new message socket → painted p95 ${ms(p95)} (at most ${BUDGET.paintP95} ms)`,
  );
  line(
    known(frame) ? frame <= BUDGET.frameMs : null,
    `longest frame scrolling ${settings.scrollMessages} messages up ${ms(frame)} (at most ${BUDGET.frameMs} ms)`,
  );
}
