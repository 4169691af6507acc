/**
 * What a league's sport decides (docs/decisions/0011): its positions, in the order a squad is
 * listed, and the defaults a new league of that sport starts with. Everything else in the league
 * model is the same for every sport.
 */
import type { Sport } from '../db/schema.js';

export interface SportRules {
  /** Position codes, goal to attack; shown through the interface's `league.position.<sport>.<code>` texts. */
  positions: readonly string[];
  points: { win: number; draw: number; loss: number };
  squad: { min: number; max: number };
  sheet: { starters: number; substitutesMax: number };
  /** How long a match lasts, in minutes (the most minutes one appearance can have). */
  matchMinutes: number;
  /** The position a member who joins as a player starts with: the one most of a squad plays (decision 0038). */
  newPlayerPosition: string;
}

export const SPORTS: Record<Sport, SportRules> = {
  football: {
    positions: ['GK', 'DF', 'MF', 'FW'],
    points: { win: 3, draw: 1, loss: 0 },
    squad: { min: 14, max: 22 },
    sheet: { starters: 11, substitutesMax: 5 },
    matchMinutes: 90,
    newPlayerPosition: 'MF',
  },
  basketball: {
    positions: ['G', 'F', 'C'],
    points: { win: 2, draw: 1, loss: 1 },
    squad: { min: 8, max: 15 },
    sheet: { starters: 5, substitutesMax: 7 },
    matchMinutes: 48,
    newPlayerPosition: 'F',
  },
  hockey: {
    positions: ['G', 'D', 'F'],
    points: { win: 2, draw: 1, loss: 0 },
    squad: { min: 12, max: 25 },
    sheet: { starters: 6, substitutesMax: 14 },
    matchMinutes: 60,
    newPlayerPosition: 'F',
  },
};

export const SPORT_NAMES = Object.keys(SPORTS) as Sport[];

/** A new league's points, squad and sheet rules as its row keeps them: its sport's defaults. */
export function sportRuleColumns(sport: Sport) {
  const { points, squad, sheet } = SPORTS[sport];
  return {
    points_win: points.win,
    points_draw: points.draw,
    points_loss: points.loss,
    squad_min: squad.min,
    squad_max: squad.max,
    sheet_starters: sheet.starters,
    sheet_subs_max: sheet.substitutesMax,
  };
}

/** The player's name as search compares it: lower case, without diacritics, single spaces. */
export function searchName(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}
