/**
 * The team's next fixture: opponent, kick-off in the member's language, venue, and this team's
 * sheet for it (read-only for everyone once set). The team's coach gets the editor until kick-off.
 */
import { PositionAbbr } from '../../components/league/PositionName';
import { TeamMark } from '../../components/league/TeamMark';
import { formatKickoff } from '../../i18n/dates';
import { useTranslation } from '../../i18n/use-translation';
import type { LeagueRules, SheetBody, SheetLine, Sport, TeamDetail } from '../../lib/league-client';
import { usePlayerCard } from '../../lib/player-card';
import { sheetIsOpen } from './roster-data';
import { SheetEditor } from './SheetEditor';

/** A key that changes whenever the saved sheet does, so the editor starts again from it. */
const sheetKey = (sheet: SheetLine[]) => sheet.map((line) => `${line.role[0]}${line.player.id}`).join(',');

function SheetPart({ title, lines, sport }: { title: string; lines: SheetLine[]; sport: Sport | null }) {
  const { t } = useTranslation();
  const card = usePlayerCard();
  return (
    <div className="sheet-part">
      <h4>{title}</h4>
      {lines.length === 0 ? (
        <p className="muted">{t('roster.sheet.none')}</p>
      ) : (
        <ol className="sheet-list">
          {lines.map(({ player }) => (
            <li key={player.id}>
              <span className="sheet-shirt">{player.shirt_number ?? '–'}</span>
              <button type="button" className="link-button" onClick={() => card.open(player.id)}>
                {player.name}
              </button>{' '}
              <span className="muted sheet-position">
                <PositionAbbr sport={sport} code={player.position} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

export function NextFixture({
  team,
  rules,
  sport,
  onSave,
}: {
  team: TeamDetail;
  rules: LeagueRules | null;
  sport: Sport | null;
  onSave: (body: SheetBody) => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const fixture = team.next_fixture;
  if (!fixture) {
    return (
      <section className="card" aria-labelledby="next-fixture-title">
        <h2 id="next-fixture-title">{t('roster.next.title')}</h2>
        <p className="empty-state">{t('roster.next.none')}</p>
      </section>
    );
  }
  const home = fixture.home.id === team.id;
  const opponent = home ? fixture.away : fixture.home;
  const starters = fixture.sheet.filter((line) => line.role === 'starter');
  const substitutes = fixture.sheet.filter((line) => line.role === 'substitute');
  const open = sheetIsOpen(team);
  return (
    <section className="card next-fixture" aria-labelledby="next-fixture-title">
      <h2 id="next-fixture-title">{t('roster.next.titleWeek', { week: fixture.week })}</h2>
      <p className="next-fixture-opponent">
        <TeamMark team={opponent} /> {t(home ? 'roster.next.home' : 'roster.next.away', { opponent: opponent.name })}
      </p>
      <p className="muted">
        {t('roster.next.when', {
          kickoff: formatKickoff(fixture.kickoff_at, i18n.language),
          venue: fixture.venue,
        })}
      </p>
      <section aria-labelledby="sheet-title" className="team-sheet">
        <h3 id="sheet-title">{t('roster.sheet.title')}</h3>
        {fixture.sheet.length === 0 ? (
          <p className="empty-state">{open ? t('roster.sheet.emptyCoach') : t('roster.sheet.empty')}</p>
        ) : (
          <div className="sheet-parts">
            <SheetPart title={t('roster.sheet.starters')} lines={starters} sport={sport} />
            <SheetPart title={t('roster.sheet.substitutes')} lines={substitutes} sport={sport} />
          </div>
        )}
        {team.can.set_sheet && !open && <p className="muted">{t('roster.sheet.closed')}</p>}
      </section>
      {open && rules && sport && (
        <SheetEditor
          key={sheetKey(fixture.sheet)}
          squad={team.squad}
          sheet={fixture.sheet}
          rules={{ starters: rules.sheet_starters, subsMax: rules.sheet_subs_max }}
          positions={rules.positions}
          sport={sport}
          onSave={onSave}
        />
      )}
    </section>
  );
}
