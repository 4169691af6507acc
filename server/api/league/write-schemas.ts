/**
 * JSON schemas of the league's write routes (docs/api.md, "League (writes)"). Bodies are strict:
 * no unknown fields, no coercion (server/http/validation.ts). The response schemas describe the
 * types in league-view.ts, league-writes.ts and squad-writes.ts. Free texts (venue, referee name)
 * are bounded here and checked by the text policy in the service (docs/api.md, "Text fields").
 */
import { TEXT_RULES } from '../../../shared/text-policy.js';
import { errorBodySchema } from '../../http/errors.js';
import { textFieldSchema } from '../../http/text-input.js';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const nullableId = { anyOf: [id, { type: 'null' }] } as const;
const nullableInteger = { anyOf: [{ type: 'integer' }, { type: 'null' }] } as const;
const nullableString = { anyOf: [{ type: 'string' }, { type: 'null' }] } as const;
const score = { type: 'integer', minimum: 0, maximum: 99 } as const;

export const writeErrors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
};

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id },
} as const;

export const sheetParams = {
  type: 'object',
  required: ['id', 'teamId'],
  properties: { id, teamId: id },
} as const;

/** Generous bounds only; the league's own sheet sizes are checked by the service (422). */
const playerIds = { type: 'array', maxItems: 60, items: id } as const;

export const sheetBody = {
  type: 'object',
  additionalProperties: false,
  required: ['starters', 'substitutes'],
  properties: { starters: playerIds, substitutes: playerIds },
} as const;

export const transferBody = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'player_id'],
  properties: {
    kind: { type: 'string', enum: ['registered', 'released', 'moved'] },
    player_id: id,
    team_id: id,
    from_team_id: nullableId,
  },
} as const;

const count = { type: 'integer', minimum: 0, maximum: 99, default: 0 } as const;

export const resultBody = {
  type: 'object',
  additionalProperties: false,
  required: ['home_score', 'away_score'],
  properties: {
    home_score: score,
    away_score: score,
    appearances: {
      type: 'array',
      maxItems: 100,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['player_id', 'minutes'],
        properties: {
          player_id: id,
          minutes: { type: 'integer', minimum: 1, maximum: 999 },
          goals: count,
          assists: count,
          yellow_cards: count,
          red_cards: count,
        },
      },
    },
  },
} as const;

export const fixtureBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    kickoff_at: { type: 'string', minLength: 1, maxLength: 40 },
    venue: textFieldSchema(TEXT_RULES.venue),
    referee_user_id: nullableId,
    referee_name: textFieldSchema(TEXT_RULES.refereeName),
    status: { type: 'string', enum: ['scheduled', 'postponed'] },
  },
} as const;

/** `PATCH /players/:id`: any of these; the service asks for at least one. */
export function playerBody(shirtMax: number) {
  return {
    type: 'object',
    additionalProperties: false,
    properties: {
      status: { type: 'string', enum: ['available', 'injured', 'suspended'] },
      position: { type: 'string', minLength: 1, maxLength: 8 },
      shirt_number: { anyOf: [{ type: 'integer', minimum: 0, maximum: shirtMax }, { type: 'null' }] },
      name: textFieldSchema(TEXT_RULES.playerName),
    },
  } as const;
}

export const teamRef = {
  type: 'object',
  required: ['id', 'name', 'short_name', 'colour_primary', 'colour_secondary', 'crest_url'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    short_name: { type: 'string' },
    colour_primary: { type: 'string' },
    colour_secondary: { type: 'string' },
    crest_url: nullableString,
  },
} as const;

export const playerRefSchema = {
  type: 'object',
  required: ['id', 'name', 'position', 'shirt_number', 'status', 'user_id', 'avatar_url'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    position: { type: 'string' },
    shirt_number: nullableInteger,
    status: { type: 'string' },
    user_id: nullableInteger,
    avatar_url: nullableString,
  },
} as const;

export const fixtureViewSchema = {
  type: 'object',
  required: [
    'id',
    'league_id',
    'week',
    'home',
    'away',
    'kickoff_at',
    'venue',
    'referee_name',
    'referee_user_id',
    'status',
    'home_score',
    'away_score',
    'awarded',
    'awarded_reason',
  ],
  properties: {
    id: { type: 'integer' },
    league_id: { type: 'integer' },
    week: { type: 'integer' },
    home: teamRef,
    away: teamRef,
    kickoff_at: { type: 'string' },
    venue: { type: 'string' },
    referee_name: { type: 'string' },
    referee_user_id: nullableInteger,
    status: { type: 'string' },
    home_score: nullableInteger,
    away_score: nullableInteger,
    awarded: { type: 'boolean' },
    awarded_reason: nullableString,
  },
} as const;

export const sheetViewSchema = {
  type: 'object',
  required: ['fixture_id', 'team_id', 'lines'],
  properties: {
    fixture_id: { type: 'integer' },
    team_id: { type: 'integer' },
    lines: {
      type: 'array',
      items: {
        type: 'object',
        required: ['player_id', 'role', 'player'],
        properties: { player_id: { type: 'integer' }, role: { type: 'string' }, player: playerRefSchema },
      },
    },
  },
} as const;

const nullableTeamRef = { anyOf: [teamRef, { type: 'null' }] } as const;

export const transferViewSchema = {
  type: 'object',
  required: ['id', 'kind', 'player', 'from_team', 'to_team', 'at', 'by_name'],
  properties: {
    id: { type: 'integer' },
    kind: { type: 'string' },
    player: playerRefSchema,
    from_team: nullableTeamRef,
    to_team: nullableTeamRef,
    at: { type: 'string' },
    by_name: nullableString,
  },
} as const;

export const weekViewSchema = {
  type: 'object',
  required: ['league_id', 'current_week', 'weeks'],
  properties: { league_id: { type: 'integer' }, current_week: { type: 'integer' }, weeks: { type: 'integer' } },
} as const;
