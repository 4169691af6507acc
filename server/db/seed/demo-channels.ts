/**
 * The demo league's chat: two league channels for every demo member and a direct conversation
 * between the first two, each with a few opening messages. Members and authors are indexes into
 * the demo members (demo-users.ts).
 */
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
  /** Indexes of the members; 'all' for every demo member. */
  members: 'all' | number[];
  messages: DemoMessage[];
}

export const DEMO_CHANNELS: DemoChannel[] = [
  {
    key: 'general',
    type: 'team',
    id: 'general',
    name: 'League general',
    members: 'all',
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
    members: 'all',
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
];
