/**
 * Explore and the player card, in Chromium against the demo league: land in the Riverside League,
 * search a player with a typo, open the card from the result row, read the totals and the chart
 * of the weeks, close it with Escape and land back on the row's button. axe finds no serious or
 * critical violation on the page, nor with the card open.
 */
import { expect, test } from './fixtures';
import { expectNoSeriousViolations, signIn } from './support';

test('search a player with a typo, open the card, read the weeks and close it again', async ({ page }) => {
  await page.goto('/league');
  await signIn(page);
  await page.getByLabel('Which team of Riverside League do you follow?').selectOption({ label: 'Old Town Owls' });
  await page.getByRole('button', { name: 'Follow this team' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Riverside League' })).toBeVisible();

  await page.goto('/explore');
  await expect(page.getByRole('heading', { level: 1, name: 'Explore players' })).toBeVisible();
  const status = page.getByRole('status').filter({ hasText: /players? (found|shown)/ });
  await expect(status).toHaveText(/^\d+ players shown, more as you scroll$/);
  await expect(page.getByRole('combobox', { name: 'Team' }).getByRole('option')).toHaveCount(9);
  await expectNoSeriousViolations(page, '/explore');

  // "Sharna" is one letter away from "Sharma": the search forgives it, after the member stops typing.
  await page.getByRole('searchbox', { name: 'Search players' }).fill('Priya Sharna');
  await expect(page).toHaveURL(/\/explore\?q=Priya\+Sharna$/);
  const results = page.getByRole('region', { name: 'Players' });
  const open = results.getByRole('button', { name: 'Priya Sharma', exact: true });
  await expect(open).toBeVisible();
  const row = results
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: 'Priya Sharma', exact: true }) });
  await expect(row).toContainText('HAW');
  await expect(row).toContainText('FW');

  await open.focus();
  await page.keyboard.press('Enter');
  const card = page.getByRole('dialog', { name: 'Priya Sharma' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: 'Close' })).toBeFocused();
  await expect(card).toContainText('Harbour Hawks');

  // The chart covers the played weeks (1 to 9 in the demo; 10 once another test has recorded
  // week 10), and its summary agrees with the season totals.
  const chart = card.getByRole('img', { name: /^Weeks 1 to (9|10): / });
  await expect(chart).toBeVisible();
  const label = (await chart.getAttribute('aria-label')) ?? '';
  const [, weeks, appearances, goals, assists] =
    /^Weeks 1 to (\d+): (\d+) appearances?, (\d+) goals?, (\d+) assists?$/.exec(label) ?? [];
  const totals = card.getByRole('region', { name: 'Season totals' });
  const total = (name: string) => totals.getByText(name, { exact: true }).locator('xpath=following-sibling::dd');
  await expect(total('Appearances')).toHaveText(appearances!);
  await expect(total('Goals')).toHaveText(goals!);
  await expect(total('Assists')).toHaveText(assists!);
  await expect(chart.locator('[data-part="minutes"]')).toHaveCount(Number(weeks));
  const table = card.getByRole('table', { name: 'Minutes, goals and assists by week' });
  await expect(table.getByRole('row')).toHaveCount(Number(weeks) + 1);
  await expectNoSeriousViolations(page, '/explore with the player card open');

  await page.keyboard.press('Escape');
  await expect(card).toBeHidden();
  await expect(open).toBeFocused();

  // Nothing matches: the page says so and offers to start again.
  await page.getByRole('searchbox', { name: 'Search players' }).fill('qqqqqqqq');
  await expect(page.getByText('No players match “qqqqqqqq”.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Clear search and filters' }).click();
  await expect(page).toHaveURL(/\/explore$/);
  await expect(results.getByRole('listitem').first()).toBeVisible();
});
