import { expect, test, type Page } from './fixtures';
import { expectNoSeriousViolations, signIn } from './support';

test('sign-in and registration have no serious accessibility violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expectNoSeriousViolations(page, '/login');
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expectNoSeriousViolations(page, '/register');
});

test('every signed-in screen has no serious accessibility violations', async ({ page }) => {
  // Eight screens, each loaded and checked by axe: more than one screen's time.
  test.setTimeout(90_000);
  await page.goto('/dashboard');
  await signIn(page);
  for (const [path, heading] of [
    ['/dashboard', 'Dashboard'],
    ['/league', 'League'],
    ['/roster/1', 'Team roster'],
    ['/chat', 'Chat'],
    ['/explore', 'Explore players'],
    ['/account', 'Your account'],
    ['/help', 'Help'],
    ['/no-such-page', 'Page not found'],
  ])
    await expectScreenAccessible(page, path!, heading!, path!);
});

test('the league set-up screens have no serious accessibility violations, wide and on a phone', async ({ page }) => {
  // Twelve screens, each loaded and checked by axe: more than one screen's time.
  test.setTimeout(90_000);
  await page.goto('/dashboard');
  await signIn(page);
  await page.evaluate(() => localStorage.setItem('selectedLeague', JSON.stringify({ league_id: 1, team_id: 0 })));
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    for (const [path, heading] of [
      ['/leagues/new', 'Start a league'],
      ['/league/settings', 'Settings of Riverside League'],
      ['/league/teams', 'Teams of Riverside League'],
      ['/league/schedule', 'Schedule of Riverside League'],
      ['/league/members', 'Members of Riverside League'],
      ['/league/rules', 'Competition rules of Riverside League'],
    ])
      // Checked once the screen shows what it loaded (the league, its teams or members), not only its title.
      await expectScreenAccessible(page, path!, heading!, `${path} at ${size.width} px`, 'main form, main ul');
  }
});

/** Opens `path`, waits for its title (and `ready`, when given), and runs axe on it. */
async function expectScreenAccessible(page: Page, path: string, heading: string, name: string, ready?: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  if (ready) await expect(page.locator(ready).first()).toBeVisible();
  await expectNoSeriousViolations(page, name);
}

test('the mobile navigation drawer opens, navigates and closes', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/dashboard');
  await signIn(page);
  const toggle = page.getByRole('button', { name: 'Open navigation' });
  await toggle.click();
  const drawer = page.locator('#nav-drawer');
  await expect(drawer).toBeVisible();
  await expectNoSeriousViolations(page, 'mobile drawer');
  await drawer.getByRole('link', { name: 'Help' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
  await expect(drawer).toBeHidden();
  await toggle.click();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(toggle).toBeFocused();
});
