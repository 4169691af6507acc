/**
 * JSON schemas of the league's read routes: params and query strings (checked, coerced from
 * text), and the responses of league-view.ts (which also decide what is serialised: a field
 * missing here never reaches the browser).
 */
import { errorBodySchema } from '../../http/errors.js';
import { SPORTS } from '../../league/sports.js';

const nullable = (type: 'string' | 'integer') => ({ type: [type, 'null'] }) as const;
const integer = { type: 'integer' } as const;
const string = { type: 'string' } as const;
const stringList = { type: 'array', items: string } as const;

const object = (properties: Record<string, unknown>) =>
  ({ type: 'object', required: Object.keys(properties), properties }) as const;

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
} as const;

export const readErrors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/** Every position of every sport; the route then checks the league's own sport. */
export const ALL_POSITIONS = [...new Set(Object.values(SPORTS).flatMap((sport) => sport.positions))];

/** The API client's cache breaker (spec section 7: `_ts`, a timestamp), allowed on every GET. */
const cacheBreaker = { _ts: { type: 'integer', minimum: 0 } } as const;

export const weekQuery = {
  type: 'object',
  additionalProperties: false,
  // The range depends on the league, so the route checks it and names it in the message.
  properties: { week: { type: 'integer' }, ...cacheBreaker },
} as const;

export const limitQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { limit: { type: 'integer', minimum: 1, maximum: 50, default: 10 }, ...cacheBreaker },
} as const;

export const playerQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    q: { type: 'string', minLength: 1, maxLength: 100 },
    team: { type: 'integer', minimum: 1, maximum: 2147483647 },
    position: { type: 'string', enum: ALL_POSITIONS },
    status: { type: 'string', enum: ['available', 'injured', 'suspended'] },
    free: { type: 'boolean' },
    sort: { type: 'string', enum: ['name', 'goals', 'appearances'], default: 'name' },
    limit: { type: 'integer', minimum: 1, maximum: 50, default: 25 },
    cursor: { type: 'string', minLength: 1, maxLength: 2000, pattern: '^[A-Za-z0-9_-]+$' },
    ...cacheBreaker,
  },
} as const;

export const teamRefSchema = object({
  id: integer,
  name: string,
  short_name: string,
  colour_primary: string,
  colour_secondary: string,
  crest_url: nullable('string'),
});
export const nullableTeamRef = { anyOf: [teamRefSchema, { type: 'null' }] } as const;

const playerRefProperties = {
  id: integer,
  name: string,
  position: string,
  shirt_number: nullable('integer'),
  status: string,
  user_id: nullable('integer'),
  avatar_url: nullable('string'),
};
const playerRefSchema = object(playerRefProperties);

const summaryProperties = {
  id: integer,
  name: string,
  sport: string,
  season: string,
  weeks: integer,
  current_week: integer,
  my_role: string,
  my_team: nullableTeamRef,
  teams: integer,
  first_match_date: nullable('string'),
  time_zone: string,
  tie_break: stringList,
  tie_break_preset: nullable('string'),
};
export const leagueSummarySchema = object(summaryProperties);
export const leagueListSchema = object({ leagues: { type: 'array', items: leagueSummarySchema } });

export const standingRowSchema = object({
  rank: integer,
  team: teamRefSchema,
  played: integer,
  won: integer,
  drawn: integer,
  lost: integer,
  goals_for: integer,
  goals_against: integer,
  goal_difference: integer,
  points: integer,
  form: stringList,
  form_entries: {
    type: 'array',
    items: object({ fixture_id: integer, result: string, awarded: { type: 'boolean' } }),
  },
  points_adjustment: integer,
  adjustments: { type: 'array', items: object({ points: integer, reason: string }) },
  decided_by: nullable('string'),
  decision: { anyOf: [object({ reason: string }), { type: 'null' }] },
});

export const leagueDetailSchema = object({
  ...summaryProperties,
  rules: object({
    points_win: integer,
    points_draw: integer,
    points_loss: integer,
    squad_min: integer,
    squad_max: integer,
    sheet_starters: integer,
    sheet_subs_max: integer,
    positions: stringList,
    match_minutes: integer,
  }),
  standings: { type: 'array', items: standingRowSchema },
  chat_channel: nullable('string'),
  can: object({ manage: { type: 'boolean' }, change_rules: { type: 'boolean' } }),
});

const fixtureSummaryProperties = {
  id: integer,
  week: integer,
  home: teamRefSchema,
  away: teamRefSchema,
  kickoff_at: string,
  venue: string,
  referee_name: string,
  referee_user_id: nullable('integer'),
  status: string,
  home_score: nullable('integer'),
  away_score: nullable('integer'),
  awarded: { type: 'boolean' },
  awarded_reason: nullable('string'),
};

export const weekFixturesSchema = object({
  league_id: integer,
  week: integer,
  weeks: integer,
  current_week: integer,
  fixtures: { type: 'array', items: object(fixtureSummaryProperties) },
});

export const awardedFixturesSchema = object({
  league_id: integer,
  fixtures: { type: 'array', items: object(fixtureSummaryProperties) },
});

const sheetSchema = { type: 'array', items: object({ player: playerRefSchema, role: string }) } as const;

const matchEvents = { minutes: integer, goals: integer, assists: integer, yellow_cards: integer, red_cards: integer };

export const fixtureDetailSchema = object({
  ...fixtureSummaryProperties,
  league_id: integer,
  sheets: object({ home: sheetSchema, away: sheetSchema }),
  appearances: { type: 'array', items: object({ player: playerRefSchema, team_id: integer, ...matchEvents }) },
  can: object({
    set_home_sheet: { type: 'boolean' },
    set_away_sheet: { type: 'boolean' },
    record_result: { type: 'boolean' },
    change: { type: 'boolean' },
  }),
});

const seasonTotals = { appearances: integer, goals: integer, assists: integer };
const squadPlayerSchema = object({ ...playerRefProperties, ...seasonTotals, since: string });

export const teamDetailSchema = object({
  ...teamRefSchema.properties,
  league_id: integer,
  coach_name: string,
  coach_user_id: nullable('integer'),
  squad: { type: 'array', items: squadPlayerSchema },
  next_fixture: { anyOf: [object({ ...fixtureSummaryProperties, sheet: sheetSchema }), { type: 'null' }] },
  last_result: { anyOf: [object(fixtureSummaryProperties), { type: 'null' }] },
  standing: { anyOf: [standingRowSchema, { type: 'null' }] },
  can: object({ manage_squad: { type: 'boolean' }, set_sheet: { type: 'boolean' } }),
});

export const playerPageSchema = object({
  players: {
    type: 'array',
    items: object({ ...playerRefProperties, ...seasonTotals, since: nullable('string'), team: nullableTeamRef }),
  },
  next_cursor: nullable('string'),
});

export const playerDetailSchema = object({
  ...playerRefProperties,
  league_id: integer,
  team: nullableTeamRef,
  totals: object({ appearances: integer, ...matchEvents }),
  weeks: {
    type: 'array',
    items: object({ week: integer, fixture_id: integer, opponent: teamRefSchema, ...matchEvents }),
  },
  history: { type: 'array', items: object({ team: teamRefSchema, from_at: string, until_at: nullable('string') }) },
});

export const transferListSchema = object({
  transfers: {
    type: 'array',
    items: object({
      id: integer,
      kind: string,
      player: playerRefSchema,
      from_team: nullableTeamRef,
      to_team: nullableTeamRef,
      at: string,
      by_name: nullable('string'),
    }),
  },
});
