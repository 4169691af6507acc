/**
 * JSON schemas of the competition rules' routes (docs/api.md, "Competition rules"; decision
 * 0031). Bodies are strict (no unknown fields, no coercion) and check types and generous bounds;
 * the reason (the text policy), the points' limit (ADJUSTMENT_MAX_POINTS) and the teams'
 * league are checked by rules-writes.ts, whose messages name the field and the rule.
 */
import { TEXT_RULES } from '../../../shared/text-policy.js';
import { textFieldSchema } from '../../http/text-input.js';
import { teamRef } from './write-schemas.js';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const score = { type: 'integer', minimum: 0, maximum: 99 } as const;
const reason = textFieldSchema(TEXT_RULES.ruleReason);
const nullableInteger = { anyOf: [{ type: 'integer' }, { type: 'null' }] } as const;

export const itemParams = (item: string) =>
  ({
    type: 'object',
    required: ['id', item],
    properties: { id, [item]: id },
  }) as const;

export const adjustmentBody = {
  type: 'object',
  additionalProperties: false,
  required: ['team_id', 'points', 'reason'],
  // The limit is a setting, so the service checks it and names it; this keeps absurd ones out.
  properties: { team_id: id, points: { type: 'integer', minimum: -1_000_000, maximum: 1_000_000 }, reason },
} as const;

export const awardBody = {
  type: 'object',
  additionalProperties: false,
  required: ['home_score', 'away_score', 'reason'],
  properties: { home_score: score, away_score: score, reason },
} as const;

/** Teams are distinct teams of the league, so a league's team limit bounds the list. */
export const decisionBody = {
  type: 'object',
  additionalProperties: false,
  required: ['team_ids', 'reason'],
  properties: { team_ids: { type: 'array', minItems: 2, maxItems: 1000, items: id }, reason },
} as const;

const recorded = {
  id: { type: 'integer' },
  league_id: { type: 'integer' },
  reason: { type: 'string' },
  by_user_id: nullableInteger,
  at: { type: 'string' },
} as const;

export const adjustmentViewSchema = {
  type: 'object',
  required: ['id', 'league_id', 'team', 'points', 'reason', 'by_user_id', 'at'],
  properties: { ...recorded, team: teamRef, points: { type: 'integer' } },
} as const;

export const decisionViewSchema = {
  type: 'object',
  required: ['id', 'league_id', 'teams', 'reason', 'by_user_id', 'at'],
  properties: { ...recorded, teams: { type: 'array', items: teamRef } },
} as const;

/** With the most points one adjustment may add or deduct (ADJUSTMENT_MAX_POINTS), for the forms. */
export const adjustmentListSchema = {
  type: 'object',
  required: ['adjustments', 'max_points'],
  properties: { adjustments: { type: 'array', items: adjustmentViewSchema }, max_points: { type: 'integer' } },
} as const;

export const decisionListSchema = {
  type: 'object',
  required: ['decisions'],
  properties: { decisions: { type: 'array', items: decisionViewSchema } },
} as const;
