/**
 * JSON schemas of the set-up routes (docs/api.md, "League (set-up)"). Bodies are strict (no
 * unknown fields, no coercion) and check types and generous bounds only: the league's rules
 * (ranges, orders, limits), texts (the text policy), dates, time zones and tie-break rule sets
 * are checked by setup-rules.ts, whose messages name the field and the rule.
 */
import { TEXT_RULES } from '../../../shared/text-policy.js';
import { errorBodySchema } from '../../http/errors.js';
import { textFieldSchema } from '../../http/text-input.js';
import { SPORT_NAMES } from '../../league/sports.js';
import { writeErrors } from './write-schemas.js';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const nullableId = { anyOf: [id, { type: 'null' }] } as const;
const nullableString = { anyOf: [{ type: 'string' }, { type: 'null' }] } as const;
/** A whole number the rules then bound; the schema only keeps absurd ones out. */
const count = { type: 'integer', minimum: -1000, maximum: 1000 } as const;

/** A group of numbers (points, squad, sheet): any of its fields, the others keep their values. */
const group = (...fields: string[]) =>
  ({
    type: 'object',
    additionalProperties: false,
    minProperties: 1,
    properties: Object.fromEntries(fields.map((field) => [field, count])),
  }) as const;

const settingsProperties = {
  name: textFieldSchema(TEXT_RULES.leagueName),
  sport: { type: 'string', enum: SPORT_NAMES },
  season: textFieldSchema(TEXT_RULES.seasonName),
  first_match_date: { anyOf: [{ type: 'string', maxLength: 40 }, { type: 'null' }] },
  time_zone: { type: 'string', maxLength: 64 },
  points: group('win', 'draw', 'loss'),
  squad: group('min', 'max'),
  sheet: group('starters', 'substitutes_max'),
  tie_break: {
    anyOf: [
      { type: 'string', maxLength: 64 },
      { type: 'array', maxItems: 20, items: { type: 'string', maxLength: 64 } },
    ],
  },
} as const;

export const newLeagueBody = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'sport', 'season'],
  properties: settingsProperties,
} as const;

export const leagueChangesBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: settingsProperties,
} as const;

const colour = { type: 'string', pattern: '^#[0-9A-Fa-f]{6}$' } as const;

const teamProperties = {
  name: textFieldSchema(TEXT_RULES.teamName),
  short_name: textFieldSchema(TEXT_RULES.teamShortName),
  coach_user_id: nullableId,
  coach_name: textFieldSchema(TEXT_RULES.coachName),
} as const;

export const newTeamBody = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'colours'],
  properties: {
    ...teamProperties,
    colours: {
      type: 'object',
      additionalProperties: false,
      required: ['primary', 'secondary'],
      properties: { primary: colour, secondary: colour },
    },
  },
} as const;

export const teamChangesBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    ...teamProperties,
    colours: {
      type: 'object',
      additionalProperties: false,
      minProperties: 1,
      properties: { primary: colour, secondary: colour },
    },
  },
} as const;

export const teamViewSchema = {
  type: 'object',
  required: [
    'id',
    'league_id',
    'name',
    'short_name',
    'colour_primary',
    'colour_secondary',
    'crest_url',
    'coach_user_id',
    'coach_name',
  ],
  properties: {
    id: { type: 'integer' },
    league_id: { type: 'integer' },
    name: { type: 'string' },
    short_name: { type: 'string' },
    colour_primary: { type: 'string' },
    colour_secondary: { type: 'string' },
    crest_url: nullableString,
    coach_user_id: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
    coach_name: { type: 'string' },
  },
} as const;

/** A crest upload can also be too large (413) or not an accepted image (415). */
export const crestErrors = { ...writeErrors, 413: errorBodySchema, 415: errorBodySchema };
