// @vitest-environment jsdom
/**
 * The schedule generator against a REAL server: its form refuses a pattern the server would
 * refuse; "Preview" shows each week's fixtures (home, away, kick-off in the league's time zone,
 * venue) and saves nothing; "Save schedule" asks first, then the league has the previewed
 * fixtures; once a fixture is played the form explains that the schedule stays and is disabled.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { uiSuite, withLeague } from '../support/league-setup-ui';

const WAIT = { timeout: 10_000 };
const TEAMS = ['Harbour Hawks', 'Old Town Owls', 'Riverside Rovers', 'Quarry Queens'];

const suite = uiSuite(async () => {
  const { default: SchedulePage } = await import('../../src/features/league-admin/SchedulePage');
  return <Route path="/league/schedule" element={<SchedulePage />} />;
});
const given = withLeague(suite, 'Harbour League', TEAMS);

const fixtures = () =>
  suite.server.database.db
    .selectFrom('fixtures')
    .selectAll()
    .where('league_id', '=', given.league.id)
    .orderBy('id')
    .execute();

function open() {
  localStorage.setItem('selectedLeague', JSON.stringify({ league_id: given.league.id, team_id: 0 }));
  render(<suite.ui.App path="/league/schedule" user={suite.ui.userOf(given.commissioner, given.commissioner.name)} />);
  return screen.findByRole('heading', { level: 1, name: 'Schedule of Harbour League' }, WAIT);
}

describe('the schedule generator', () => {
  it('refuses a pattern without a date or with a venue twice, saying why', async () => {
    const user = userEvent.setup();
    await open();
    await user.type(screen.getByLabelText('Venue 1'), 'Riverside Park');
    await user.click(screen.getByRole('button', { name: 'Add a venue' }));
    // The new venue's field takes focus.
    expect(document.activeElement).toBe(screen.getByLabelText('Venue 2'));
    await user.keyboard('Riverside Park');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const alerts = (await screen.findAllByRole('alert', {}, WAIT)).map((alert) => alert.textContent);
    expect(alerts).toEqual(expect.arrayContaining(['Enter the first match day', 'A venue is listed twice']));
    expect(screen.queryByRole('table')).toBeNull();
    expect(await fixtures()).toEqual([]);
  });

  it('previews the weeks without saving, then saves them after asking', async () => {
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('radio', { name: "Double round robin: twice, once at each team's home" }));
    await user.type(screen.getByLabelText('First match day'), '2026-03-09');
    await user.selectOptions(screen.getByLabelText('Match day of the week'), 'Saturday');
    await user.clear(screen.getByLabelText('Kick-off time 1'));
    await user.type(screen.getByLabelText('Kick-off time 1'), '10:30');
    await user.type(screen.getByLabelText('Venue 1'), 'Riverside Park');
    await user.click(screen.getByRole('button', { name: 'Add a venue' }));
    await user.keyboard('Quarry Lane');
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    const table = await screen.findByRole('table', { name: 'Preview of the schedule' }, WAIT);
    expect(screen.getByText('Weeks: 6 · matches: 12 · teams: 4. Nothing is saved yet.')).toBeTruthy();
    const groups = within(table).getAllByRole('rowgroup').slice(1);
    expect(groups).toHaveLength(6);
    for (const [i, group] of groups.entries()) {
      const rows = within(group).getAllByRole('row');
      expect(within(rows[0]!).getByRole('rowheader').textContent).toBe(`Week ${i + 1}`);
      expect(rows).toHaveLength(3);
      const teams = rows.slice(1).flatMap((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 2)
          .map((c) => c.textContent.trim()),
      );
      // Every team plays once a week.
      expect(new Set(teams)).toEqual(new Set(TEAMS));
    }
    // Week 1 is the first Saturday from 9 March 2026: 14 March, 10:30 in London (UTC in March).
    const first = within(groups[0]!).getAllByRole('row')[1]!;
    expect(
      within(first)
        .getByRole('cell', { name: /Riverside Park/ })
        .querySelector('time')!
        .getAttribute('dateTime'),
    ).toBe('2026-03-14T10:30:00.000Z');
    expect(await fixtures()).toEqual([]);

    const save = screen.getByRole('button', { name: 'Save schedule' });
    await user.click(save);
    const dialog = await screen.findByRole('dialog', { name: 'Save this schedule?' }, WAIT);
    expect(dialog.textContent).toContain('These become the league');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(save);
    expect(await fixtures()).toEqual([]);
    await user.click(save);
    await user.click(
      within(await screen.findByRole('dialog', {}, WAIT)).getByRole('button', { name: 'Save schedule' }),
    );

    expect(await screen.findByText('The schedule is saved.', {}, WAIT)).toBeTruthy();
    const saved = await fixtures();
    expect(saved).toHaveLength(12);
    expect(saved[0]).toMatchObject({ week: 1, venue: 'Riverside Park', kickoff_at: '2026-03-14T10:30:00.000Z' });
  });

  it('explains that a league with a played fixture keeps its schedule, and disables the form', async () => {
    const [fixture] = await fixtures();
    const played = await given.commissioner.visitor.send('POST', `/api/fixtures/${fixture!.id}/result`, {
      json: { home_score: 2, away_score: 1 },
    });
    expect(played.status).toBe(200);
    await open();
    expect(
      await screen.findByText(
        'Matches have been played, so a new schedule can no longer be generated. Single fixtures can still be moved on the league page.',
        {},
        WAIT,
      ),
    ).toBeTruthy();
    // The date by its own attribute, the lists by their disabled fieldsets.
    for (const label of ['First match day', 'Match day of the week', 'Kick-off time 1', 'Venue 1'])
      expect(screen.getByLabelText(label).matches(':disabled'), label).toBe(true);
    expect(screen.getByRole('button', { name: 'Add a venue' }).matches(':disabled')).toBe(true);
  });
});
