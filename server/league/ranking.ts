/**
 * Orders a table's rows by a rule set (docs/decisions/0031): each criterion splits the teams level
 * on every criterion before it; a group still level after the last one is placed by a
 * commissioner's decision that names all of its teams, or else shares a rank, listed by name.
 * Every gap between two neighbouring rows records what made it: the criterion, the decision, or
 * nothing (level).
 */
import { splitByHeadToHead } from './head-to-head.js';
import type {
  CommissionerDecision,
  DecidedBy,
  PlayedResult,
  PointsRules,
  Standing,
  StandingsTeam,
} from './standings-types.js';
import type { TieBreakCriterion } from './tie-break.js';

type Row = Standing<StandingsTeam>;

export interface RankingContext {
  criteria: readonly TieBreakCriterion[];
  results: readonly PlayedResult[];
  points: PointsRules;
  decisions: readonly CommissionerDecision[];
}

/** The rows in order, and what separates each from the next (`gaps[i]` sits between rows i and i + 1). */
export interface Ranked<R extends Row> {
  order: R[];
  gaps: (DecidedBy | null)[];
}

/** Name order must not depend on the server's locale, so the table reads the same everywhere. */
export function compareNames(a: StandingsTeam, b: StandingsTeam): number {
  return (
    a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.name.localeCompare(b.name, 'en') || a.id - b.id
  );
}

const SEASON_FIGURES = {
  points: (row: Row) => row.points,
  goal_difference: (row: Row) => row.goal_difference,
  goals_for: (row: Row) => row.goals_for,
  won: (row: Row) => row.won,
} as const;

/** The group in tiers by one criterion, best first. */
function split<R extends Row>(group: R[], criterion: TieBreakCriterion, context: RankingContext): R[][] {
  if (criterion === 'head_to_head') {
    const byId = new Map(group.map((row) => [row.team.id, row]));
    const ids = group.map((row) => row.team.id);
    return splitByHeadToHead(ids, context.results, context.points).map((tier) => tier.map((id) => byId.get(id)!));
  }
  const value = SEASON_FIGURES[criterion];
  const sorted = [...group].sort((a, b) => value(b) - value(a));
  const tiers: R[][] = [];
  sorted.forEach((row, index) => {
    const previous = sorted[index - 1];
    if (previous && value(previous) === value(row)) tiers[tiers.length - 1]!.push(row);
    else tiers.push([row]);
  });
  return tiers;
}

/** A group level after every criterion: the decision that names all its teams, else names, level. */
function settle<R extends Row>(group: R[], context: RankingContext): Ranked<R> {
  const decision = context.decisions.find((d) => group.every((row) => d.team_ids.includes(row.team.id)));
  if (!decision) {
    return { order: [...group].sort((a, b) => compareNames(a.team, b.team)), gaps: group.slice(1).map(() => null) };
  }
  for (const row of group) row.decision = { reason: decision.reason };
  const place = (row: R) => decision.team_ids.indexOf(row.team.id);
  return { order: [...group].sort((a, b) => place(a) - place(b)), gaps: group.slice(1).map(() => 'decision') };
}

export function rankRows<R extends Row>(group: R[], context: RankingContext, from = 0): Ranked<R> {
  if (group.length < 2) return { order: [...group], gaps: [] };
  if (from >= context.criteria.length) return settle(group, context);
  const criterion = context.criteria[from]!;
  const tiers = split(group, criterion, context);
  if (tiers.length === 1) return rankRows(group, context, from + 1);
  const ranked: Ranked<R> = { order: [], gaps: [] };
  for (const tier of tiers) {
    const inner = rankRows(tier, context, from + 1);
    if (ranked.order.length > 0) ranked.gaps.push(criterion);
    ranked.order.push(...inner.order);
    ranked.gaps.push(...inner.gaps);
  }
  return ranked;
}
