/**
 * The demo league's chat: league-wide channels, team and role channels, and direct conversations,
 * each with a few opening messages, so the commissioner (the first member) starts with more than one
 * page of channels. Members and authors are indexes into
 * the demo members (demo-users.ts).
 *
 * The league's own channels (`league`: general, match day, results and the four teams' channels)
 * keep their ids here but get their members from the league's data through the chat sync, like
 * any league's (docs/decisions/0040): demo-chat-ids.ts records their ids for the sync.
 */
import type { TeamKey } from './demo-league-data.js';
export interface DemoMessage {
  /** Index of the author among the demo members. */
  author: number;
  text: string;
}

export interface DemoChannel {
  /** Names the channel's seed messages (their ids are `demo-<key>-<n>`). */
  key: string;
  type: 'team' | 'messaging';
  /** null: a distinct conversation, identified by its members (how the app opens direct messages). */
  id: string | null;
  name?: string;
  /** Indexes of the members; 'all' for every demo member; 'league' for the sync's (see `league`). */
  members: 'all' | 'league' | number[];
  /** The league channel this is (its members come from the league's data), when it is one. */
  league?: 'general' | 'match-day' | 'results' | TeamKey;
  messages: DemoMessage[];
}

export const DEMO_CHANNELS: DemoChannel[] = [
  {
    key: 'general',
    type: 'team',
    id: 'general',
    name: 'League general',
    members: 'league',
    league: 'general',
    messages: [
      { author: 0, text: 'Welcome to the Riverside League chat! Fixtures, results and friendly banter go here.' },
      { author: 1, text: 'Thanks Alex. The Harbour Hawks are ready for Saturday.' },
      { author: 2, text: 'Does anyone have spare shin pads in size M? Mine went missing after training.' },
    ],
  },
  {
    key: 'matchday',
    type: 'team',
    id: 'matchday',
    name: 'Match day',
    members: 'league',
    league: 'match-day',
    messages: [
      { author: 6, text: 'Kick-off moves to 10:30 on pitch 2 this week.' },
      { author: 8, text: 'Referees are confirmed for all four matches.' },
    ],
  },
  {
    key: 'direct',
    type: 'messaging',
    id: null,
    members: [0, 1],
    messages: [
      { author: 0, text: 'Hi Jordan, could we swap our fixture to Sunday morning?' },
      { author: 1, text: 'Sunday works for us. I will tell the team.' },
    ],
  },
  {
    key: 'results',
    type: 'team',
    id: 'results',
    name: 'Results',
    members: 'league',
    league: 'results',
    messages: [
      { author: 8, text: 'Week 6: Harbour Hawks 2–1 Canal Street Comets, Old Town Owls 0–0 Bayside Bears.' },
      { author: 0, text: 'Standings are updated on the League page. Great week, everyone.' },
    ],
  },
  {
    key: 'referees',
    type: 'team',
    id: 'referees',
    name: 'Referees',
    members: [0, 8, 10],
    messages: [
      { author: 8, text: 'Can someone cover pitch 3 at 12:00 on Saturday?' },
      { author: 10, text: 'I can take it.' },
    ],
  },
  {
    key: 'coaches',
    type: 'team',
    id: 'coaches',
    name: 'Coaches',
    members: [0, 1, 7, 10],
    messages: [
      { author: 1, text: 'Team sheets for week 7 are due by Friday evening.' },
      { author: 7, text: 'The Bears will have two new signings available.' },
    ],
  },
  {
    key: 'fixtures',
    type: 'team',
    id: 'fixtures',
    name: 'Fixtures',
    members: 'all',
    messages: [{ author: 6, text: 'Week 7 fixtures are out: four matches, kick-offs from 9:00.' }],
  },
  {
    key: 'transfers',
    type: 'team',
    id: 'transfers',
    name: 'Transfers',
    members: [0, 1, 7],
    messages: [{ author: 0, text: 'The transfer window closes at the end of week 8.' }],
  },
  {
    key: 'hawks',
    type: 'team',
    id: 'harbour-hawks',
    name: 'Harbour Hawks',
    members: 'league',
    league: 'HAW',
    messages: [
      { author: 1, text: 'Training on Thursday at 19:00, bring both kits.' },
      { author: 11, text: 'I will be ten minutes late.' },
    ],
  },
  {
    key: 'comets',
    type: 'team',
    id: 'canal-street-comets',
    name: 'Canal Street Comets',
    members: 'league',
    league: 'COM',
    messages: [{ author: 2, text: 'Who is bringing the oranges this week?' }],
  },
  {
    key: 'owls',
    type: 'team',
    id: 'old-town-owls',
    name: 'Old Town Owls',
    members: 'league',
    league: 'OWL',
    messages: [{ author: 5, text: 'New away shirts arrive on Monday.' }],
  },
  {
    key: 'bears',
    type: 'team',
    id: 'bayside-bears',
    name: 'Bayside Bears',
    members: 'league',
    league: 'BEA',
    messages: [{ author: 7, text: 'Captain’s armband is in the kit bag.' }],
  },
  {
    key: 'kit',
    type: 'team',
    id: 'kit-and-equipment',
    name: 'Kit and equipment',
    members: 'all',
    messages: [{ author: 9, text: 'The first-aid kit for pitch 2 needs new ice packs.' }],
  },
  {
    key: 'social',
    type: 'team',
    id: 'social',
    name: 'Social',
    members: 'all',
    messages: [{ author: 4, text: 'End-of-season dinner: vote for a date in the poll next week!' }],
  },
  {
    key: 'direct-sofia',
    type: 'messaging',
    id: null,
    members: [0, 2],
    messages: [
      { author: 2, text: 'Alex, is the registration fee due before week 8?' },
      { author: 0, text: 'Yes, by the end of week 7, please.' },
    ],
  },
  {
    key: 'direct-daan',
    type: 'messaging',
    id: null,
    members: [0, 8],
    messages: [{ author: 8, text: 'Referee reports for week 6 are in the shared folder.' }],
  },
];
