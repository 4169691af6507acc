/**
 * The member's leagues to choose from. Choosing one stores the selection (`selectedLeague`:
 * league, team and current week, numbers only). A member with a team in the league follows it;
 * one without (a commissioner, a referee) picks the team to follow from the league's teams, and
 * opens a league without teams yet following none.
 */
import { LeagueSummaryLine } from '../../components/league/LeagueSummaryLine';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../i18n/use-translation';
import { loadLeague, type LeagueSummary } from '../../lib/league-client';
import { selectionFor, setSelectedLeague } from '../../lib/selected-league';
import { useResource } from '../../lib/use-resource';

export function LeaguePicker({ leagues }: { leagues: LeagueSummary[] }) {
  const { t } = useTranslation();
  const [choosingTeamIn, setChoosingTeamIn] = useState<LeagueSummary | null>(null);
  const choose = (league: LeagueSummary) => {
    if (league.my_team)
      setSelectedLeague({ league_id: league.id, team_id: league.my_team.id, current_season_week: league.current_week });
    else if (league.teams === 0) setSelectedLeague(selectionFor(league));
    else setChoosingTeamIn(league);
  };
  return (
    <section className="card" aria-labelledby="pick-title">
      <h2 id="pick-title">{t('league.pickTitle')}</h2>
      <p className="muted">{t('league.pickHint')}</p>
      <ul className="league-choices">
        {leagues.map((league) => (
          <li key={league.id}>
            <div>
              <strong>{league.name}</strong>
              <LeagueSummaryLine league={league} />
              <p className="muted">
                {league.my_team
                  ? t('league.roleInTeam', { role: t(`league.role.${league.my_role}`), team: league.my_team.name })
                  : t(`league.role.${league.my_role}`)}
              </p>
            </div>
            <button
              type="button"
              onClick={() => choose(league)}
              aria-label={t('league.openLeague', { league: league.name })}
            >
              {t('league.open')}
            </button>
          </li>
        ))}
      </ul>
      {choosingTeamIn && <FollowTeam key={choosingTeamIn.id} league={choosingTeamIn} />}
      <p className="league-start">
        <Link to="/leagues/new">{t('league.links.start')}</Link>
      </p>
    </section>
  );
}

export function FollowTeam({ league }: { league: LeagueSummary }) {
  const { t } = useTranslation();
  const detail = useResource(loadLeague, { leagueId: league.id });
  const teams = detail.data
    ? [...detail.data.standings].map((row) => row.team).sort((a, b) => a.name.localeCompare(b.name))
    : [];
  const [teamId, setTeamId] = useState<number | null>(null);
  const chosen = teamId ?? teams[0]?.id ?? null;
  return (
    <form
      className="follow-team"
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen !== null)
          setSelectedLeague({ league_id: league.id, team_id: chosen, current_season_week: league.current_week });
      }}
    >
      <label htmlFor="follow-team">{t('league.followTeam', { league: league.name })}</label>
      {detail.error && (
        <p role="alert" className="form-error">
          {detail.error}
        </p>
      )}
      <div className="follow-team-row">
        <select
          id="follow-team"
          value={chosen ?? ''}
          disabled={teams.length === 0}
          onChange={(event) => setTeamId(Number(event.target.value))}
        >
          {teams.map((team) => (
            <option key={team.id} value={team.id}>
              {team.name}
            </option>
          ))}
        </select>
        <button type="submit" disabled={chosen === null}>
          {t('league.follow')}
        </button>
      </div>
    </form>
  );
}
