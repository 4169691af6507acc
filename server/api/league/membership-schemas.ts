/**
 * JSON schemas of the invitation and member routes (docs/api.md, "League membership"). Bodies are
 * strict (no unknown fields, no coercion); the bounds that are settings (uses, days) are built
 * from the configuration, so the 400 names the configured limit.
 */
import { errorBodySchema } from '../../http/errors.js';
import type { InvitationLimits } from './invitations.js';
import { INVITED_ROLES } from './invitations.js';
import { leagueSummarySchema, nullableTeamRef } from './league-schemas.js';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const integer = { type: 'integer' } as const;
const string = { type: 'string' } as const;
const nullable = (type: 'string' | 'integer') => ({ type: [type, 'null'] }) as const;
const object = (properties: Record<string, unknown>) =>
  ({ type: 'object', required: Object.keys(properties), properties }) as const;

export const ROLES = ['commissioner', 'coach', 'player', 'referee', 'supporter'] as const;

export const membershipErrors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  410: errorBodySchema,
  422: errorBodySchema,
  429: errorBodySchema,
};

export const leagueParams = { type: 'object', required: ['id'], properties: { id } } as const;
export const invitationParams = {
  type: 'object',
  required: ['id', 'invitationId'],
  properties: { id, invitationId: id },
} as const;
export const memberParams = { type: 'object', required: ['id', 'userId'], properties: { id, userId: id } } as const;
/** 32 random bytes in base64url: 43 characters. */
export const tokenParams = {
  type: 'object',
  required: ['token'],
  properties: { token: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' } },
} as const;

export const invitationListQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 50 },
    _ts: { type: 'integer', minimum: 0 },
  },
} as const;

export function invitationBody(limits: InvitationLimits) {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['role'],
    properties: {
      role: { type: 'string', enum: INVITED_ROLES },
      team_id: { anyOf: [id, { type: 'null' }] },
      max_uses: { type: 'integer', minimum: 1, maximum: limits.maxUses },
      expires_in_days: { type: 'integer', minimum: 1, maximum: limits.maxDays },
    },
  } as const;
}

export const memberBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: { role: { type: 'string', enum: ROLES }, team_id: { anyOf: [id, { type: 'null' }] } },
} as const;

const invitationProperties = {
  id: integer,
  role: string,
  team: nullableTeamRef,
  max_uses: integer,
  uses: integer,
  expires_at: string,
  revoked_at: nullable('string'),
  created_at: string,
  created_by: { anyOf: [object({ id: integer, name: string }), { type: 'null' }] },
  status: { type: 'string', enum: ['active', 'expired', 'revoked', 'used_up'] },
};
export const invitationSchema = object(invitationProperties);
export const createdInvitationSchema = object({ ...invitationProperties, token: string, path: string });
export const invitationListSchema = object({ invitations: { type: 'array', items: invitationSchema } });

export const invitationPreviewSchema = object({
  league: object({ name: string, sport: string, season: string }),
  role: string,
  team: { anyOf: [object({ name: string }), { type: 'null' }] },
  invited_by: nullable('string'),
  expires_at: string,
  league_id: nullable('integer'),
});

/** Where a member who joined or was moved as a player stands in their team's squad (squad-players.ts). */
const placementSchema = {
  anyOf: [
    object({
      team: object({ id: integer, name: string }),
      placed: { type: 'boolean' },
      reason: nullable('string'),
    }),
    { type: 'null' },
  ],
} as const;

export const joinedSchema = object({ league: leagueSummarySchema, placement: placementSchema });

export const memberSchema = object({
  user_id: integer,
  name: string,
  avatar_url: nullable('string'),
  role: string,
  team: nullableTeamRef,
  joined_at: nullable('string'),
  invitation_id: nullable('integer'),
  in_squad: { type: ['boolean', 'null'] },
});
export const memberListSchema = object({
  league_id: integer,
  members: { type: 'array', items: memberSchema },
  can_manage: { type: 'boolean' },
});
