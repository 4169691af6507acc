/** The roles a league member can have, in the order the lists show them, and those that have a team. */
import type { LeagueRole } from '../../lib/league-client';
import type { InvitedRole } from '../../lib/league-setup-client';

export const ROLES: LeagueRole[] = ['commissioner', 'coach', 'player', 'referee', 'supporter'];
/** What an invitation can grant (a commissioner is made by changing a member's role). */
export const INVITED_ROLES: InvitedRole[] = ['player', 'coach', 'referee', 'supporter'];
export const TEAM_ROLES: readonly LeagueRole[] = ['player', 'coach'];
