/**
 * A schedule before it is saved: each week's fixtures (home, away, kick-off and venue in the
 * league's time zone) in one table, a heading row per week, and who rests that week when the
 * number of teams is odd.
 */
import { TeamMark } from '../../components/league/TeamMark';
import { formatKickoff } from '../../i18n/dates';
import { useTranslation } from '../../i18n/use-translation';
import type { ScheduleView } from '../../lib/league-setup-client';

export function SchedulePreview({ schedule }: { schedule: ScheduleView }) {
  const { t, i18n } = useTranslation();
  const weeks = Array.from({ length: schedule.weeks }, (_, i) => i + 1);
  return (
    <table className="schedule-preview">
      <caption className="visually-hidden">{t('admin.schedule.previewTitle')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('admin.schedule.home')}</th>
          <th scope="col">{t('admin.schedule.away')}</th>
          <th scope="col">{t('admin.schedule.when')}</th>
        </tr>
      </thead>
      {weeks.map((week) => {
        const fixtures = schedule.fixtures.filter((fixture) => fixture.week === week);
        const resting = schedule.byes.filter((bye) => bye.week === week);
        return (
          <tbody key={week}>
            <tr className="schedule-week">
              <th scope="rowgroup" colSpan={3}>
                {t('admin.schedule.week', { week })}
                {resting.length > 0 && (
                  <span className="muted">
                    {' · '}
                    {t('admin.schedule.resting', { teams: resting.map((bye) => bye.team.name).join(', ') })}
                  </span>
                )}
              </th>
            </tr>
            {fixtures.map((fixture, index) => (
              <tr key={`${week}-${index}`}>
                <td>
                  <TeamMark team={fixture.home} /> {fixture.home.name}
                </td>
                <td>
                  <TeamMark team={fixture.away} /> {fixture.away.name}
                </td>
                <td>
                  <time dateTime={fixture.kickoff_at}>
                    {formatKickoff(fixture.kickoff_at, i18n.language, schedule.time_zone)}
                  </time>
                  <br />
                  <span className="muted">{fixture.venue}</span>
                </td>
              </tr>
            ))}
          </tbody>
        );
      })}
    </table>
  );
}
