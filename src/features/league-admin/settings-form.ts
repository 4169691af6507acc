/**
 * The league settings form's values, rules and request body, shared by "Start a league" and the
 * league's settings. The rules are the server's (docs/api.md, "League (set-up)"), so the form
 * refuses what the server would, in the member's language; the server checks again and its reason
 * is shown when it still refuses (a limit of this instance, a played fixture).
 */
import type { TFunction } from 'i18next';
import * as yup from 'yup';
import { TEXT_RULES } from '../../../shared/text-policy';
import type { LeagueDetail, Sport, TieBreakPreset } from '../../lib/league-client';
import { POINTS_MAX, SPORT_DEFAULTS, TIE_BREAK_PRESETS, type TieBreakCriterion } from '../../lib/league-rules';
import type { LeagueSettingsBody } from '../../lib/league-setup-client';
import { policyText } from '../../lib/text-schema';
import { browserTimeZone, isTimeZone } from '../../lib/time-zone';

type Count = number | '';

export interface SettingsValues {
  name: string;
  sport: Sport;
  season: string;
  /** `YYYY-MM-DD`, or '' for none yet. */
  first_match_date: string;
  time_zone: string;
  points: { win: Count; draw: Count; loss: Count };
  squad: { min: Count; max: Count };
  sheet: { starters: Count; substitutes_max: Count };
  /** A preset, or 'custom' for the ordered list in `custom`. */
  tie_break: TieBreakPreset | 'custom';
  custom: TieBreakCriterion[];
}

/** The numbers a sport starts with, as the form holds them. */
export const sportNumbers = (sport: Sport) => {
  const { points, squad, sheet } = SPORT_DEFAULTS[sport];
  return { points: { ...points }, squad: { ...squad }, sheet: { ...sheet } };
};

export function newLeagueValues(): SettingsValues {
  return {
    name: '',
    sport: 'football',
    season: String(new Date().getFullYear()),
    first_match_date: '',
    time_zone: browserTimeZone(),
    ...sportNumbers('football'),
    tie_break: 'goal_difference_first',
    custom: [...TIE_BREAK_PRESETS.goal_difference_first],
  };
}

/** The criteria a league ranks by, without the listing order ("name") the reads add last. */
const criteriaOf = (league: LeagueDetail): TieBreakCriterion[] =>
  league.tie_break.filter((criterion) => criterion !== 'name') as TieBreakCriterion[];

export function leagueValues(league: LeagueDetail): SettingsValues {
  const { rules } = league;
  return {
    name: league.name,
    sport: league.sport,
    season: league.season,
    first_match_date: league.first_match_date ?? '',
    time_zone: league.time_zone,
    points: { win: rules.points_win, draw: rules.points_draw, loss: rules.points_loss },
    squad: { min: rules.squad_min, max: rules.squad_max },
    sheet: { starters: rules.sheet_starters, substitutes_max: rules.sheet_subs_max },
    tie_break: league.tie_break_preset ?? 'custom',
    custom: criteriaOf(league),
  };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (value: string) => DATE.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

export function settingsSchema(t: TFunction) {
  const count = (min: number, max?: number) => {
    let field = yup
      .number()
      .typeError(t('admin.settings.wholeNumber'))
      .required(t('admin.settings.wholeNumber'))
      .integer(t('admin.settings.wholeNumber'))
      .min(min, t('admin.settings.atLeast', { min }));
    if (max !== undefined) field = field.max(max, t('admin.settings.range', { min, max }));
    return field;
  };
  const num = (value: unknown) => (typeof value === 'number' ? value : NaN);
  return yup.object({
    name: policyText(t, TEXT_RULES.leagueName, {
      empty: t('admin.settings.nameRequired'),
      tooLong: t('admin.settings.tooLong', { max: TEXT_RULES.leagueName.max }),
    }),
    season: policyText(t, TEXT_RULES.seasonName, {
      empty: t('admin.settings.seasonRequired'),
      tooLong: t('admin.settings.tooLong', { max: TEXT_RULES.seasonName.max }),
    }),
    first_match_date: yup.string().test('date', t('admin.settings.dateInvalid'), (value) => !value || isDate(value)),
    time_zone: yup
      .string()
      .trim()
      .required(t('admin.settings.timeZoneInvalid'))
      .test('zone', t('admin.settings.timeZoneInvalid'), (value) => isTimeZone(value)),
    points: yup.object({
      win: count(0, POINTS_MAX),
      draw: count(0, POINTS_MAX).test('order', t('admin.settings.pointsOrder'), function (draw) {
        const { win, loss } = this.parent as SettingsValues['points'];
        return !(num(draw) > num(win)) && !(num(loss) > num(draw));
      }),
      loss: count(0, POINTS_MAX),
    }),
    squad: yup.object({
      min: count(1),
      max: count(1).test('order', t('admin.settings.squadOrder'), function (max) {
        return !(num((this.parent as SettingsValues['squad']).min) > num(max));
      }),
    }),
    sheet: yup.object({
      starters: count(1),
      substitutes_max: count(0).test('fits', function (subs) {
        const values = this.from?.[1]?.value as SettingsValues | undefined;
        const max = num(values?.squad.max);
        const fits = !(num(values?.sheet.starters) + num(subs) > max);
        return fits || this.createError({ message: t('admin.settings.sheetFits', { max }) });
      }),
    }),
  });
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, i) => item === b[i]);

/** The tie-break as the API takes it: a preset's name, or the criteria in order. */
export const tieBreakOf = (values: SettingsValues): string | string[] =>
  values.tie_break === 'custom' ? [...values.custom] : values.tie_break;

/** Everything the form holds (a new league). */
export function settingsBody(
  values: SettingsValues,
): Required<Omit<LeagueSettingsBody, 'first_match_date'>> & LeagueSettingsBody {
  const n = (value: Count) => Number(value);
  return {
    name: values.name.trim(),
    sport: values.sport,
    season: values.season.trim(),
    first_match_date: values.first_match_date || null,
    time_zone: values.time_zone.trim(),
    points: { win: n(values.points.win), draw: n(values.points.draw), loss: n(values.points.loss) },
    squad: { min: n(values.squad.min), max: n(values.squad.max) },
    sheet: { starters: n(values.sheet.starters), substitutes_max: n(values.sheet.substitutes_max) },
    tie_break: tieBreakOf(values),
  };
}

/** Only what changed since `initial` (a league's settings): a league with played fixtures refuses changes of its rules. */
export function changedBody(initial: SettingsValues, values: SettingsValues): LeagueSettingsBody {
  const before = settingsBody(initial);
  const after = settingsBody(values);
  const body: LeagueSettingsBody = {};
  for (const key of Object.keys(after) as (keyof LeagueSettingsBody)[]) {
    const a = before[key];
    const b = after[key];
    const same = Array.isArray(a) && Array.isArray(b) ? sameList(a, b) : JSON.stringify(a) === JSON.stringify(b);
    if (!same) (body as Record<string, unknown>)[key] = b;
  }
  // A preset chosen again after a custom list with the same criteria is still a change of how it is stored.
  if (initial.tie_break !== values.tie_break) body.tie_break = after.tie_break;
  return body;
}
