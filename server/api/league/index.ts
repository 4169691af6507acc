/**
 * The league module of the product API (docs/decisions/0011): reads (leagues with standings,
 * fixtures, teams, players), writes (team sheets, transfers, results, fixture changes, the
 * week, the schedule), set-up (a league's settings, its teams and their crests; 0033),
 * membership (invitations by link, members' roles, removals; 0034) and the competition rules
 * (points adjustments, awarded results, the commissioner's decisions; 0031) and who is in a
 * squad (players added and released; 0038), each in its own
 * file. The reads and the set-up answers share one set of snapshots (decision 0013).
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import type { AvatarFiles } from '../../storage/avatar-files.js';
import type { ChatDirectory } from '../chat/chat-users.js';
import { crestRoutes } from './crest-routes.js';
import { invitationRoutes } from './invitation-routes.js';
import type { InvitationLimits } from './invitations.js';
import { LeagueSnapshots } from './league-snapshots.js';
import { membershipRoutes } from './membership-routes.js';
import { squadRoutes } from './squad-routes.js';
import { leagueReadRoutes } from './read-routes.js';
import { competitionRuleRoutes } from './rules-routes.js';
import { leagueScheduleRoutes } from './schedule-routes.js';
import type { ScheduleSettings } from './schedule-writes.js';
import { leagueSetupRoutes } from './setup-routes.js';
import { leagueWriteRoutes } from './write-routes.js';

export interface LeagueModuleOptions {
  database: Database;
  /** Where results, transfers and fixture changes are posted as league cards. */
  chat: ChatDirectory;
  /** How many leagues' snapshots the reads keep in memory (LEAGUE_CACHE_LEAGUES). */
  cacheLeagues: number;
  /** How many serialized answers each kept league keeps (LEAGUE_CACHE_BODIES; read-bodies.ts). */
  cacheBodies: number;
  /** The schedule generator's limits and default time zone (SCHEDULE_*). */
  schedule: ScheduleSettings;
  /** The INVITATION_* settings. */
  invitations: InvitationLimits & { lookupMaxMisses: number; lookupWindowSeconds: number };
  /** The most teams a league may have (LEAGUE_MAX_TEAMS). */
  maxTeams: number;
  /** The largest squad a league's rules may allow (LEAGUE_SQUAD_LIMIT). */
  squadLimit: number;
  /** The highest shirt number a player may wear (PLAYER_SHIRT_MAX). */
  shirtMax: number;
  /** The most points one adjustment may add or deduct (ADJUSTMENT_MAX_POINTS). */
  adjustmentMaxPoints: number;
  /** Teams' crests: where they are kept and how uploads are limited and re-encoded (like avatars). */
  crests: { files: AvatarFiles; maxBytes: number; maxPixels: number; size: number };
}

export async function leagueModule(app: FastifyInstance, options: LeagueModuleOptions): Promise<void> {
  const snapshots = new LeagueSnapshots(options.database.db, options.cacheLeagues);
  await app.register(leagueReadRoutes, { ...options, snapshots });
  await app.register(leagueWriteRoutes, options);
  await app.register(leagueScheduleRoutes, options);
  await app.register(invitationRoutes, options);
  await app.register(membershipRoutes, options);
  await app.register(leagueSetupRoutes, { ...options, snapshots });
  await app.register(crestRoutes, options);
  await app.register(competitionRuleRoutes, options);
  await app.register(squadRoutes, options);
}
