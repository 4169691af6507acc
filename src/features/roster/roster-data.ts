/**
 * The roster's data and the team sheet's rules as the browser checks them (docs/decisions/0011):
 * exactly `sheet_starters` starters, at most `sheet_subs_max` substitutes, only available players
 * of the squad. The server decides; these checks only say early what it would refuse.
 */
import { api, ApiError } from '../../lib/api-client';
import { reasonOf, type SheetBody, type SheetLine, type SquadPlayer, type TeamDetail } from '../../lib/league-client';

/** The team, or null when the API answers 404 (no such team, or not in one of the member's leagues). */
export const loadRoster = ({ teamId }: { teamId: number }, signal: AbortSignal): Promise<TeamDetail | null> =>
  api.get<TeamDetail>(`/teams/${teamId}`, { signal, cacheBust: true }).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) return null;
    throw new Error(reasonOf(error));
  });

/** A valid team id from the address (1–999 999 999), else null. */
export function teamIdOf(text: string): number | null {
  return /^[1-9]\d{0,8}$/.test(text) ? Number(text) : null;
}

export type Choice = 'starter' | 'substitute' | 'none';
export type Choices = ReadonlyMap<number, Choice>;

/** The squad in position groups, in the sport's order (positions the sport does not list last). */
export function groupByPosition(
  squad: SquadPlayer[],
  positions: string[],
): { position: string; players: SquadPlayer[] }[] {
  const order = [...positions, ...squad.map((p) => p.position).filter((p) => !positions.includes(p))];
  return [...new Set(order)]
    .map((position) => ({ position, players: squad.filter((p) => p.position === position) }))
    .filter((group) => group.players.length > 0);
}

export function choicesOf(sheet: SheetLine[]): Map<number, Choice> {
  return new Map(sheet.map((line) => [line.player.id, line.role]));
}

/** What Save sends: the players of each role in squad order (positions, then shirt numbers). */
export function sheetBody(squad: SquadPlayer[], choices: Choices): SheetBody {
  const of = (role: Choice) => squad.filter((p) => choices.get(p.id) === role).map((p) => p.id);
  return { starters: of('starter'), substitutes: of('substitute') };
}

export interface SheetRules {
  starters: number;
  subsMax: number;
}

export type SheetProblem =
  | { kind: 'starters'; count: number; needed: number }
  | { kind: 'substitutes'; count: number; max: number }
  | { kind: 'unavailable'; player: SquadPlayer };

/** Why the sheet cannot be saved yet; empty when the server should accept it. */
export function sheetProblems(squad: SquadPlayer[], choices: Choices, rules: SheetRules): SheetProblem[] {
  const body = sheetBody(squad, choices);
  const problems: SheetProblem[] = [];
  if (body.starters.length !== rules.starters)
    problems.push({ kind: 'starters', count: body.starters.length, needed: rules.starters });
  if (body.substitutes.length > rules.subsMax)
    problems.push({ kind: 'substitutes', count: body.substitutes.length, max: rules.subsMax });
  for (const player of squad)
    if (player.status !== 'available' && (choices.get(player.id) ?? 'none') !== 'none')
      problems.push({ kind: 'unavailable', player });
  return problems;
}

/** The team as it will be once the server takes the sheet: shown at once (optimistic). */
export function withSheet(team: TeamDetail, body: SheetBody): TeamDetail {
  if (!team.next_fixture) return team;
  const byId = new Map(team.squad.map((p) => [p.id, p]));
  const lines = (ids: number[], role: SheetLine['role']): SheetLine[] =>
    ids.flatMap((id) => {
      const player = byId.get(id);
      return player ? [{ player, role }] : [];
    });
  const sheet = [...lines(body.starters, 'starter'), ...lines(body.substitutes, 'substitute')];
  return { ...team, next_fixture: { ...team.next_fixture, sheet } };
}

/** Whether the coach may still change the sheet: allowed, scheduled, and before kick-off. */
export function sheetIsOpen(team: TeamDetail, now = Date.now()): boolean {
  const fixture = team.next_fixture;
  return (
    team.can.set_sheet &&
    fixture !== null &&
    fixture.status === 'scheduled' &&
    new Date(fixture.kickoff_at).getTime() > now
  );
}
