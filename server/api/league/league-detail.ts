/**
 * A league as its reads and its set-up writes answer it (league-view.ts): the summary, the
 * settings, the rules, and the standings from the league's snapshot under the rules as they are
 * on the league's row now (read on every request, so a settings change shows on the next read).
 */
import { SPORTS } from '../../league/sports.js';
import { computeStandings } from '../../league/standings.js';
import { engineRules, LISTING_ORDER, storedTieBreak } from '../../league/tie-break-rules.js';
import type { Membership } from './access.js';
import type { Fixture, League } from './league-repo.js';
import type { LeagueSnapshot } from './league-snapshots.js';
import type { LeagueDetail, LeagueSummary, StandingRow } from './league-view.js';

/** The settings every league summary carries (GET /api/leagues and GET /api/leagues/:id). */
export function leagueSettings(
  league: Pick<League, 'first_match_date' | 'time_zone' | 'tie_break'>,
): Pick<LeagueSummary, 'first_match_date' | 'time_zone' | 'tie_break' | 'tie_break_preset'> {
  const rule = storedTieBreak(league.tie_break);
  return {
    first_match_date: league.first_match_date,
    time_zone: league.time_zone,
    tie_break: [...rule.criteria, LISTING_ORDER],
    tie_break_preset: rule.preset,
  };
}

/** A fixture that counts in the table: played out, or its result awarded. */
export const isDecided = (fixture: Pick<Fixture, 'status' | 'awarded'>) =>
  fixture.status === 'played' || fixture.awarded === 1;

/**
 * The table from the snapshot's played fixtures, under the league's points and tie-break rules
 * as they are now (the snapshot keeps the table of the latest rules, and is dropped with the
 * revision when a result, a team or an adjustment changes).
 */
export function standingsOf(league: League, snapshot: LeagueSnapshot): StandingRow[] {
  const rules = { win: league.points_win, draw: league.points_draw, loss: league.points_loss };
  const key = `${rules.win}/${rules.draw}/${rules.loss} ${league.tie_break}`;
  if (snapshot.standings?.rules === key) return snapshot.standings.table;
  const results = snapshot.fixtures.flatMap((f) =>
    isDecided(f) && f.home_score !== null && f.away_score !== null
      ? [{ ...f, home_score: f.home_score, away_score: f.away_score, awarded: f.awarded === 1 }]
      : [],
  );
  const table = computeStandings([...snapshot.teams.values()], results, rules, {
    rules: engineRules(storedTieBreak(league.tie_break)),
    adjustments: snapshot.adjustments,
    decisions: snapshot.decisions,
  });
  snapshot.standings = { rules: key, table };
  return table;
}

export function summaryOf(league: League, membership: Membership, snapshot: LeagueSnapshot): LeagueSummary {
  const { id, name, sport, season, weeks, current_week } = league;
  const myTeam = membership.teamId === null ? null : (snapshot.teams.get(membership.teamId) ?? null);
  return {
    id,
    name,
    sport,
    season,
    weeks,
    current_week,
    my_role: membership.role,
    my_team: myTeam,
    teams: snapshot.teams.size,
    ...leagueSettings(league),
  };
}

export function leagueDetail(league: League, membership: Membership, snapshot: LeagueSnapshot): LeagueDetail {
  const sport = SPORTS[league.sport];
  const commissioner = membership.role === 'commissioner';
  return {
    ...summaryOf(league, membership, snapshot),
    rules: {
      points_win: league.points_win,
      points_draw: league.points_draw,
      points_loss: league.points_loss,
      squad_min: league.squad_min,
      squad_max: league.squad_max,
      sheet_starters: league.sheet_starters,
      sheet_subs_max: league.sheet_subs_max,
      positions: [...sport.positions],
      match_minutes: sport.matchMinutes,
    },
    standings: standingsOf(league, snapshot),
    chat_channel: league.chat_channel,
    can: { manage: commissioner, change_rules: commissioner && !snapshot.fixtures.some(isDecided) },
  };
}
