/**
 * JSON schemas of the schedule routes (docs/api.md, "Schedule"). Bodies are strict (no unknown
 * fields, no coercion); the numbers of kick-off times and venues are bounded by the settings
 * SCHEDULE_MAX_TIMES and SCHEDULE_MAX_VENUES. What each field must hold is checked in
 * schedule-input.ts, so its messages name the field and the rule.
 */
import { TEXT_RULES } from '../../../shared/text-policy.js';
import { textFieldSchema } from '../../http/text-input.js';
import type { ScheduleSettings } from './schedule-writes.js';
import { teamRef } from './write-schemas.js';

export function scheduleBody(settings: Pick<ScheduleSettings, 'maxTimes' | 'maxVenues'>, save: boolean) {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['rounds', 'first_date', 'times', 'venues', ...(save ? ['revision'] : [])],
    properties: {
      rounds: { type: 'integer' },
      first_date: { type: 'string', maxLength: 40 },
      weekday: { type: 'string', maxLength: 40 },
      times: { type: 'array', minItems: 1, maxItems: settings.maxTimes, items: { type: 'string', maxLength: 40 } },
      venues: { type: 'array', minItems: 1, maxItems: settings.maxVenues, items: textFieldSchema(TEXT_RULES.venue) },
      time_zone: { type: 'string', maxLength: 64 },
      seed: { type: 'integer', minimum: 0, maximum: 2147483647 },
      ...(save ? { revision: { type: 'integer', minimum: 0 } } : {}),
    },
  } as const;
}

export const scheduleViewSchema = {
  type: 'object',
  required: ['league_id', 'revision', 'rounds', 'seed', 'teams', 'weeks', 'time_zone', 'fixtures', 'byes'],
  properties: {
    league_id: { type: 'integer' },
    revision: { type: 'integer' },
    rounds: { type: 'integer' },
    seed: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
    teams: { type: 'integer' },
    weeks: { type: 'integer' },
    current_week: { type: 'integer' },
    time_zone: { type: 'string' },
    fixtures: {
      type: 'array',
      items: {
        type: 'object',
        required: ['week', 'home', 'away', 'kickoff_at', 'venue'],
        properties: {
          id: { type: 'integer' },
          week: { type: 'integer' },
          home: teamRef,
          away: teamRef,
          kickoff_at: { type: 'string' },
          venue: { type: 'string' },
        },
      },
    },
    byes: {
      type: 'array',
      items: {
        type: 'object',
        required: ['week', 'team'],
        properties: { week: { type: 'integer' }, team: teamRef },
      },
    },
  },
} as const;
