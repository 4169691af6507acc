/**
 * The channel of bench/message-list.ts, made through the chat sandbox's REST API with the
 * server-side `stream-chat` client, as the product API makes its demo channels: every demo member
 * in it, N messages from six of them (runs of one author and single messages, texts of varied
 * length, some on several lines). Each seeded text starts with its ordinal (`m00042`), each live
 * message with `live-NNNN`: the page probe finds messages by these markers.
 */
import { randomSource } from '../../server/db/seed/random.js';
import type { Channel, StreamChat } from 'stream-chat';

export const CHANNEL = { type: 'team', id: 'bench-10k', name: 'Bench: 10,000 messages' };
/** Requests in flight while seeding; the sandbox stores each batch of writes in one transaction. */
const SEND_CONCURRENCY = 24;

const WORDS = (
  'match pitch goal keeper referee kick-off training saturday sunday fixture league table ' +
  'coach squad bench substitute halftime corner penalty offside drills warm-up boots kit ' +
  'jersey shin pads weather rain sun field parking carpool snacks water bottles whistle ' +
  'tactics pressing counter defence midfield striker winger captain practice schedule ' +
  'tournament trophy season opener friendly result score draw win loss replay highlights'
).split(' ');

export const seededMarker = (ordinal: number) => `m${String(ordinal).padStart(5, '0')}`;
export const liveMarker = (n: number) => `live-${String(n).padStart(4, '0')}`;
export const markerOf = (text: string | undefined) => /^(m\d{5}|live-\d{4})\b/.exec(text ?? '')?.[1] ?? null;

export function sentence(random: () => number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[Math.floor(random() * WORDS.length)]!);
  return out.join(' ');
}

/** Runs `task` over `items`, at most `width` at a time. */
async function inBatches<T>(items: T[], width: number, task: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

export interface ChatMembers {
  /** The demo member the browser signs in as. */
  member: string;
  /** Another member, who sends the live messages. */
  sender: string;
  all: string[];
  /** The demo league's chat team (docs/decisions/0035): the channel must belong to it for the members to reach it. */
  team: string;
}

/** The demo members' chat ids: Alex Morgan (the signed-in member), Jordan Weber (the sender). */
export async function demoMembers(admin: StreamChat): Promise<ChatMembers> {
  const { users } = await admin.queryUsers({}, { created_at: 1 }, { limit: 100 });
  const byName = (name: string) => {
    const user = users.find((u) => u.name === name);
    if (!user) throw new Error(`the chat has no user named ${name}: were the demo members seeded?`);
    return user.id;
  };
  const team = users.find((u) => u.name === 'Alex Morgan')?.teams?.find((t) => t.startsWith('league-'));
  if (!team) throw new Error('Alex Morgan is in no league team: was the demo league chat set up?');
  return { member: byName('Alex Morgan'), sender: byName('Jordan Weber'), all: users.map((u) => u.id), team };
}

/**
 * Creates the channel with `count` messages; returns the server-side channel. The members join
 * after the messages are in: the same data, but the sandbox then does not work out every
 * member's unread counts for each seeded message, which would make seeding quadratic.
 */
export async function seedChannel(admin: StreamChat, members: ChatMembers, count: number): Promise<Channel> {
  const channel = admin.channel(CHANNEL.type, CHANNEL.id, {
    name: CHANNEL.name,
    team: members.team,
    created_by_id: members.member,
  });
  await channel.create();
  const random = randomSource(10_000);
  const authors = members.all.slice(0, 6);
  let author = 0;
  const plan = Array.from({ length: count }, (_, i) => {
    if (random() < 0.45) author = Math.floor(random() * authors.length);
    const roll = random();
    const words = roll < 0.1 ? 40 + Math.floor(random() * 60) : 3 + Math.floor(random() * 25);
    let text = `${seededMarker(i + 1)} ${sentence(random, words)}`;
    if (roll > 0.9) text += `\n${sentence(random, 3 + Math.floor(random() * 10))}`;
    return { id: `bench-${i + 1}`, text, user_id: authors[author]! };
  });
  let done = 0;
  await inBatches(plan, SEND_CONCURRENCY, async (message) => {
    await channel.sendMessage(message);
    if (++done % 1000 === 0) process.stdout.write(`  seeded ${done}/${count}\r`);
  });
  await channel.addMembers(members.all);
  return channel;
}

/**
 * The markers of the newest `depth + 1` messages, newest first, paged from the service with the
 * server-side client (concurrent seeding can store neighbours slightly out of ordinal order, so
 * positions are read back, never assumed).
 */
export async function markersFromNewest(channel: Channel, depth: number): Promise<string[]> {
  const markers: string[] = [];
  let before: string | undefined;
  while (markers.length <= depth) {
    const page = await channel.query({
      state: true,
      messages: { limit: 300, ...(before ? { id_lt: before } : {}) },
    });
    const messages = page.messages;
    if (messages.length === 0) break;
    for (let i = messages.length - 1; i >= 0; i--) {
      const marker = markerOf(messages[i]!.text);
      if (marker) markers.push(marker);
    }
    before = messages[0]!.id;
  }
  return markers;
}
