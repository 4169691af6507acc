/**
 * Seeds the demo Riverside League (docs/decisions/0011): teams, squads with their history,
 * a double round robin now in week 10, results with player lines for weeks 1–9, some week-10 team
 * sheets and the season's transfers. The whole league is planned in memory from a fixed seed, so
 * every fresh database gets the same league (only timestamps follow `now`), then written in one
 * transaction. A league that exists is left as it is, with what members changed since.
 *
 * Week 10 is played on the coming Saturday, today on a Saturday (demo-calendar.ts): a week-10
 * fixture whose match was over when the league is seeded has its result and player lines too,
 * drawn from their own dice after everything else, so the rest of the league is the same whatever
 * the hour (docs/decisions/0011, "Demo data").
 */
import { enqueue } from '../../api/chat/chat-outbox.js';
import { recordDemoChannelIds } from './demo-chat-ids.js';
import { demoCalendar, type DemoCalendar } from './demo-calendar.js';
import { Dice } from './random.js';
import type { Insertable, Kysely, Transaction } from 'kysely';
import { SPORTS, searchName } from '../../league/sports.js';
import type { DB, FixtureStatus, LeagueRole, PlayerStatus, SheetRole } from '../schema.js';
import * as L from './demo-league-data.js';
import type { TeamKey } from './demo-league-data.js';
import { DEMO_USERS } from './demo-users.js';

const BATCH = 200;

/** One player's match events in a played fixture; indexes into the plan until written. */
type Line = Record<'fixture' | 'player' | 'team' | 'minutes' | 'goals' | 'assists' | 'yellow' | 'red', number>;
type Plan = ReturnType<typeof planLeague>;
type Lineup = { starters: number[]; bench: number[] };
type PlanPlayer = { name: string; position: string; shirt: number | null; status: PlayerStatus; member: number | null };

const teamIndex = (key: TeamKey) => L.TEAMS.findIndex((team) => team.key === key);

/** The circle method: slot 7 stays, the others rotate; the fixed pair alternates home and away. */
function roundRobin(n: number): [number, number][][] {
  const rounds: [number, number][][] = [];
  for (let r = 0; r < n - 1; r++) {
    const ring = [...Array.from({ length: n - 1 }, (_, i) => (i + r) % (n - 1)), n - 1];
    rounds.push(
      Array.from({ length: n / 2 }, (_, i): [number, number] =>
        i === 0 && r % 2 === 1 ? [ring[n - 1 - i]!, ring[i]!] : [ring[i]!, ring[n - 1 - i]!],
      ),
    );
  }
  return [...rounds, ...rounds.map((pairs) => pairs.map(([home, away]): [number, number] => [away, home]))];
}

function planLeague(when: DemoCalendar) {
  // One dice for the season up to now, another for the current week's finished matches (below).
  let dice = new Dice(L.RANDOM_SEED);
  const players: PlanPlayer[] = [];
  // A stay in a team in weeks: from `fromWeek` up to, not including, `untilWeek`.
  const memberships: { player: number; team: number; fromWeek: number; untilWeek: number | null }[] = [];
  const taken = new Set([...DEMO_USERS.map((u) => u.name), ...L.TEAMS.map((t) => t.coachName), ...L.GUEST_REFEREES]);
  const newName = () => {
    for (;;) {
      const pool = dice.pick(L.NAME_POOLS);
      const name = `${dice.pick(pool.first)} ${dice.pick(pool.last)}`;
      if (taken.has(name)) continue;
      taken.add(name);
      return name;
    }
  };
  const addPlayer = (position: string, shirt: number | null, member: number | null = null) => {
    const name = member === null ? newName() : DEMO_USERS[member]!.name;
    return players.push({ name, position, shirt, status: 'available', member }) - 1;
  };

  // Final squads of 18 from the template; a slot a transfer fills later stays empty here.
  // `steady`: the players who stay in their team all season and are not members.
  const steady = L.TEAMS.map((team, t) => {
    const slots = [...L.SQUAD_TEMPLATE];
    const takeSlot = (position: string) =>
      slots.splice(slots.indexOf(slots.find((s) => s.position === position)!), 1)[0]!;
    const members = L.PLAYING_MEMBERS.filter((pm) => pm.team === team.key).map((m) =>
      addPlayer(m.position, takeSlot(m.position).shirt, m.member),
    );
    for (const transfer of L.TRANSFERS.filter((tr) => tr.to === team.key)) takeSlot(transfer.position);
    const others = slots.map((slot) => addPlayer(slot.position, slot.shirt));
    for (const player of [...members, ...others]) memberships.push({ player, team: t, fromWeek: 1, untilWeek: null });
    return others;
  });

  // Transfer numbers start at 20, above every template number, so they are unique in any squad.
  const transfers = L.TRANSFERS.map((tr, i) => {
    const from = tr.from ? teamIndex(tr.from) : null;
    const to = tr.to ? teamIndex(tr.to) : null;
    const player = addPlayer(tr.position, tr.kind === 'released' ? null : 20 + i);
    if (from !== null) memberships.push({ player, team: from, fromWeek: 1, untilWeek: tr.week });
    if (to !== null) memberships.push({ player, team: to, fromWeek: tr.week, untilWeek: null });
    return { player, kind: tr.kind, from, to, week: tr.week };
  });
  for (const position of L.FREE_AGENTS) addPlayer(position, null);

  // One injury a team (since a week in 5–9), and the week-9 red cards behind the suspensions.
  const injuredFrom = new Map<number, number>();
  const suspended = new Set<number>();
  L.TEAMS.forEach((team, t) => {
    const candidates = dice.shuffle(steady[t]!.filter((p) => players[p]!.position !== 'GK'));
    injuredFrom.set(candidates[0]!, dice.int(5, 9));
    players[candidates[0]!]!.status = 'injured';
    if (L.SUSPENDED_TEAMS.includes(team.key)) {
      suspended.add(candidates[1]!);
      players[candidates[1]!]!.status = 'suspended';
    }
  });

  const banned = new Map<number, number>();
  const squadAt = (team: number, week: number) =>
    memberships
      .filter((m) => m.team === team && m.fromWeek <= week && (m.untilWeek === null || week < m.untilWeek))
      .map((m) => m.player);
  const availableAt = (team: number, week: number) =>
    squadAt(team, week).filter((p) => (injuredFrom.get(p) ?? Infinity) > week && banned.get(p) !== week);

  const lineup = (pool: number[], forced: number[]) => {
    const byPosition = (position: string) => {
      const all = pool.filter((p) => players[p]!.position === position);
      return [...forced.filter((p) => all.includes(p)), ...dice.shuffle(all.filter((p) => !forced.includes(p)))];
    };
    const shape = dice.pick(L.FORMATIONS);
    const groups = SPORTS.football.positions.map(byPosition);
    const starters = groups.flatMap((group, i) => group.slice(0, shape[i]));
    const bench = dice.shuffle(groups.slice(1).flatMap((group, i) => group.slice(shape[i + 1])));
    while (starters.length < 11 && bench.length > 0) starters.push(bench.shift()!);
    return { starters, bench: [...groups[0]!.slice(1), ...bench] };
  };

  const lines: Line[] = [];
  /** `given`: the team sheet the side played to, when its coach had set one. */
  const playSide = (fixture: number, team: number, week: number, score: number, given?: Lineup) => {
    const forced = week === 9 ? availableAt(team, week).filter((p) => suspended.has(p)) : [];
    const { starters, bench } = given ?? lineup(availableAt(team, week), forced);
    const line = (player: number, minutes: number): Line => {
      return { fixture, player, team, minutes, goals: 0, assists: 0, yellow: 0, red: 0 };
    };
    const side = starters.map((player) => line(player, 90));
    // Random red cards only before week 9: a week-9 red card means a suspension now, and only
    // the SUSPENDED_TEAMS players have one. A red card costs the next match.
    for (const l of side) {
      const outfield = players[l.player]!.position !== 'GK';
      if (forced.includes(l.player) || (week < 9 && outfield && !suspended.has(l.player) && dice.chance(0.006))) {
        l.red = 1;
        l.minutes = dice.int(25, 88);
        banned.set(l.player, week + 1);
      }
    }
    const off = dice.shuffle(side.filter((l) => l.red === 0 && players[l.player]!.position !== 'GK'));
    const subs = bench.filter((p) => players[p]!.position !== 'GK');
    const count = Math.min(dice.pick([1, 2, 2, 3, 3, 3]), subs.length);
    for (let i = 0; i < count; i++) {
      const minute = dice.int(55, 85);
      off[i]!.minutes = minute;
      side.push(line(subs[i]!, 90 - minute));
    }
    for (const l of side) if (l.red === 0 && dice.chance(0.09)) l.yellow = 1;
    const weight = (table: Record<string, number>) => (l: Line) => table[players[l.player]!.position]! * l.minutes;
    for (let g = 0; g < score; g++) {
      const scorer = dice.weighted(side, weight(L.GOAL_WEIGHT));
      scorer.goals++;
      const others = side.filter((l) => l !== scorer);
      if (dice.chance(0.7)) dice.weighted(others, weight(L.ASSIST_WEIGHT)).assists++;
    }
    lines.push(...side);
  };

  let refereeTurn = 0;
  const mean = (attack: number, defence: number, homeBoost: number) => 1.3 * homeBoost * (attack / defence);
  const roll = (home: number, away: number): [number, number] => {
    const [h, a] = [L.TEAMS[home]!.strength, L.TEAMS[away]!.strength];
    return [dice.goals(mean(h, a, 1.15)), dice.goals(mean(a, h, 1))];
  };
  const fixtures = roundRobin(L.TEAMS.length).flatMap((pairs, r) =>
    pairs.map(([home, away], i) => {
      const week = r + 1;
      const count = r * pairs.length + i;
      const referee = count % 6 === 5 ? null : L.REFEREES[refereeTurn++ % L.REFEREES.length]!;
      const slot = (i + week) % L.KICKOFF_MINUTES.length;
      // Weeks 1–9 are over; of week 10, the matches over at `now` (their scores come later).
      const past = week < L.CURRENT_WEEK;
      const fixed = L.WEEK6_RESULTS.find((f) => week === 6 && teamIndex(f.home) === home && teamIndex(f.away) === away);
      const score: [number, number] | null = past ? (fixed?.score ?? roll(home, away)) : null;
      const postponed = week === L.CURRENT_WEEK + 1 && slot === 3;
      const status: FixtureStatus = when.isOver(week, slot) ? 'played' : postponed ? 'postponed' : 'scheduled';
      const guest = L.GUEST_REFEREES[Math.floor(count / 6) % L.GUEST_REFEREES.length]!;
      const refereeName = referee === null ? guest : DEMO_USERS[referee]!.name;
      return { week, home, away, slot, pitch: ((i * 3 + week) % 4) + 1, referee, refereeName, status, score };
    }),
  );
  // Weeks in order, so a red card's one-match ban and the transfers take effect as they happened.
  fixtures.forEach((f, index) => {
    if (!f.score) return;
    playSide(index, f.home, f.week, f.score[0]);
    playSide(index, f.away, f.week, f.score[1]);
  });

  const sheets: { fixture: number; team: number; player: number; role: SheetRole; order: number }[] = [];
  const sheetOf = new Map<number, Lineup>();
  for (const key of L.WEEK10_SHEETS) {
    const team = teamIndex(key);
    const fixture = fixtures.findIndex((f) => f.week === L.CURRENT_WEEK && (f.home === team || f.away === team));
    const pool = squadAt(team, L.CURRENT_WEEK).filter((p) => players[p]!.status === 'available');
    const { starters, bench } = lineup(pool, []);
    sheetOf.set(team, { starters, bench: bench.slice(0, 5) });
    [...starters, ...bench.slice(0, 5)].forEach((player, i) =>
      sheets.push({ fixture, team, player, role: i < 11 ? 'starter' : 'substitute', order: i + 1 }),
    );
  }

  // This week's matches over at `now`: their own dice, so nothing above depends on the hour. A
  // side with a team sheet plays it; a suspended player has now served the ban.
  dice = new Dice(L.RANDOM_SEED + L.CURRENT_WEEK);
  fixtures.forEach((f, index) => {
    if (f.week !== L.CURRENT_WEEK || f.status !== 'played') return;
    f.score = roll(f.home, f.away);
    playSide(index, f.home, f.week, f.score[0], sheetOf.get(f.home));
    playSide(index, f.away, f.week, f.score[1], sheetOf.get(f.away));
    for (const p of suspended)
      if (banned.get(p) === f.week && [f.home, f.away].some((t) => squadAt(t, f.week).includes(p)))
        players[p]!.status = 'available';
  });
  return { players, memberships, fixtures, lines, sheets, transfers };
}

async function insertAll<T extends keyof DB>(trx: Transaction<DB>, table: T, rows: Insertable<DB[T]>[]) {
  for (let i = 0; i < rows.length; i += BATCH)
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + BATCH))
      .execute();
}

async function writePlan(
  trx: Transaction<DB>,
  plan: Plan,
  when: DemoCalendar,
  users: Map<number, number>,
  now: Date,
): Promise<number> {
  const { points, squad, sheet } = SPORTS.football;
  const user = (member: number | null | undefined) => users.get(member ?? -1) ?? null;
  const { id: leagueId } = await trx
    .insertInto('leagues')
    .values({
      ...{ name: L.LEAGUE_NAME, sport: 'football', season: L.SEASON, weeks: L.WEEKS, current_week: L.CURRENT_WEEK },
      ...{ points_win: points.win, points_draw: points.draw, points_loss: points.loss },
      ...{ squad_min: squad.min, squad_max: squad.max },
      ...{ sheet_starters: sheet.starters, sheet_subs_max: sheet.substitutesMax },
      ...{ chat_channel: 'team:general', created_at: when.seasonStart },
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  // Ids are matched back by name, not by the order RETURNING happens to give.
  const teamRows = await trx
    .insertInto('teams')
    .values(
      L.TEAMS.map((t) => ({
        ...{ league_id: leagueId, name: t.name, short_name: t.key },
        ...{ colour_primary: t.primary, colour_secondary: t.secondary },
        ...{ coach_user_id: user(t.coachMember), coach_name: t.coachName },
      })),
    )
    .returning(['id', 'name'])
    .execute();
  const teamIds = L.TEAMS.map((team) => teamRows.find((row) => row.name === team.name)!.id);

  const playerIdByName = new Map<string, number>();
  for (let i = 0; i < plan.players.length; i += BATCH) {
    const rows = await trx
      .insertInto('players')
      .values(
        plan.players.slice(i, i + BATCH).map((p) => ({
          ...{ league_id: leagueId, name: p.name, search_name: searchName(p.name) },
          ...{ position: p.position, shirt_number: p.shirt, status: p.status, user_id: user(p.member) },
        })),
      )
      .returning(['id', 'name'])
      .execute();
    for (const row of rows) playerIdByName.set(row.name, row.id);
  }
  const playerIds = plan.players.map((p) => playerIdByName.get(p.name)!);

  await insertAll(
    trx,
    'squad_memberships',
    plan.memberships.map((m) => ({
      ...{ player_id: playerIds[m.player]!, team_id: teamIds[m.team]! },
      from_at: m.fromWeek === 1 ? when.seasonStart : when.transferAt(m.fromWeek),
      until_at: m.untilWeek === null ? null : when.transferAt(m.untilWeek),
    })),
  );

  const fixtureRows = await trx
    .insertInto('fixtures')
    .values(
      plan.fixtures.map((f) => ({
        ...{ league_id: leagueId, week: f.week, home_team_id: teamIds[f.home]!, away_team_id: teamIds[f.away]! },
        ...{ kickoff_at: when.kickoff(f.week, f.slot), venue: `Riverside Park, pitch ${f.pitch}` },
        ...{ referee_user_id: user(f.referee), referee_name: f.refereeName, status: f.status },
        ...{ home_score: f.score?.[0] ?? null, away_score: f.score?.[1] ?? null, updated_at: now.toISOString() },
      })),
    )
    .returning(['id', 'week', 'home_team_id'])
    .execute();
  const fixtureIds = plan.fixtures.map(
    (f) => fixtureRows.find((row) => row.week === f.week && row.home_team_id === teamIds[f.home])!.id,
  );

  await insertAll(
    trx,
    'appearances',
    plan.lines.map((l) => ({
      ...{ fixture_id: fixtureIds[l.fixture]!, player_id: playerIds[l.player]!, team_id: teamIds[l.team]! },
      ...{ minutes: l.minutes, goals: l.goals, assists: l.assists, yellow_cards: l.yellow, red_cards: l.red },
    })),
  );
  await insertAll(
    trx,
    'team_sheets',
    plan.sheets.map((s) => ({
      ...{ fixture_id: fixtureIds[s.fixture]!, team_id: teamIds[s.team]!, player_id: playerIds[s.player]! },
      ...{ role: s.role, sort_order: s.order },
    })),
  );
  await insertAll(
    trx,
    'transfers',
    plan.transfers.map((t) => ({
      ...{ league_id: leagueId, player_id: playerIds[t.player]!, kind: t.kind },
      from_team_id: t.from === null ? null : teamIds[t.from]!,
      to_team_id: t.to === null ? null : teamIds[t.to]!,
      ...{ by_user_id: user(L.COMMISSIONER), at: when.transferAt(t.week) },
    })),
  );

  const team = (key: TeamKey) => teamIds[teamIndex(key)]!;
  const coaches = L.TEAMS.filter((t) => t.coachMember !== undefined);
  const roles: { member: number; role: LeagueRole; team_id: number | null }[] = [
    { member: L.COMMISSIONER, role: 'commissioner', team_id: null },
    ...coaches.map((t) => ({ member: t.coachMember!, role: 'coach' as const, team_id: team(t.key) })),
    ...L.REFEREES.map((member) => ({ member, role: 'referee' as const, team_id: null })),
    // A playing coach (Min-ji) keeps the coach role; her player row still links to her.
    ...L.PLAYING_MEMBERS.filter((pm) => !coaches.some((t) => t.coachMember === pm.member)).map((pm) => ({
      ...{ member: pm.member, role: 'player' as const, team_id: team(pm.team) },
    })),
  ];
  await insertAll(
    trx,
    'league_members',
    roles
      .filter((r) => users.has(r.member))
      .map((r) => ({ league_id: leagueId, user_id: users.get(r.member)!, role: r.role, team_id: r.team_id })),
  );
  return leagueId;
}

export async function seedDemoLeague(
  db: Kysely<DB>,
  now = new Date(),
): Promise<{ created: boolean; leagueId: number }> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('leagues').select('id').where('name', '=', L.LEAGUE_NAME).executeTakeFirst();
    if (existing) {
      await recordDemoChannelIds(trx, existing.id);
      return { created: false, leagueId: existing.id };
    }
    // A demo member who was never seeded (or was deleted) is left out; the league still seeds.
    const emails = DEMO_USERS.map((u) => u.email);
    const rows = await trx.selectFrom('users').select(['id', 'email']).where('email', 'in', emails).execute();
    const users = new Map<number, number>();
    for (const row of rows) users.set(emails.indexOf(row.email), row.id);
    const when = demoCalendar(now, SPORTS.football.matchMinutes);
    const leagueId = await writePlan(trx, planLeague(when), when, users, now);
    // Its chat follows it like any league's (docs/decisions/0040), under the channel ids it had.
    await recordDemoChannelIds(trx, leagueId);
    await enqueue(trx, { kind: 'sync-league', leagueId });
    return { created: true, leagueId };
  });
}
