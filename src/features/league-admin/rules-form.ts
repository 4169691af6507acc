/**
 * The competition rules' forms (decision 0039): a points adjustment, an awarded result and a
 * decision for teams level after every rule, each with the server's limits, so a form refuses
 * what the server would, for the same reason, in the member's language.
 */
import type { TFunction } from 'i18next';
import * as yup from 'yup';
import { TEXT_RULES } from '../../../shared/text-policy';
import type { StandingRow } from '../../lib/league-client';
import { policyText } from '../../lib/text-schema';

/** The highest score an awarded result may have (the server's `score` bound). */
export const AWARD_SCORE_MAX = 99;

const reason = (t: TFunction) =>
  policyText(t, TEXT_RULES.ruleReason, {
    empty: t('admin.rules.reasonRequired'),
    tooLong: t('admin.settings.tooLong', { max: TEXT_RULES.ruleReason.max }),
  });

const whole = (t: TFunction, min: number, max: number) =>
  yup
    .number()
    .typeError(t('admin.settings.wholeNumber'))
    .required(t('admin.settings.wholeNumber'))
    .integer(t('admin.settings.wholeNumber'))
    .min(min, t('admin.settings.range', { min, max }))
    .max(max, t('admin.settings.range', { min, max }));

export interface AdjustmentValues {
  /** The team's id as the picker holds it; '' until one is chosen. */
  team: string;
  kind: 'deduct' | 'add';
  /** How many points, always positive: `kind` says which way. */
  points: number | '';
  reason: string;
}

export const newAdjustment = (): AdjustmentValues => ({ team: '', kind: 'deduct', points: '', reason: '' });

export const adjustmentSchema = (t: TFunction, maxPoints: number) =>
  yup.object({
    team: yup.string().required(t('admin.rules.teamRequired')),
    points: whole(t, 1, maxPoints),
    reason: reason(t),
  });

export const adjustmentBody = (values: AdjustmentValues) => ({
  team_id: Number(values.team),
  points: (values.kind === 'deduct' ? -1 : 1) * Number(values.points),
  reason: values.reason.trim(),
});

export interface AwardValues {
  week: string;
  /** The fixture's id; '' until one is chosen. */
  fixture: string;
  home_score: number | '';
  away_score: number | '';
  reason: string;
}

export const newAward = (week: number): AwardValues => ({
  week: String(week),
  fixture: '',
  home_score: '',
  away_score: '',
  reason: '',
});

export const awardSchema = (t: TFunction) =>
  yup.object({
    fixture: yup.string().required(t('admin.rules.fixtureRequired')),
    home_score: whole(t, 0, AWARD_SCORE_MAX),
    away_score: whole(t, 0, AWARD_SCORE_MAX),
    reason: reason(t),
  });

export const awardBody = (values: AwardValues) => ({
  home_score: Number(values.home_score),
  away_score: Number(values.away_score),
  reason: values.reason.trim(),
});

export interface DecisionValues {
  /** Which level group (its index in `levelGroups`); '' until one is chosen. */
  group: string;
  /** Team ids by place, first ranks highest; '' for a place not chosen yet. */
  order: string[];
  reason: string;
}

export const decisionSchema = (t: TFunction) =>
  yup.object({
    group: yup.string().required(t('admin.rules.groupRequired')),
    order: yup
      .array(yup.string().required(t('admin.rules.placeRequired')))
      .test('distinct', t('admin.rules.placesDistinct'), (order) => new Set(order).size === (order ?? []).length),
    reason: reason(t),
  });

/**
 * The groups of teams still level after every rule of the league (`decided_by` null between two
 * rows), and those a decision placed (`decided_by` "decision"): the only teams a decision can
 * order. The rows are the standings in rank order. A group none of whose teams has played is left
 * out: before a ball is kicked every team is level, and there is nothing to decide yet.
 */
export function levelGroups(rows: readonly StandingRow[]): StandingRow[][] {
  const groups: StandingRow[][] = [];
  let current: StandingRow[] = [];
  rows.forEach((row, index) => {
    current.push(row);
    const joined = index < rows.length - 1 && (row.decided_by === null || row.decided_by === 'decision');
    if (!joined) {
      if (current.length > 1 && current.some((team) => team.played > 0)) groups.push(current);
      current = [];
    }
  });
  return groups;
}
