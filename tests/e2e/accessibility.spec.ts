import { expect, test } from './fixtures';
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
  ]) {
    await page.goto(path!);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoSeriousViolations(page, path!);
  }
});

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
