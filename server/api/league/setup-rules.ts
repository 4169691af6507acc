/**
 * A league's settings as the set-up routes check them (docs/decisions/0033): what a body asks
 * for, merged over the league's current settings (or a new league's defaults, its sport's), then
 * checked as a whole. Texts follow the text policy; a date, a time zone or a tie-break rule set
 * that is not one is a 400; numbers outside the league rules are a 422. Every message names the
 * field. No database: the state rules (a played fixture, players, squads) are setup-writes.ts's.
 */
import { TEXT_RULES } from '../../../shared/text-policy.js';
import type { LeaguesTable, Sport } from '../../db/schema.js';
import { requireCalendarDate, requireTimeZone } from '../../http/calendar-input.js';
import { HttpError } from '../../http/errors.js';
import { requireText } from '../../http/text-input.js';
import { sportRuleColumns } from '../../league/sports.js';
import { DEFAULT_TIE_BREAK, parseTieBreak } from '../../league/tie-break-rules.js';

/** The most points a result can be worth: a win, a draw or a loss each get 0 to this. */
export const POINTS_MAX = 10;
/** A new league's time zone unless its commissioner names one (the seeded league's too). */
export const DEFAULT_TIME_ZONE = 'Europe/London';

export interface SettingsInput {
  name?: string;
  sport?: Sport;
  season?: string;
  first_match_date?: string | null;
  time_zone?: string;
  points?: { win?: number; draw?: number; loss?: number };
  squad?: { min?: number; max?: number };
  sheet?: { starters?: number; substitutes_max?: number };
  tie_break?: string | string[];
}

/** The league row's columns a commissioner sets. */
export type LeagueSettings = Pick<
  LeaguesTable,
  | 'name'
  | 'sport'
  | 'season'
  | 'first_match_date'
  | 'points_win'
  | 'points_draw'
  | 'points_loss'
  | 'squad_min'
  | 'squad_max'
  | 'sheet_starters'
  | 'sheet_subs_max'
> & { tie_break: string; time_zone: string };

/** The body's field for each column, to name what changed. */
const FIELD_OF: Record<keyof LeagueSettings, keyof SettingsInput> = {
  name: 'name',
  sport: 'sport',
  season: 'season',
  first_match_date: 'first_match_date',
  time_zone: 'time_zone',
  tie_break: 'tie_break',
  points_win: 'points',
  points_draw: 'points',
  points_loss: 'points',
  squad_min: 'squad',
  squad_max: 'squad',
  sheet_starters: 'sheet',
  sheet_subs_max: 'sheet',
};

/** What may still change once a fixture has been played: labels, not rules. */
export const ALWAYS_CHANGEABLE: readonly (keyof SettingsInput)[] = ['name', 'season'];

const rule = (field: string, text: string) => new HttpError(422, `body/${field} ${text}`);

function requireRange(value: number, field: string, min: number, max: number, setting?: string): void {
  if (value < min || value > max)
    throw rule(field, `must be a whole number from ${min} to ${max}${setting ? ` (${setting})` : ''}; it is ${value}`);
}

/**
 * The numbers' rules. A range is checked for what the body sends (a stored value stays valid if
 * a setting's limit is lowered later); the relations between them for the whole set.
 */
function checkNumbers(next: LeagueSettings, input: SettingsInput, squadLimit: number): void {
  const { points = {}, squad = {}, sheet = {} } = input;
  for (const key of ['win', 'draw', 'loss'] as const)
    if (points[key] !== undefined) requireRange(points[key], `points/${key}`, 0, POINTS_MAX);
  if (next.points_win < next.points_draw || next.points_draw < next.points_loss)
    throw rule(
      'points',
      `must give a win at least the points of a draw, and a draw at least those of a loss ` +
        `(win ${next.points_win}, draw ${next.points_draw}, loss ${next.points_loss})`,
    );
  for (const key of ['min', 'max'] as const)
    if (squad[key] !== undefined) requireRange(squad[key], `squad/${key}`, 1, squadLimit, 'LEAGUE_SQUAD_LIMIT');
  if (next.squad_min > next.squad_max)
    throw rule('squad', `min (${next.squad_min}) must not be more than max (${next.squad_max})`);
  if (sheet.starters !== undefined) requireRange(sheet.starters, 'sheet/starters', 1, squadLimit);
  if (sheet.substitutes_max !== undefined) requireRange(sheet.substitutes_max, 'sheet/substitutes_max', 0, squadLimit);
  if (next.sheet_starters + next.sheet_subs_max > next.squad_max)
    throw rule(
      input.sheet ? 'sheet' : 'squad',
      `leaves no room: starters (${next.sheet_starters}) plus substitutes_max (${next.sheet_subs_max}) ` +
        `must be at most the squad's max (${next.squad_max})`,
    );
}

/**
 * The settings to store: `input` over `current` (a new league: null, so its sport's defaults).
 * A change of sport brings the new sport's points, squad and sheet sizes, unless the same body
 * sets them.
 */
export function settleSettings(
  input: SettingsInput,
  current: LeagueSettings | null,
  squadLimit: number,
): LeagueSettings {
  const sport = input.sport ?? current?.sport ?? 'football';
  const base: LeagueSettings = current
    ? { ...current, ...(input.sport !== undefined && input.sport !== current.sport ? sportRuleColumns(sport) : {}) }
    : {
        name: '',
        sport,
        season: '',
        first_match_date: null,
        time_zone: DEFAULT_TIME_ZONE,
        tie_break: DEFAULT_TIE_BREAK,
        ...sportRuleColumns(sport),
      };
  const next: LeagueSettings = { ...base, sport };
  if (input.name !== undefined) next.name = requireText(input.name, 'body/name', TEXT_RULES.leagueName);
  if (input.season !== undefined) next.season = requireText(input.season, 'body/season', TEXT_RULES.seasonName);
  if (input.first_match_date !== undefined)
    next.first_match_date =
      input.first_match_date === null ? null : requireCalendarDate(input.first_match_date, 'body/first_match_date');
  if (input.time_zone !== undefined) next.time_zone = requireTimeZone(input.time_zone, 'body/time_zone');
  if (input.tie_break !== undefined) {
    const verdict = parseTieBreak(input.tie_break, 'body/tie_break');
    if (!verdict.ok) throw new HttpError(400, verdict.message);
    next.tie_break = verdict.stored;
  }
  const { points, squad, sheet } = input;
  next.points_win = points?.win ?? next.points_win;
  next.points_draw = points?.draw ?? next.points_draw;
  next.points_loss = points?.loss ?? next.points_loss;
  next.squad_min = squad?.min ?? next.squad_min;
  next.squad_max = squad?.max ?? next.squad_max;
  next.sheet_starters = sheet?.starters ?? next.sheet_starters;
  next.sheet_subs_max = sheet?.substitutes_max ?? next.sheet_subs_max;
  if (!current || points || squad || sheet || next.sport !== current.sport) checkNumbers(next, input, squadLimit);
  return next;
}

/** The body fields whose settings differ between `current` and `next`, in body order. */
export function changedFields(current: LeagueSettings, next: LeagueSettings): (keyof SettingsInput)[] {
  const fields = new Set<keyof SettingsInput>();
  for (const column of Object.keys(FIELD_OF) as (keyof LeagueSettings)[])
    if (current[column] !== next[column]) fields.add(FIELD_OF[column]);
  return [...fields];
}

/** The settings columns of a league row. */
export function settingsOf(league: LeagueSettings): LeagueSettings {
  const settings = {} as Record<keyof LeagueSettings, unknown>;
  for (const column of Object.keys(FIELD_OF) as (keyof LeagueSettings)[]) settings[column] = league[column];
  return settings as LeagueSettings;
}
