/**
 * The league as a member sees it, in Chromium against the demo league: land in the league and
 * choose the team to follow, the standings with that team marked, fixtures and results by week through the
 * week picker and the address, and the dashboard showing the team's next fixture. axe finds no
 * serious or critical violation on the way, on a wide screen and on a phone.
 */
import { expect, test } from './fixtures';
import type { Event } from 'stream-chat';
import { expectNoSeriousViolations, jordanClient, SECOND, signIn } from './support';

test('land in the league, follow a team, read the table and the weeks, and see the next fixture on the dashboard', async ({
  page,
}) => {
  await page.goto('/league');
  await signIn(page);
  // The commissioner of one league lands in it without choosing; with no team of their own, the
  // page offers the team to follow.
  await expect(page.getByRole('heading', { level: 1, name: 'Riverside League' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Follow a team' })).toBeVisible();
  await page.getByLabel('Which team of Riverside League do you follow?').selectOption({ label: 'Old Town Owls' });
  await page.getByRole('button', { name: 'Follow this team' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Riverside League' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Standings' });
  await expect(table.getByRole('row')).toHaveCount(9);
  const mine = table.locator('.standings-mine');
  await expect(mine).toHaveCount(1);
  await expect(mine.getByRole('rowheader')).toContainText('Old Town Owls');
  await expect(mine.getByRole('rowheader')).toContainText('Your team');
  // Form is a picture with words for screen readers.
  await expect(mine.getByRole('img', { name: /^Last five games, oldest first: (won|drawn|lost)/ })).toBeVisible();

  // Sorting by points descending keeps the leader first; a second click reverses.
  const firstTeam = () => table.getByRole('rowheader').first().textContent();
  const leader = await firstTeam();
  await table.getByRole('button', { name: 'Sort by Points' }).click();
  expect(await firstTeam()).toBe(leader);
  await table.getByRole('button', { name: 'Sort by Points' }).click();
  expect(await firstTeam()).not.toBe(leader);

  // The current week is scheduled; the week before has results, and the address keeps the week.
  const fixtures = page.getByRole('region', { name: 'Fixtures and results' });
  await expect(fixtures.getByRole('combobox', { name: 'Week' })).toHaveValue('10');
  await expect(fixtures.getByText('Scheduled').first()).toBeVisible();
  await fixtures.getByRole('button', { name: 'Previous week' }).click();
  await expect(page).toHaveURL(/\/league\?week=9$/);
  await expect(fixtures.locator('.fixture-score')).toHaveCount(4);
  // A played fixture's details name its scorers; a name opens the player card, Escape closes it.
  const played = fixtures.getByRole('listitem').filter({ hasNotText: '0–0' }).first();
  await played.getByRole('button', { name: 'Match details' }).click();
  const scorer = played
    .getByRole('region', { name: /^Match events of / })
    .getByRole('button')
    .first();
  const scorerName = ((await scorer.textContent()) ?? '').replace(/ ×\d+$/, '').replace(/ \(.*\)$/, '');
  await scorer.click();
  const card = page.getByRole('dialog', { name: scorerName });
  await expect(card).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(card).toBeHidden();
  await expect(scorer).toBeFocused();
  await page.goBack();
  await expect(fixtures.getByRole('combobox', { name: 'Week' })).toHaveValue('10');
  await expectNoSeriousViolations(page, '/league (standings and fixtures)');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(table.getByRole('columnheader', { name: 'Sort by Won' })).toBeHidden();
  await expect(table.getByRole('columnheader', { name: 'Sort by Points' })).toBeVisible();
  await expectNoSeriousViolations(page, '/league on a phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto('/dashboard');
  const team = page.getByRole('region', { name: /Old Town Owls/ });
  await expect(team.getByText(/^Place \d · \d+ points · 9 played/)).toBeVisible();
  await expect(team.getByText(/^(Home against|Away at) /)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Results, week 9' }).locator('.news-score')).toHaveCount(4);
  await expectNoSeriousViolations(page, '/dashboard with a league');
  const transfer = page.getByRole('region', { name: 'Latest transfers' }).getByRole('button').first();
  await transfer.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(transfer).toBeFocused();
});

test('a coach of one league lands in it and follows their own team at once, in their language', async ({ page }) => {
  await page.goto('/league');
  await signIn(page, SECOND);
  // Nothing to choose (issue #28): no league picker, the league opens.
  await expect(page.getByRole('heading', { level: 1, name: 'Riverside League' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Riverside League öffnen' })).toBeHidden();
  const table = page.getByRole('table', { name: 'Tabelle' });
  await expect(table.locator('.standings-mine').getByRole('rowheader')).toContainText('Harbour Hawks');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 2, name: 'Harbour Hawks' })).toBeVisible();
  await expect(page.getByText('Heimspiel gegen Millbrook Rovers').or(page.getByText(/^Auswärts bei /))).toBeVisible();
});

test('the commissioner records a result: the table changes and the card reaches the league chat', async ({
  page,
  request,
  baseURL,
}) => {
  // Another member, in the league channel through the chat client, sees the card arrive.
  const jordan = await jordanClient(request, baseURL!);
  const general = jordan.channel('team', 'general');
  await general.watch();
  const card = new Promise<Event>((resolve) => {
    general.on('message.new', (event) => {
      if (event.message?.attachments?.some((a) => a.type === 'league_card')) resolve(event);
    });
  });

  await page.goto('/league');
  await signIn(page);
  await page.getByRole('button', { name: 'Follow this team' }).click();
  const table = page.getByRole('table', { name: 'Standings' });
  const row = (team: string) => table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: team }) });
  await expect(row('Kingsway Wanderers').getByRole('cell').nth(1)).toHaveText('9');

  // Week 10's Kingsway Wanderers v Eastgate Athletic (the other tests use other fixtures).
  const fixture = page.getByRole('listitem').filter({ hasText: 'Kingsway Wanderers' });
  await fixture.getByRole('button', { name: 'Record result' }).click();
  const form = page.getByRole('form', { name: 'Result of Kingsway Wanderers v Eastgate Athletic' });
  await form.getByLabel('Kingsway Wanderers goals').fill('4');
  await form.getByLabel('Eastgate Athletic goals').fill('2');
  await expectNoSeriousViolations(page, '/league recording a result');
  await form.getByRole('button', { name: 'Save result' }).click();

  await expect(page.getByText('Result saved: Kingsway Wanderers 4–2 Eastgate Athletic')).toBeVisible();
  await expect(fixture.locator('.fixture-score')).toHaveText('4–2');
  await expect(row('Kingsway Wanderers').getByRole('cell').nth(1)).toHaveText('10');
  await expect(fixture.getByRole('button', { name: 'Correct result' })).toBeVisible();

  const { message } = await card;
  expect(message?.text).toMatch(/Kingsway Wanderers 4.2 Eastgate Athletic/);
  expect(message?.attachments?.[0]).toMatchObject({ type: 'league_card', kind: 'result' });
  expect(message?.attachments?.[0]?.title_link).toMatch(/^https?:\/\/.+\/league\?week=10$/);
  await jordan.disconnectUser();
});
