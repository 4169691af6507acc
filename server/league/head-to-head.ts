/**
 * The head-to-head criterion (docs/decisions/0031): a mini-table of only the matches among the
 * teams still level, ordered by mini points, mini goal difference and mini goals scored; any
 * subset still level is ranked again on the matches among that subset alone, until it splits no
 * further. Points adjustments never enter it: it counts matches only.
 */
import type { PlayedResult, PointsRules } from './standings-types.js';

interface MiniRow {
  id: number;
  points: number;
  difference: number;
  scored: number;
}

function miniTable(ids: readonly number[], results: readonly PlayedResult[], points: PointsRules): MiniRow[] {
  const rows = new Map(ids.map((id) => [id, { id, points: 0, difference: 0, scored: 0 }]));
  for (const result of results) {
    const home = rows.get(result.home_team_id);
    const away = rows.get(result.away_team_id);
    if (!home || !away) continue;
    const margin = result.home_score - result.away_score;
    home.scored += result.home_score;
    away.scored += result.away_score;
    home.difference += margin;
    away.difference -= margin;
    home.points += margin > 0 ? points.win : margin === 0 ? points.draw : points.loss;
    away.points += margin < 0 ? points.win : margin === 0 ? points.draw : points.loss;
  }
  return [...rows.values()];
}

const compareMini = (a: MiniRow, b: MiniRow) =>
  b.points - a.points || b.difference - a.difference || b.scored - a.scored;

/**
 * Splits teams level so far into tiers, best first. One tier back means head-to-head does not
 * separate them; a tier of several teams is one that stays level after it was re-examined alone.
 */
export function splitByHeadToHead(
  ids: readonly number[],
  results: readonly PlayedResult[],
  points: PointsRules,
): number[][] {
  if (ids.length < 2) return [[...ids]];
  const rows = miniTable(ids, results, points).sort(compareMini);
  const tiers: number[][] = [];
  rows.forEach((row, index) => {
    const previous = rows[index - 1];
    if (previous && compareMini(previous, row) === 0) tiers[tiers.length - 1]!.push(row.id);
    else tiers.push([row.id]);
  });
  if (tiers.length === 1) return tiers;
  // Only the matches among a tier's own teams decide between them.
  return tiers.flatMap((tier) => (tier.length > 1 ? splitByHeadToHead(tier, results, points) : [tier]));
}
