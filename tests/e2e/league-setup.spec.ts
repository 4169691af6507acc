/**
 * Issue #28's journey in Chromium against the real server: a new member registers, starts a
 * league, adds four teams, generates the schedule and invites a second member by link; the second
 * member, in another browser context, opens the link signed out, registers there, comes back to
 * the link, joins, lands in the league and finds its chat channel; the commissioner records a
 * result and applies a points deduction, and both see the table change. axe finds no serious or
 * critical violation on each new screen on the way. The deduction is applied through the API:
 * it has no screen of its own yet; the table shows it with a mark and its reason.
 */
import { expect, test, type Page } from './fixtures';
import { expectNoSeriousViolations, uniqueEmail } from './support';

const TEAMS = ['Harbour Hawks', 'Old Town Owls', 'Riverside Rovers', 'Quarry Queens'];
const LEAGUE = `Sunday League ${Date.now() % 100_000}`;

async function registerOnPage(page: Page, name: string): Promise<void> {
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Email').fill(uniqueEmail('setup'));
  await page.getByLabel('Password').fill('a long enough password');
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** The standings row of `team`: its played and points cells. */
function standing(page: Page, team: string) {
  const row = page
    .getByRole('table', { name: 'Standings' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${team}`) }) });
  return { played: row.getByRole('cell').nth(1), points: row.getByRole('cell').nth(-2) };
}

test('a new member starts a league, sets it up, invites a second member who joins and finds its chat, and both see a result and a deduction in the table', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.goto('/register');
  await registerOnPage(page, 'Cora Commish');

  // No league yet: the dashboard offers to start one or to join one.
  const empty = page.getByRole('region', { name: 'You are not in a league yet' });
  await expect(empty).toBeVisible();
  await expectNoSeriousViolations(page, '/dashboard without a league');
  await empty.getByRole('link', { name: 'Start a league' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Start a league' })).toBeVisible();
  await expectNoSeriousViolations(page, '/leagues/new');
  await page.getByLabel('League name').fill(LEAGUE);
  await page.getByRole('radio', { name: 'Head-to-head first' }).check();
  await page.getByRole('button', { name: 'Create the league' }).click();

  await expect(page.getByRole('heading', { level: 1, name: `Teams of ${LEAGUE}` })).toBeVisible();
  for (const team of TEAMS) {
    await page.getByLabel('Team name').fill(team);
    await page.getByRole('button', { name: 'Add team' }).click();
    await expect(page.getByRole('button', { name: `Edit ${team}` })).toBeVisible();
    // The name field has focus again, for the next team.
    await expect(page.getByLabel('Team name')).toBeFocused();
  }
  await expect(page.getByRole('heading', { name: 'Teams (4)' })).toBeVisible();
  await expectNoSeriousViolations(page, '/league/teams');

  await page.getByRole('navigation', { name: 'League set-up' }).getByRole('link', { name: 'Schedule' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Schedule of ${LEAGUE}` })).toBeVisible();
  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel('First match day').fill(today);
  await page.getByLabel('Venue 1').fill('Riverside Park');
  // One venue and one time is one match a week: the server says why that is not enough.
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('alert')).toContainText('the pattern has only 1 slot');
  await page.getByRole('button', { name: 'Add a kick-off time' }).click();
  await expect(page.getByLabel('Kick-off time 2')).toBeFocused();
  await page.getByLabel('Kick-off time 2').fill('16:00');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText('Weeks: 3 · matches: 6 · teams: 4. Nothing is saved yet.')).toBeVisible();
  await expectNoSeriousViolations(page, '/league/schedule preview');
  await page.getByRole('button', { name: 'Save schedule' }).click();
  const confirm = page.getByRole('dialog', { name: 'Save this schedule?' });
  await expect(confirm).toBeVisible();
  await expectNoSeriousViolations(page, '/league/schedule confirmation');
  await confirm.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByText('The schedule is saved.')).toBeVisible();

  await page.getByRole('navigation', { name: 'League set-up' }).getByRole('link', { name: 'Members' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Members of ${LEAGUE}` })).toBeVisible();
  await page.getByLabel('Role').selectOption({ label: 'Player' });
  await page.getByLabel('Team', { exact: true }).selectOption({ label: 'Old Town Owls' });
  await page.getByRole('button', { name: 'Create link' }).click();
  const link = await page.getByLabel('Invitation link').inputValue();
  expect(link).toMatch(/\/join\/[A-Za-z0-9_-]{43}$/);
  await expectNoSeriousViolations(page, '/league/members with a new link');

  // The second member, in a browser of their own, follows the link signed out.
  const other = await (await browser.newContext()).newPage();
  await other.goto(link);
  await expect(other.getByRole('heading', { level: 1, name: `Join ${LEAGUE}` })).toBeVisible();
  await expect(other.getByText('Player, Old Town Owls')).toBeVisible();
  await expectNoSeriousViolations(other, '/join signed out');
  await other.getByRole('link', { name: 'Create an account' }).click();
  await registerOnPage(other, 'Pat Player');
  await other.getByRole('button', { name: `Join ${LEAGUE}` }).click();
  await expect(other.getByRole('heading', { level: 1, name: LEAGUE })).toBeVisible();
  const yours = other.getByRole('table', { name: 'Standings' }).locator('.standings-mine');
  await expect(yours.getByRole('rowheader')).toContainText('Old Town Owls');
  await expect(standing(other, 'Harbour Hawks').played).toHaveText('0');

  // The commissioner records week 1's first result on the league page.
  await page.goto('/league');
  await expect(page.getByRole('heading', { level: 1, name: LEAGUE })).toBeVisible();
  const fixture = page.getByRole('region', { name: 'Fixtures and results' }).getByRole('listitem').first();
  const home = (await fixture.locator('.fixture-home').textContent())!.trim();
  const away = (await fixture.locator('.fixture-away').textContent())!.trim();
  await fixture.getByRole('button', { name: 'Record result' }).click();
  await page.getByLabel(`${home} goals`).fill('3');
  await page.getByLabel(`${away} goals`).fill('1');
  await page.getByRole('button', { name: 'Save result' }).click();
  await expect(page.getByText(`Result saved: ${home} 3–1 ${away}`)).toBeVisible();
  await expect(standing(page, home).points).toHaveText('3');
  await expect(standing(page, away).played).toHaveText('1');

  // The second member sees the same table.
  await other.reload();
  await expect(standing(other, home).points).toHaveText('3');
  await expect(standing(other, away).points).toHaveText('0');
  await expect(standing(other, away).played).toHaveText('1');

  // The commissioner deducts the winner's 3 points; both tables show it, marked, with the reason.
  await deduct(page, home, 'Fielded an ineligible player');
  const reason = `${home}: -3 points (Fielded an ineligible player)`;
  for (const member of [page, other]) {
    await member.reload();
    await expect(standing(member, home).points).toHaveText(/^0\*/);
    await expect(member.getByText(reason)).toBeVisible();
  }

  // The league's chat follows it: the new member finds its channel.
  await other.goto('/chat');
  const channels = other.getByRole('navigation', { name: 'Your channels' });
  await expect(channels.getByText(LEAGUE, { exact: true }).first()).toBeVisible({ timeout: 20_000 });
});

/** The commissioner (signed in on `page`) takes 3 points from `team` of the league, through the API. */
async function deduct(page: Page, team: string, reason: string): Promise<void> {
  const { leagues } = (await (await page.request.get('/api/leagues')).json()) as {
    leagues: { id: number; name: string }[];
  };
  const league = leagues.find((entry) => entry.name === LEAGUE)!;
  const detail = (await (await page.request.get(`/api/leagues/${league.id}`)).json()) as {
    standings: { team: { id: number; name: string } }[];
  };
  const teamId = detail.standings.find((row) => row.team.name === team)!.team.id;
  const { csrfToken } = (await (await page.request.get('/api/csrf')).json()) as { csrfToken: string };
  const answer = await page.request.post(`/api/leagues/${league.id}/adjustments`, {
    headers: { 'X-CSRF-Token': csrfToken },
    data: { team_id: teamId, points: -3, reason },
  });
  expect(answer.status()).toBe(201);
}
