/**
 * What the app's first script knows of due reminders: whether this member's due-reminder code is
 * needed yet. Most members have no reminder falling due, so the notices, their statechart and
 * the clocks (DueRemindersLive, due-reminders.ts) are fetched only once one of these holds:
 *   - this session kept notices (shown before a reload or on another page);
 *   - the service announced a due reminder (`notification.reminder_due`), kept here until the
 *     fetched code takes over and reads it (`takeOver`), so none is lost;
 *   - the client holds a reminder with a due time (the chat or the reminders view loaded it), whose
 *     clock must be watched.
 * It also holds the words a screen reader hears when one falls due: the live region that says them
 * must be on the page before they are put in it, so it is rendered from the start (DueReminders).
 */
import { useSyncExternalStore } from 'react';
import type { Event, StreamChat } from 'stream-chat';

/** Where the session's notices are kept, per member. */
export const dueRemindersStorageKey = (userId: string) => `sideline.dueReminders.${userId}`;

/** What the first script renders: whether the code is needed, and the latest announcement. */
export interface GateView {
  wanted: boolean;
  announcement: string;
}

interface Gate {
  view: GateView;
  /** Due-reminder events heard before the code that handles them was there. */
  queued: Event[];
  listeners: Set<() => void>;
  /** Stops listening (the fetched code listens from then on). */
  stop: () => void;
}

const gates = new WeakMap<StreamChat, Gate>();

function keptNotices(userId: string): boolean {
  try {
    const kept = JSON.parse(window.sessionStorage.getItem(dueRemindersStorageKey(userId)) ?? 'null') as {
      notices?: unknown;
    } | null;
    return Array.isArray(kept?.notices) && kept.notices.length > 0;
  } catch {
    return false;
  }
}

function gateOf(client: StreamChat): Gate {
  const existing = gates.get(client);
  if (existing) return existing;
  const gate: Gate = {
    view: { wanted: keptNotices(client.userID ?? ''), announcement: '' },
    queued: [],
    listeners: new Set(),
    stop: () => {},
  };
  const want = () => !gate.view.wanted && update(gate, { wanted: true });
  const due = client.on('notification.reminder_due', (event) => {
    gate.queued.push(event);
    want();
  });
  const hasTime = () => [...client.reminders.reminders.values()].some((reminder) => reminder.remindAt !== null);
  const store = client.reminders.state.subscribe(() => hasTime() && want());
  gate.stop = () => {
    due.unsubscribe();
    store();
  };
  gates.set(client, gate);
  return gate;
}

function update(gate: Gate, change: Partial<GateView>) {
  gate.view = { ...gate.view, ...change };
  gate.listeners.forEach((listener) => listener());
}

/** Whether the member's due-reminder code is needed (once true, it stays), and what to announce. */
export function useDueReminderGate(client: StreamChat): GateView {
  const gate = gateOf(client);
  return useSyncExternalStore(
    (listener) => {
      gate.listeners.add(listener);
      return () => gate.listeners.delete(listener);
    },
    () => gate.view,
  );
}

/** Puts `text` in the announcement that screen readers hear (from the fetched code). */
export function announce(client: StreamChat, text: string): void {
  const gate = gateOf(client);
  if (gate.view.announcement !== text) update(gate, { announcement: text });
}

/** The fetched code takes over listening: the gate stops, and hands over the events it kept. */
export function takeOver(client: StreamChat): Event[] {
  const gate = gates.get(client);
  if (!gate) return [];
  gate.stop();
  return gate.queued.splice(0);
}
