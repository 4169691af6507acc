/**
 * Real seasons the table engine is checked against (README.md beside this file cites every
 * source): each season's results file, the rule set its competition uses, its points adjustments
 * and decisions, and the final table as the competition published it, in order, with points.
 * The engine never sees the published order: the test computes the table from the results and
 * compares.
 */
import type { TieBreakRules } from '../tie-break.js';

export interface RealSeason {
  title: string;
  /** The results file in this folder. */
  file: string;
  /** For a tournament: the group whose results and teams make this table. */
  group?: string;
  rules: TieBreakRules;
  adjustments?: { team: string; points: number; reason: string }[];
  decisions?: { teams: string[]; reason: string }[];
  /** The published final table: [code in the results file, team name, points], first place first. */
  table: [string, string, number][];
}

export const PREMIER_LEAGUE_2023_24: RealSeason = {
  title: 'Premier League 2023-24',
  file: 'premier-league-2023-24.csv',
  rules: { preset: 'goal_difference_first' },
  adjustments: [
    { team: 'EVE', points: -6, reason: 'Profit and sustainability breach to 2021-22 (10 points, 6 on appeal)' },
    { team: 'EVE', points: -2, reason: 'Profit and sustainability breach to 2022-23' },
    { team: 'NFO', points: -4, reason: 'Profit and sustainability breach to 2022-23' },
  ],
  table: [
    ['MCI', 'Manchester City', 91],
    ['ARS', 'Arsenal', 89],
    ['LIV', 'Liverpool', 82],
    ['AVL', 'Aston Villa', 68],
    ['TOT', 'Tottenham Hotspur', 66],
    ['CHE', 'Chelsea', 63],
    ['NEW', 'Newcastle United', 60],
    ['MUN', 'Manchester United', 60],
    ['WHU', 'West Ham United', 52],
    ['CRY', 'Crystal Palace', 49],
    ['BHA', 'Brighton & Hove Albion', 48],
    ['BOU', 'AFC Bournemouth', 48],
    ['FUL', 'Fulham', 47],
    ['WOL', 'Wolverhampton Wanderers', 46],
    ['EVE', 'Everton', 40],
    ['BRE', 'Brentford', 39],
    ['NFO', 'Nottingham Forest', 32],
    ['LUT', 'Luton Town', 26],
    ['BUR', 'Burnley', 24],
    ['SHU', 'Sheffield United', 16],
  ],
};

export const BUNDESLIGA_2023_24: RealSeason = {
  title: 'Bundesliga 2023-24',
  file: 'bundesliga-2023-24.csv',
  rules: { preset: 'goal_difference_first' },
  table: [
    ['B04', 'Bayer 04 Leverkusen', 90],
    ['VFB', 'VfB Stuttgart', 73],
    ['FCB', 'FC Bayern München', 72],
    ['RBL', 'RB Leipzig', 65],
    ['BVB', 'Borussia Dortmund', 63],
    ['SGE', 'Eintracht Frankfurt', 47],
    ['TSG', 'TSG Hoffenheim', 46],
    ['FCH', '1. FC Heidenheim', 42],
    ['SVW', 'Werder Bremen', 42],
    ['SCF', 'SC Freiburg', 42],
    ['FCA', 'FC Augsburg', 39],
    ['WOB', 'VfL Wolfsburg', 37],
    ['M05', '1. FSV Mainz 05', 35],
    ['BMG', 'Borussia Mönchengladbach', 34],
    ['FCU', '1. FC Union Berlin', 33],
    ['BOC', 'VfL Bochum', 33],
    ['KOE', '1. FC Köln', 27],
    ['D98', 'SV Darmstadt 98', 17],
  ],
};

export const CHAMPIONSHIP_2021_22: RealSeason = {
  title: 'EFL Championship 2021-22',
  file: 'championship-2021-22.csv',
  rules: { preset: 'goal_difference_first' },
  adjustments: [
    { team: 'DER', points: -21, reason: 'Administration (12) and accounting breaches (9)' },
    { team: 'REA', points: -6, reason: 'Breach of profitability and sustainability rules' },
  ],
  table: [
    ['FUL', 'Fulham', 90],
    ['BOU', 'AFC Bournemouth', 88],
    ['HUD', 'Huddersfield Town', 82],
    ['NFO', 'Nottingham Forest', 80],
    ['SHU', 'Sheffield United', 75],
    ['LUT', 'Luton Town', 75],
    ['MID', 'Middlesbrough', 70],
    ['BLB', 'Blackburn Rovers', 69],
    ['MIL', 'Millwall', 69],
    ['WBA', 'West Bromwich Albion', 67],
    ['QPR', 'Queens Park Rangers', 66],
    ['COV', 'Coventry City', 64],
    ['PNE', 'Preston North End', 64],
    ['STK', 'Stoke City', 62],
    ['SWA', 'Swansea City', 61],
    ['BLP', 'Blackpool', 60],
    ['BRC', 'Bristol City', 55],
    ['CAR', 'Cardiff City', 53],
    ['HUL', 'Hull City', 51],
    ['BIR', 'Birmingham City', 47],
    ['REA', 'Reading', 41],
    ['PET', 'Peterborough United', 37],
    ['DER', 'Derby County', 34],
    ['BAR', 'Barnsley', 30],
  ],
};

export const LA_LIGA_2022_23: RealSeason = {
  title: 'LaLiga 2022-23',
  file: 'la-liga-2022-23.csv',
  rules: { preset: 'head_to_head_first' },
  table: [
    ['BAR', 'FC Barcelona', 88],
    ['RMA', 'Real Madrid', 78],
    ['ATM', 'Atlético Madrid', 77],
    ['RSO', 'Real Sociedad', 71],
    ['VIL', 'Villarreal CF', 64],
    ['BET', 'Real Betis', 60],
    ['OSA', 'CA Osasuna', 53],
    ['ATH', 'Athletic Club', 51],
    ['MLL', 'RCD Mallorca', 50],
    ['GIR', 'Girona FC', 49],
    ['RAY', 'Rayo Vallecano', 49],
    ['SEV', 'Sevilla FC', 49],
    ['CEL', 'RC Celta', 43],
    ['CAD', 'Cádiz CF', 42],
    ['GET', 'Getafe CF', 42],
    ['VAL', 'Valencia CF', 42],
    ['ALM', 'UD Almería', 41],
    ['VLL', 'Real Valladolid', 40],
    ['ESP', 'RCD Espanyol', 37],
    ['ELC', 'Elche CF', 25],
  ],
};

export const SERIE_A_2023_24: RealSeason = {
  title: 'Serie A 2023-24',
  file: 'serie-a-2023-24.csv',
  rules: { preset: 'head_to_head_first' },
  table: [
    ['INT', 'Inter', 94],
    ['MIL', 'Milan', 75],
    ['JUV', 'Juventus', 71],
    ['ATA', 'Atalanta', 69],
    ['BOL', 'Bologna', 68],
    ['ROM', 'Roma', 63],
    ['LAZ', 'Lazio', 61],
    ['FIO', 'Fiorentina', 60],
    ['TOR', 'Torino', 53],
    ['NAP', 'Napoli', 53],
    ['GEN', 'Genoa', 49],
    ['MON', 'Monza', 45],
    ['VER', 'Hellas Verona', 38],
    ['LEC', 'Lecce', 38],
    ['UDI', 'Udinese', 37],
    ['CAG', 'Cagliari', 36],
    ['EMP', 'Empoli', 36],
    ['FRO', 'Frosinone', 35],
    ['SAS', 'Sassuolo', 30],
    ['SAL', 'Salernitana', 17],
  ],
};

/**
 * Serie A 2022-23 settled a tie on points at the relegation line by a play-off, before any
 * head-to-head (Spezia had the better head-to-head and went down). The engine has no criterion
 * that depends on the place, so this season is ranked by points alone, which its regulation
 * applied to that tie; every other team finished on a points total of its own, so no other
 * criterion was ever reached. The play-off is the commissioner's decision.
 */
export const SERIE_A_2022_23: RealSeason = {
  title: 'Serie A 2022-23',
  file: 'serie-a-2022-23.csv',
  rules: { criteria: ['points'] },
  adjustments: [{ team: 'JUV', points: -10, reason: 'FIGC sanction (capital gains case)' }],
  decisions: [{ teams: ['VER', 'SPE'], reason: 'Relegation play-off: Spezia 1-3 Hellas Verona' }],
  table: [
    ['NAP', 'Napoli', 90],
    ['LAZ', 'Lazio', 74],
    ['INT', 'Inter', 72],
    ['MIL', 'Milan', 70],
    ['ATA', 'Atalanta', 64],
    ['ROM', 'Roma', 63],
    ['JUV', 'Juventus', 62],
    ['FIO', 'Fiorentina', 56],
    ['BOL', 'Bologna', 54],
    ['TOR', 'Torino', 53],
    ['MON', 'Monza', 52],
    ['UDI', 'Udinese', 46],
    ['SAS', 'Sassuolo', 45],
    ['EMP', 'Empoli', 43],
    ['SAL', 'Salernitana', 42],
    ['LEC', 'Lecce', 36],
    ['VER', 'Hellas Verona', 31],
    ['SPE', 'Spezia', 31],
    ['CRE', 'Cremonese', 27],
    ['SAM', 'Sampdoria', 19],
  ],
};

const euroGroup = (group: string, table: RealSeason['table'], decisions?: RealSeason['decisions']): RealSeason => ({
  title: `UEFA EURO 2024 group ${group}`,
  file: 'euro-2024-groups.csv',
  group,
  rules: { preset: 'head_to_head_first' },
  decisions,
  table,
});

export const EURO_2024_GROUPS: RealSeason[] = [
  euroGroup('A', [
    ['GER', 'Germany', 7],
    ['SUI', 'Switzerland', 5],
    ['HUN', 'Hungary', 3],
    ['SCO', 'Scotland', 1],
  ]),
  euroGroup('B', [
    ['ESP', 'Spain', 9],
    ['ITA', 'Italy', 4],
    ['CRO', 'Croatia', 2],
    ['ALB', 'Albania', 1],
  ]),
  euroGroup(
    'C',
    [
      ['ENG', 'England', 5],
      ['DEN', 'Denmark', 3],
      ['SVN', 'Slovenia', 3],
      ['SRB', 'Serbia', 2],
    ],
    [{ teams: ['DEN', 'SVN'], reason: 'Disciplinary points in the group: Denmark 6, Slovenia 7' }],
  ),
  euroGroup('D', [
    ['AUT', 'Austria', 6],
    ['FRA', 'France', 5],
    ['NED', 'Netherlands', 4],
    ['POL', 'Poland', 1],
  ]),
  euroGroup('E', [
    ['ROU', 'Romania', 4],
    ['BEL', 'Belgium', 4],
    ['SVK', 'Slovakia', 4],
    ['UKR', 'Ukraine', 4],
  ]),
  euroGroup('F', [
    ['POR', 'Portugal', 6],
    ['TUR', 'Türkiye', 6],
    ['GEO', 'Georgia', 4],
    ['CZE', 'Czechia', 1],
  ]),
];
