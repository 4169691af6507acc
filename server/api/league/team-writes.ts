/**
 * The commissioner's teams (docs/decisions/0033): create, rename, colours, coach, crest, remove.
 * Each write is one transaction holding the league's row (setup-writes.ts), so two writes to
 * one league's teams queue up: a team name is checked against the others under that lock,
 * whatever its case, and the unique index on (league_id, lower(name)) is the last guard.
 */
import type { Transaction } from 'kysely';
import { checkText, TEXT_RULES } from '../../../shared/text-policy.js';
import type { Database } from '../../db/database.js';
import type { DB, LeagueRole } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { requireText } from '../../http/text-input.js';
import { requireMembership } from './access.js';
import { toTeamRef, type Team } from './league-repo.js';
import type { TeamView } from './league-view.js';
import { enqueue } from '../chat/chat-outbox.js';
import { inTransaction, requireCommissioner } from './league-writes.js';
import { commissionersLeague, hasDecidedFixtures } from './setup-writes.js';

export interface TeamInput {
  name?: string;
  short_name?: string;
  colours?: { primary?: string; secondary?: string };
  coach_user_id?: number | null;
  coach_name?: string;
}

export function toTeamView(team: Team): TeamView {
  return {
    ...toTeamRef(team),
    league_id: team.league_id,
    coach_user_id: team.coach_user_id,
    coach_name: team.coach_name,
  };
}

const missing = (teamId: number) =>
  new HttpError(404, `Team ${teamId} does not exist or is not in one of your leagues`);

/** Names are compared in one form: NFC, lower case (locale-independent). */
const nameKey = (name: string) => name.normalize('NFC').toLowerCase();

/** A short name from the team's name: its first three letters or digits, upper case ("Old Town Owls": OLD). */
export function shortNameOf(name: string): string {
  const letters = [...name].filter((char) => /[\p{L}\p{N}]/u.test(char));
  const short = [...(letters.length > 0 ? letters : [...name]).join('').toUpperCase()].slice(0, 3).join('');
  const verdict = checkText(short, TEXT_RULES.teamShortName);
  return verdict.ok ? verdict.value : 'TEAM';
}

async function requireUniqueName(trx: Transaction<DB>, leagueId: number, name: string, teamId?: number) {
  const teams = await trx.selectFrom('teams').select(['id', 'name']).where('league_id', '=', leagueId).execute();
  const clash = teams.find((team) => team.id !== teamId && nameKey(team.name) === nameKey(name));
  if (clash) throw new HttpError(409, `body/name: this league already has a team named '${clash.name}'`);
}

/** The member who is to coach, checked: a member of the league, not a referee, coaching no other team. */
async function coachFor(trx: Transaction<DB>, leagueId: number, userId: number, teamId: number | null) {
  const member = await trx
    .selectFrom('league_members')
    .innerJoin('users', 'users.id', 'league_members.user_id')
    .select(['users.name', 'league_members.role', 'league_members.team_id'])
    .where('league_members.league_id', '=', leagueId)
    .where('league_members.user_id', '=', userId)
    .executeTakeFirst();
  if (!member)
    throw new HttpError(422, `body/coach_user_id: user ${userId} is not a member of this league; a coach must be one`);
  if (member.role === 'referee')
    throw new HttpError(422, `body/coach_user_id: ${member.name} is a referee of this league; a referee cannot coach`);
  const coached = await trx
    .selectFrom('teams')
    .select('name')
    .where('league_id', '=', leagueId)
    .where((eb) =>
      eb.or([
        eb('coach_user_id', '=', userId),
        ...(member.role === 'coach' && member.team_id !== null ? [eb('id', '=', member.team_id)] : []),
      ]),
    )
    .$if(teamId !== null, (q) => q.where('id', '!=', teamId!))
    .executeTakeFirst();
  if (coached)
    throw new HttpError(
      409,
      `body/coach_user_id: ${member.name} already coaches ${coached.name}; give that team another coach first`,
    );
  return { userId, name: member.name, role: member.role };
}

/**
 * The member coaching the team now takes it as their team (role coach), unless they are the
 * commissioner, who keeps that role; a member coach replaced keeps the coach role without a team.
 */
async function handOver(
  trx: Transaction<DB>,
  team: Pick<Team, 'id' | 'league_id' | 'coach_user_id'>,
  coach: { userId: number; role: LeagueRole } | null,
) {
  if (team.coach_user_id !== null && team.coach_user_id !== coach?.userId)
    await trx
      .updateTable('league_members')
      .set({ team_id: null })
      .where('league_id', '=', team.league_id)
      .where('user_id', '=', team.coach_user_id)
      .where('role', '=', 'coach')
      .where('team_id', '=', team.id)
      .execute();
  if (coach && coach.role !== 'commissioner')
    await trx
      .updateTable('league_members')
      .set({ role: 'coach', team_id: team.id })
      .where('league_id', '=', team.league_id)
      .where('user_id', '=', coach.userId)
      .execute();
}

/** The coach columns after `input`: a member coach's name is their own; a coach without an account is named. */
async function coachColumns(
  trx: Transaction<DB>,
  team: Pick<Team, 'league_id' | 'coach_user_id' | 'coach_name'> & { id: number | null },
  input: TeamInput,
) {
  const coachName =
    input.coach_name === undefined ? undefined : requireText(input.coach_name, 'body/coach_name', TEXT_RULES.coachName);
  if (input.coach_user_id === undefined) {
    if (coachName !== undefined && team.coach_user_id !== null)
      throw new HttpError(
        422,
        "body/coach_name names a coach without an account, but this team's coach is a member; send coach_user_id: null with it",
      );
    return { coach: null, columns: coachName === undefined ? {} : { coach_name: coachName } };
  }
  if (input.coach_user_id === null)
    return { coach: null, columns: { coach_user_id: null, coach_name: coachName ?? '' } };
  if (coachName !== undefined)
    throw new HttpError(400, "body/coach_name cannot go with coach_user_id: a member coach's name is their own");
  const coach = await coachFor(trx, team.league_id, input.coach_user_id, team.id);
  return { coach, columns: { coach_user_id: coach.userId, coach_name: coach.name } };
}

export class TeamSetup {
  constructor(
    private readonly database: Database,
    private readonly maxTeams: number,
  ) {}

  async createTeam(userId: number, leagueId: number, input: TeamInput & { name: string }): Promise<TeamView> {
    return inTransaction(this.database, `League ${leagueId}`, async (trx) => {
      await commissionersLeague(this.database, trx, leagueId, userId, 'add a team');
      const name = requireText(input.name, 'body/name', TEXT_RULES.teamName);
      const shortName =
        input.short_name === undefined
          ? shortNameOf(name)
          : requireText(input.short_name, 'body/short_name', TEXT_RULES.teamShortName);
      if (await hasDecidedFixtures(trx, leagueId))
        throw new HttpError(409, `League ${leagueId} has played fixtures; a new team can no longer join this season`);
      const count = await trx
        .selectFrom('teams')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('league_id', '=', leagueId)
        .executeTakeFirstOrThrow();
      if (Number(count.n) >= this.maxTeams)
        throw new HttpError(
          409,
          `League ${leagueId} has ${this.maxTeams} teams, the most a league may have (LEAGUE_MAX_TEAMS)`,
        );
      await requireUniqueName(trx, leagueId, name);
      const { coach, columns } = await coachColumns(
        trx,
        { id: null, league_id: leagueId, coach_user_id: null, coach_name: '' },
        input,
      );
      const team = await trx
        .insertInto('teams')
        .values({
          league_id: leagueId,
          name,
          short_name: shortName,
          colour_primary: input.colours!.primary!.toLowerCase(),
          colour_secondary: input.colours!.secondary!.toLowerCase(),
          coach_user_id: null,
          coach_name: '',
          ...columns,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await handOver(trx, { ...team, coach_user_id: null }, coach);
      // The team's chat channel, with its coach (decision 0035).
      await enqueue(trx, { kind: 'sync-league', leagueId });
      return toTeamView(team);
    });
  }

  async changeTeam(userId: number, teamId: number, input: TeamInput): Promise<TeamView> {
    return inTransaction(this.database, `Team ${teamId}`, async (trx) => {
      const team = await this.commissionersTeam(trx, teamId, userId, 'change a team');
      const changes: Partial<Team> = {};
      if (input.name !== undefined) {
        changes.name = requireText(input.name, 'body/name', TEXT_RULES.teamName);
        await requireUniqueName(trx, team.league_id, changes.name, team.id);
      }
      if (input.short_name !== undefined)
        changes.short_name = requireText(input.short_name, 'body/short_name', TEXT_RULES.teamShortName);
      if (input.colours?.primary !== undefined) changes.colour_primary = input.colours.primary.toLowerCase();
      if (input.colours?.secondary !== undefined) changes.colour_secondary = input.colours.secondary.toLowerCase();
      const { coach, columns } = await coachColumns(trx, team, input);
      Object.assign(changes, columns);
      if (input.coach_user_id !== undefined) await handOver(trx, team, coach);
      if (Object.keys(changes).length === 0) return toTeamView(team);
      const updated = await trx
        .updateTable('teams')
        .set(changes)
        .where('id', '=', teamId)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (changes.name !== undefined || input.coach_user_id !== undefined)
        await enqueue(trx, { kind: 'sync-league', leagueId: team.league_id });
      return toTeamView(updated);
    });
  }

  /** Removes a team that has not played, with its fixtures; its players become free agents. */
  async deleteTeam(userId: number, teamId: number): Promise<{ crest: string | null; fixtures: number }> {
    return inTransaction(this.database, `Team ${teamId}`, async (trx) => {
      const team = await this.commissionersTeam(trx, teamId, userId, 'remove a team');
      if (await hasDecidedFixtures(trx, team.league_id, teamId))
        throw new HttpError(
          409,
          `Team ${teamId} (${team.name}) has played fixtures, so it cannot be removed: its results are in the table`,
        );
      const fixtures = await trx
        .deleteFrom('fixtures')
        .where((eb) => eb.or([eb('home_team_id', '=', teamId), eb('away_team_id', '=', teamId)]))
        .executeTakeFirst();
      await trx.deleteFrom('teams').where('id', '=', teamId).execute();
      await enqueue(trx, { kind: 'sync-league', leagueId: team.league_id });
      return { crest: team.crest, fixtures: Number(fixtures.numDeletedRows) };
    });
  }

  /** Sets (a stored file's name) or clears (null) the crest; answers the team and the file it replaced. */
  async setCrest(
    userId: number,
    teamId: number,
    crest: string | null,
  ): Promise<{ view: TeamView; replaced: string | null }> {
    return inTransaction(this.database, `Team ${teamId}`, async (trx) => {
      const team = await this.commissionersTeam(trx, teamId, userId, "change a team's crest");
      const updated = await trx
        .updateTable('teams')
        .set({ crest })
        .where('id', '=', teamId)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { view: toTeamView(updated), replaced: team.crest };
    });
  }

  /** The same checks as a crest change, before an upload is read: 404 or 403 without reading it. */
  async requireCrestRight(userId: number, teamId: number): Promise<void> {
    const { db } = this.database;
    const team = await db.selectFrom('teams').select('league_id').where('id', '=', teamId).executeTakeFirst();
    if (!team) throw missing(teamId);
    requireCommissioner(await requireMembership(db, team.league_id, userId, `Team ${teamId}`), "change a team's crest");
  }

  /** The team, with its league locked: 404 unless in one of the caller's leagues, 403 unless its commissioner. */
  private async commissionersTeam(trx: Transaction<DB>, teamId: number, userId: number, doing: string): Promise<Team> {
    const found = await trx.selectFrom('teams').select('league_id').where('id', '=', teamId).executeTakeFirst();
    if (!found) throw missing(teamId);
    await commissionersLeague(this.database, trx, found.league_id, userId, doing, `Team ${teamId}`);
    const team = await trx.selectFrom('teams').selectAll().where('id', '=', teamId).executeTakeFirst();
    if (!team) throw missing(teamId);
    return team;
  }
}
