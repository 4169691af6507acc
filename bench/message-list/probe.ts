/**
 * The in-page side of bench/message-list.ts, installed in every page before its own scripts
 * (`installProbe` is serialised into an init script, so it must not use anything from outside
 * its own body). The same probe runs on our app and on the bare list, so its small cost is the
 * same on both. It records:
 *   - when each message marker (`m00042`, `live-0007`) first appears in the page (a
 *     MutationObserver over the whole document), and when the page and the message list last
 *     changed;
 *   - when a WebSocket frame first carries a `live-NNNN` marker (a WebSocket subclass that listens
 *     before the page's own handler), and when a `live-NNNN` message was painted (the frame after
 *     its node was added: requestAnimationFrame, then a task after that frame);
 *   - while `scrollUp` runs: the time between animation frames, long animation frames
 *     (PerformanceObserver) and long tasks.
 */
export interface SettleResult {
  /** The list's last change (ms after navigation start) before it stayed quiet; null: never settled. */
  listSettledAt: number | null;
  /** The page's last change before the list settled, for information. */
  pageSettledAt: number | null;
  /** When the newest message first appeared. */
  newestShownAt: number | null;
  /** Whether a message list was found, and how many bench messages it has shown so far. */
  listFound: boolean;
  markersSeen: number;
}

export interface Counts {
  page: number;
  list: number;
  messages: number;
  width: number;
  height: number;
}

export interface ScrollResult {
  reached: boolean;
  ms: number;
  frames: number;
  longestFrame: number;
  framesOver50: number;
  /** Longest long-animation-frame entry (ms); null when the browser has no such entries. */
  longestAnimationFrame: number | null;
  /** Where the longest animation frame's time went: scripts (by invoker), style and layout. */
  longestAnimationFrameParts: string | null;
  longestTask: number;
  /** The lowest seeded ordinal rendered at the end (how far up the list got). */
  topmost: number | null;
}

export interface BenchProbe {
  settle(newest: string, quietMs: number, timeoutMs: number): Promise<SettleResult>;
  counts(): Counts | null;
  scrollUp(goal: string, stepPx: number, timeoutMs: number): Promise<ScrollResult>;
  arrivals: Record<string, number>;
  paints: Record<string, number>;
}

declare global {
  interface Window {
    __bench: BenchProbe;
  }
}

export function installProbe(): void {
  // No leading \b: an element's textContent runs one message's last word into the next one's marker.
  const MARKERS = /(m\d{5}|live-\d{4})(?!\d)/g;
  const seen = new Map<string, number>();
  const arrivals: Record<string, number> = {};
  const paints: Record<string, number> = {};
  let lastPageMutation = 0;
  let lastListMutation = 0;
  let listScroller: Element | null = null;

  const markersIn = (text: string | null) => new Set(text?.match(MARKERS) ?? []);
  const scrollableAncestor = (element: Element | null): Element | null => {
    for (let e = element; e; e = e.parentElement) {
      if (/(auto|scroll)/.test(getComputedStyle(e).overflowY)) return e;
    }
    return null;
  };
  /** The message list: the virtual list's scroller that shows at least two bench messages. */
  const findList = (): Element | null => {
    if (listScroller?.isConnected) return listScroller;
    for (const candidate of document.querySelectorAll(
      '[data-virtuoso-scroller], [data-test-id="virtuoso-item-list"]',
    )) {
      const scroller = candidate.matches('[data-virtuoso-scroller]') ? candidate : scrollableAncestor(candidate);
      if (scroller && markersIn(scroller.textContent).size >= 2) return scroller;
    }
    return null;
  };

  const painted = (marker: string) => {
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        paints[marker] ??= performance.now();
      };
      channel.port2.postMessage(0);
    });
  };

  const notice = (text: string | null, now: number) => {
    for (const marker of markersIn(text)) {
      if (seen.has(marker)) continue;
      seen.set(marker, now);
      if (marker.startsWith('live-')) painted(marker);
    }
  };

  // Only what appears in the message list counts (the channel list shows the last message too).
  const observer = new MutationObserver((records) => {
    const now = performance.now();
    lastPageMutation = now;
    if (!listScroller?.isConnected) {
      listScroller = findList();
      if (!listScroller) return;
      lastListMutation = now;
      notice(listScroller.textContent, now);
    }
    const list = listScroller;
    for (const record of records) {
      const inside = list.contains(record.target);
      if (inside || record.target.contains(list)) lastListMutation = now;
      if (record.type === 'characterData' && inside) notice(record.target.textContent, now);
      if (record.type !== 'childList') continue;
      for (const node of record.addedNodes) {
        if (inside) notice(node.textContent, now);
        else if (node.contains(list)) notice(list.textContent, now);
      }
    }
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true });

  // Frames from the chat service: the first one that names each live message.
  const NativeWebSocket = window.WebSocket;
  class ProbedWebSocket extends NativeWebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      this.addEventListener('message', (event: MessageEvent) => {
        if (typeof event.data !== 'string' || !event.data.includes('live-')) return;
        const now = performance.now();
        for (const match of event.data.matchAll(/live-\d{4}/g)) arrivals[match[0]] ??= now;
      });
    }
  }
  window.WebSocket = ProbedWebSocket;

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  window.__bench = {
    arrivals,
    paints,

    async settle(newest, quietMs, timeoutMs) {
      const deadline = performance.now() + timeoutMs;
      while (performance.now() < deadline) {
        const shown = seen.get(newest);
        if (shown !== undefined && performance.now() - Math.max(lastListMutation, shown) >= quietMs) {
          return {
            listSettledAt: Math.max(lastListMutation, shown),
            pageSettledAt: lastPageMutation,
            newestShownAt: shown,
            listFound: true,
            markersSeen: seen.size,
          };
        }
        await sleep(25);
      }
      return {
        listSettledAt: null,
        pageSettledAt: null,
        newestShownAt: seen.get(newest) ?? null,
        listFound: findList() !== null,
        markersSeen: seen.size,
      };
    },

    counts() {
      const list = findList();
      if (!list) return null;
      const text = list.textContent ?? '';
      return {
        page: document.getElementsByTagName('*').length,
        list: list.getElementsByTagName('*').length,
        messages: markersIn(text).size,
        width: list.clientWidth,
        height: list.clientHeight,
      };
    },

    scrollUp(goal, stepPx, timeoutMs) {
      const list = findList();
      const topmost = () => {
        const ordinals = [...markersIn(findList()?.textContent ?? null)]
          .filter((m) => m.startsWith('m'))
          .map((m) => Number(m.slice(1)));
        return ordinals.length ? Math.min(...ordinals) : null;
      };
      interface LoafEntry extends PerformanceEntry {
        renderStart: number;
        styleAndLayoutStart: number;
        scripts: { invoker: string; duration: number; sourceFunctionName: string }[];
      }
      const longFrames: LoafEntry[] = [];
      const longTasks: number[] = [];
      const supported = PerformanceObserver.supportedEntryTypes;
      const loaf = supported.includes('long-animation-frame')
        ? new PerformanceObserver((entries) => longFrames.push(...(entries.getEntries() as LoafEntry[])))
        : null;
      loaf?.observe({ type: 'long-animation-frame' });
      const tasks = new PerformanceObserver((entries) =>
        longTasks.push(...entries.getEntries().map((e) => e.duration)),
      );
      if (supported.includes('longtask')) tasks.observe({ type: 'longtask' });

      return new Promise<ScrollResult>((resolve) => {
        const deltas: number[] = [];
        let started = 0;
        let last = 0;
        const parts = (entry: LoafEntry | undefined) => {
          if (!entry) return null;
          const scripts = [...entry.scripts].sort((a, b) => b.duration - a.duration).slice(0, 3);
          const layout = entry.startTime + entry.duration - entry.styleAndLayoutStart;
          return [
            ...scripts.map(
              (s) =>
                `${s.invoker}${s.sourceFunctionName ? ` (${s.sourceFunctionName})` : ''} ${s.duration.toFixed(0)} ms`,
            ),
            `style and layout ${layout.toFixed(0)} ms`,
          ].join(', ');
        };
        const finish = (reached: boolean) => {
          loaf?.disconnect();
          tasks.disconnect();
          const longest = [...longFrames].sort((a, b) => b.duration - a.duration)[0];
          resolve({
            reached,
            ms: last - started,
            frames: deltas.length,
            longestFrame: Math.max(0, ...deltas),
            framesOver50: deltas.filter((d) => d > 50).length,
            longestAnimationFrame: loaf ? (longest?.duration ?? 0) : null,
            longestAnimationFrameParts: parts(longest),
            longestTask: Math.max(0, ...longTasks),
            topmost: topmost(),
          });
        };
        if (!list) {
          finish(false);
          return;
        }
        const step = (time: number) => {
          if (started === 0) started = time;
          else deltas.push(time - last);
          last = time;
          if (seen.has(goal)) return finish(true);
          if (time - started > timeoutMs) return finish(false);
          const scroller = findList() ?? list;
          scroller.scrollTop = Math.max(0, scroller.scrollTop - stepPx);
          requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      });
    },
  };
}
