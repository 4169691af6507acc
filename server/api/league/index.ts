/**
 * The league module of the product API (docs/decisions/0011): reads (leagues with standings,
 * fixtures, teams, players), writes (team sheets, transfers, results, fixture changes, the
 * week, the schedule), and membership (invitations by link, members' roles, removals; 0034), each
 * in its own file.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import type { ChatDirectory } from '../chat/chat-users.js';
import { invitationRoutes } from './invitation-routes.js';
import type { InvitationLimits } from './invitations.js';
import type { LeagueMembershipEvents } from './membership-events.js';
import { membershipRoutes } from './membership-routes.js';
import { leagueReadRoutes } from './read-routes.js';
import { leagueScheduleRoutes } from './schedule-routes.js';
import type { ScheduleSettings } from './schedule-writes.js';
import { leagueWriteRoutes } from './write-routes.js';

export interface LeagueModuleOptions {
  database: Database;
  /** Where results, transfers and fixture changes are posted as league cards. */
  chat: ChatDirectory;
  /** How many leagues' snapshots the reads keep in memory (LEAGUE_CACHE_LEAGUES). */
  cacheLeagues: number;
  /** The schedule generator's limits and default time zone (SCHEDULE_*). */
  schedule: ScheduleSettings;
  /** The INVITATION_* settings. */
  invitations: InvitationLimits & { lookupMaxMisses: number; lookupWindowSeconds: number };
  /** Told of every membership change once it is committed (the chat's channels follow them). */
  membershipEvents: LeagueMembershipEvents;
}

export async function leagueModule(app: FastifyInstance, options: LeagueModuleOptions): Promise<void> {
  await app.register(leagueReadRoutes, options);
  await app.register(leagueWriteRoutes, options);
  await app.register(leagueScheduleRoutes, options);
  await app.register(invitationRoutes, options);
  await app.register(membershipRoutes, options);
}
