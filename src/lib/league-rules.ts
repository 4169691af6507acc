/**
 * What the browser needs to know of the league rules before a league exists (the "Start a league"
 * form prefills from the sport): each sport's defaults, the tie-break criteria and presets, the
 * bounds the server checks. The server owns these (server/league/sports.ts,
 * server/league/tie-break-rules.ts, server/api/league/setup-rules.ts); the browser may not import
 * its code, so they are repeated here and tests/server/league-rules-mirror.test.ts fails when the
 * two differ (the criteria and presets are the standings engine's, server/league/tie-break.ts).
 */
import type { Sport, TieBreakPreset } from './league-client';

export interface SportDefaults {
  points: { win: number; draw: number; loss: number };
  squad: { min: number; max: number };
  sheet: { starters: number; substitutes_max: number };
}

export const SPORT_DEFAULTS: Record<Sport, SportDefaults> = {
  football: {
    points: { win: 3, draw: 1, loss: 0 },
    squad: { min: 14, max: 22 },
    sheet: { starters: 11, substitutes_max: 5 },
  },
  basketball: {
    points: { win: 2, draw: 1, loss: 1 },
    squad: { min: 8, max: 15 },
    sheet: { starters: 5, substitutes_max: 7 },
  },
  hockey: {
    points: { win: 2, draw: 1, loss: 0 },
    squad: { min: 12, max: 25 },
    sheet: { starters: 6, substitutes_max: 14 },
  },
};

export const SPORTS = Object.keys(SPORT_DEFAULTS) as Sport[];

/** The most points a win, a draw or a loss can be worth. */
export const POINTS_MAX = 10;

/**
 * What may rank teams level on what comes before it (a custom list starts with points);
 * `head_to_head` is the table of the matches among only the teams still level.
 */
export const TIE_BREAK_CRITERIA = ['points', 'goal_difference', 'goals_for', 'won', 'head_to_head'] as const;
export type TieBreakCriterion = (typeof TIE_BREAK_CRITERIA)[number];

export const TIE_BREAK_PRESETS: Record<TieBreakPreset, readonly TieBreakCriterion[]> = {
  goal_difference_first: ['points', 'goal_difference', 'goals_for', 'won'],
  head_to_head_first: ['points', 'head_to_head', 'goal_difference', 'goals_for', 'won'],
};

export const TIE_BREAK_PRESET_NAMES = Object.keys(TIE_BREAK_PRESETS) as TieBreakPreset[];
