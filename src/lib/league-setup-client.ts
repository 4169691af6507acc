/**
 * The product API calls that set a league up and manage who is in it (docs/api.md, "League
 * (set-up)", "League membership", "Schedule"), typed by the server's contracts (type-only
 * imports). Reads take an AbortSignal for use-resource; writes fail with an ApiError whose
 * reason `reasonOf` gives.
 */
import type {
  CreatedInvitation,
  InvitationPreview,
  InvitationView,
  InvitedRole,
} from '../../server/api/league/invitations';
import type { MemberList, MemberView } from '../../server/api/league/members';
import type { ScheduleView } from '../../server/api/league/schedule-writes';
import type { Placement } from '../../server/api/league/squad-players';
import { api } from './api-client';
import {
  reasoned,
  type LeagueDetail,
  type LeagueRole,
  type LeagueSummary,
  type Sport,
  type TeamView,
} from './league-client';

export type {
  CreatedInvitation,
  InvitationPreview,
  InvitationView,
  InvitedRole,
  MemberList,
  MemberView,
  Placement,
  ScheduleView,
};

/** A league's settings as the set-up routes take them (a new league needs name, sport and season). */
export interface LeagueSettingsBody {
  name?: string;
  sport?: Sport;
  season?: string;
  first_match_date?: string | null;
  time_zone?: string;
  points?: { win: number; draw: number; loss: number };
  squad?: { min: number; max: number };
  sheet?: { starters: number; substitutes_max: number };
  /** A preset's name or the criteria in order. */
  tie_break?: string | string[];
}

export const createLeague = (body: LeagueSettingsBody) => api.post<LeagueDetail>('/leagues', body);

export const changeLeague = (leagueId: number, body: LeagueSettingsBody) =>
  api.patch<LeagueDetail>(`/leagues/${leagueId}`, body);

export interface TeamBody {
  name?: string;
  colours?: { primary: string; secondary: string };
  coach_user_id?: number | null;
}

export const createTeam = (leagueId: number, body: TeamBody) => api.post<TeamView>(`/leagues/${leagueId}/teams`, body);

export const changeTeam = (teamId: number, body: TeamBody) => api.patch<TeamView>(`/teams/${teamId}`, body);

export const deleteTeam = (teamId: number) => api.delete<void>(`/teams/${teamId}`);

/** Uploads a crest (multipart field `crest`), reporting progress from 0 to 1. */
export function uploadCrest(teamId: number, file: File, onProgress: (fraction: number) => void) {
  const form = new FormData();
  form.append('crest', file);
  return api.upload<TeamView>(`/teams/${teamId}/crest`, form, onProgress);
}

export const removeCrest = (teamId: number) => api.delete<TeamView>(`/teams/${teamId}/crest`);

export const loadMembers = ({ leagueId }: { leagueId: number }, signal: AbortSignal) =>
  reasoned(api.get<MemberList>(`/leagues/${leagueId}/members`, { signal, cacheBust: true }));

export const changeMember = (leagueId: number, userId: number, body: { role?: LeagueRole; team_id?: number | null }) =>
  api.patch<MemberView>(`/leagues/${leagueId}/members/${userId}`, body);

export const removeMember = (leagueId: number, userId: number) =>
  api.delete<void>(`/leagues/${leagueId}/members/${userId}`);

export const leaveLeague = (leagueId: number) => api.delete<void>(`/leagues/${leagueId}/members/me`);

export interface InvitationBody {
  role: InvitedRole;
  team_id?: number | null;
  max_uses?: number;
  expires_in_days?: number;
}

export const createInvitation = (leagueId: number, body: InvitationBody) =>
  api.post<CreatedInvitation>(`/leagues/${leagueId}/invitations`, body);

export const loadInvitations = ({ leagueId }: { leagueId: number }, signal: AbortSignal) =>
  reasoned(
    api.get<{ invitations: InvitationView[] }>(`/leagues/${leagueId}/invitations`, { signal, cacheBust: true }),
  ).then((answer) => answer.invitations);

export const revokeInvitation = (leagueId: number, invitationId: number) =>
  api.delete<InvitationView>(`/leagues/${leagueId}/invitations/${invitationId}`);

/** What a link offers; works signed out. A 401 here is not the end of a session. */
export const previewInvitation = ({ token }: { token: string }, signal: AbortSignal) =>
  reasoned(api.get<InvitationPreview>(`/invitations/${encodeURIComponent(token)}`, { signal, skipAuthRedirect: true }));

export const acceptInvitation = (token: string) =>
  api.post<{ league: LeagueSummary; placement: Placement | null }>(`/invitations/${encodeURIComponent(token)}/accept`);

export interface ScheduleBody {
  rounds: 1 | 2;
  first_date: string;
  weekday?: string;
  times: string[];
  venues: string[];
  time_zone?: string;
}

export const previewSchedule = (leagueId: number, body: ScheduleBody) =>
  api.post<ScheduleView>(`/leagues/${leagueId}/schedule/preview`, body);

export const saveSchedule = (leagueId: number, body: ScheduleBody & { revision: number }) =>
  api.put<ScheduleView>(`/leagues/${leagueId}/schedule`, body);
