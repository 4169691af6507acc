/**
 * One reminder actor (machines/reminder) per message and client, shared by everything that shows
 * or changes that message's reminder: the line on the message, the "Remind me" menu, the custom
 * time dialog and the row in "Saved and reminders". An actor lives while something holds it, and
 * a request in flight (saving, deleting) finishes before the actor is stopped, so closing the menu
 * never cancels what the member chose.
 */
import type { StreamChat } from 'stream-chat';
import { createActor, waitFor, type Actor } from 'xstate';
import { reminderMachine } from '../../../../machines/reminder/reminder.machine';
import type { ReminderData, ReminderError, ReminderEvent } from '../../../../machines/reminder/reminder.types';
import { createReminderActors } from '../../../lib/actors/reminder-actors';

export type ReminderActor = Actor<typeof reminderMachine>;

interface Entry {
  actor: ReminderActor;
  holders: number;
  /** Set while nothing holds it: stops it unless it is held again meanwhile. */
  stopTimer?: ReturnType<typeof setTimeout>;
}

/** How long an actor nothing holds is kept (a list row scrolled away and back, a re-render). */
export const RELEASE_GRACE_MS = 1000;

const registries = new WeakMap<StreamChat, Map<string, Entry>>();

const busy = (actor: ReminderActor) => {
  const snapshot = actor.getSnapshot();
  return snapshot.matches('saving') || snapshot.matches('deleting');
};

/** What the client already knows of the member's reminder on the message (from channel queries and events). */
export function knownReminder(client: StreamChat, messageId: string): ReminderData | null {
  const known = client.reminders.getFromState(messageId);
  return known ? { remindAt: known.remindAt?.toISOString() ?? null } : null;
}

function registryOf(client: StreamChat): Map<string, Entry> {
  let registry = registries.get(client);
  if (!registry) registries.set(client, (registry = new Map<string, Entry>()));
  return registry;
}

/** Stops the entry RELEASE_GRACE_MS from now unless something holds it by then. */
function stopLater(registry: Map<string, Entry>, messageId: string, entry: Entry): void {
  clearTimeout(entry.stopTimer);
  entry.stopTimer = setTimeout(() => {
    if (entry.holders > 0 || registry.get(messageId) !== entry) return;
    entry.actor.stop();
    registry.delete(messageId);
  }, RELEASE_GRACE_MS);
}

function entryOf(client: StreamChat, messageId: string, initial?: ReminderData | null): Entry {
  const registry = registryOf(client);
  let entry = registry.get(messageId);
  if (!entry) {
    const machine = reminderMachine.provide({ actors: createReminderActors(client) });
    const reminder = initial !== undefined ? initial : knownReminder(client, messageId);
    entry = { actor: createActor(machine, { input: { messageId, reminder } }).start(), holders: 0 };
    registry.set(messageId, entry);
    // Only looked at (a render that is discarded): it goes unless held.
    stopLater(registry, messageId, entry);
  }
  return entry;
}

/** The message's reminder actor without holding it (a render's first look; the effect holds it). */
export function reminderActorOf(client: StreamChat, messageId: string, initial?: ReminderData | null): ReminderActor {
  return entryOf(client, messageId, initial).actor;
}

/** The message's reminder actor, started when first needed; call `release` when done with it. */
export function holdReminder(
  client: StreamChat,
  messageId: string,
  initial?: ReminderData | null,
): { actor: ReminderActor; release: () => void } {
  const registry = registryOf(client);
  const held = entryOf(client, messageId, initial);
  clearTimeout(held.stopTimer);
  held.holders++;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    held.holders--;
    if (held.holders > 0) return;
    // A request in flight finishes first.
    const settled = busy(held.actor)
      ? waitFor(held.actor, (s) => !s.matches('saving') && !s.matches('deleting')).then(() => undefined)
      : Promise.resolve();
    void settled.then(() => stopLater(registry, messageId, held));
  };
  return { actor: held.actor, release };
}

/** Sends `event` to the message's reminder and waits until the request settles; answers its error, if any. */
export async function changeReminder(
  client: StreamChat,
  messageId: string,
  event: ReminderEvent,
): Promise<ReminderError | null> {
  const { actor, release } = holdReminder(client, messageId);
  try {
    actor.send(event);
    const settled = await waitFor(actor, (s) => !s.matches('saving') && !s.matches('deleting'));
    return settled.context.error;
  } finally {
    release();
  }
}
