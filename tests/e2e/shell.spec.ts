import { expect, test } from './fixtures';
import { readFileSync } from 'node:fs';
import { DEMO, registerViaApi, signIn, uniqueEmail } from './support';

interface Locale {
  dashboard: { title: string };
  nav: { languageSaved: string };
}
const read = (path: string) =>
  JSON.parse(readFileSync(new URL(`../../src/i18n/locales/${path}.json`, import.meta.url), 'utf8')) as Partial<Locale>;
/** The core strings (nav) and the pages bundle's (dashboard) of `lang`. */
const locale = (lang: string) => ({ ...read(lang), ...read(`pages/${lang}`) }) as Locale;

test('a deep link while signed out: checking session, sign-in, back at the deep link with its query', async ({
  page,
}) => {
  // Hold the session check back so its screen can be seen, as on a slow network: longer than the
  // first render waits for it (src/main.tsx, FIRST_RENDER_WAIT_MS).
  await page.route('**/api/auth/me*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/roster/4?week=2');
  await expect(page.getByText('Checking session…')).toBeVisible();
  await expect(page).toHaveURL(/\/login\?next=%2Froster%2F4%3Fweek%3D2$/);
  await page.unroute('**/api/auth/me*');
  await signIn(page);
  await expect(page).toHaveURL(/\/roster\/4\?week=2$/);
  // The roster of team 4 of the demo league, under the team's own name.
  const team = (await (await page.request.get('/api/teams/4')).json()) as { name: string };
  await expect(page.getByRole('heading', { level: 1, name: team.name })).toBeVisible();
  // The sign-in page was replaced in history: going back does not return to it.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/login/);
});

test('signs out from the account menu', async ({ page }) => {
  await page.goto('/dashboard');
  await signIn(page);
  await page.getByRole('button', { name: `Account menu for ${DEMO.name}` }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/);
});

test('registers a new member who lands on the dashboard', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Enter your name')).toBeVisible();
  await page.getByLabel('Your name').fill('Casey New');
  await page.getByLabel('Email').fill(uniqueEmail('casey'));
  await page.getByLabel('Password').fill('short');
  await expect(page.getByText('Use at least 8 characters')).toBeVisible();
  await page.getByLabel('Password').fill('a long enough password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Welcome, Casey New')).toBeVisible();
});

test('uses the browser language when the member has not chosen one', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await context.close();
});

test('the language picker saves the choice to the profile', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('luca@sideline.example');
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Luca's profile says Italian.
  await expect(page.getByRole('heading', { level: 1, name: locale('it').dashboard.title })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await page.getByRole('button', { name: /Luca Romano/ }).click();
  await page.getByRole('combobox').selectOption('nl');
  await expect(page.getByRole('heading', { level: 1, name: locale('nl').dashboard.title })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: locale('nl').nav.languageSaved })).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  // Put it back for other tests.
  await page.getByRole('button', { name: /Luca Romano/ }).click();
  await page.getByRole('combobox').selectOption('it');
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
});

test('the image preview opens, closes with Escape and gives focus back', async ({ page }) => {
  await page.goto('/dashboard');
  await signIn(page);
  const opener = page.getByRole('button', { name: 'View your picture' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Picture preview' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('img')).toHaveAttribute('src', /\/api\/users\/\d+\/avatar/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await opener.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('when the server fails, the app says so, keeps trying and recovers', async ({ page }) => {
  let failures = 0;
  await page.route('**/api/auth/me*', async (route) => {
    if (failures++ < 2) {
      await route.fulfill({ status: 500, contentType: 'text/html', body: '<html>Internal error</html>' });
      return;
    }
    await route.continue();
  });
  await page.goto('/dashboard');
  await expect(page.getByText(/Cannot reach Sideline right now/)).toBeVisible();
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/, { timeout: 15_000 });
});

test('the profile form saves and says so; bad values are explained', async ({ page }) => {
  await page.goto('/account');
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
  await page.getByLabel('Time zone').fill('Mars/Olympus');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Use a time zone name such as Europe/Berlin')).toBeVisible();
  await page.getByLabel('Time zone').fill('Europe/Lisbon');
  await page.getByLabel('About you').fill('Commissioner and left back.');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Profile saved' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('About you')).toHaveValue('Commissioner and left back.');
});

test('uploads a new picture with progress and shows it', async ({ page }) => {
  await registerViaApi(page, 'Drew Picture');
  await page.goto('/account');
  await expect(page.getByText('No picture yet')).toBeVisible();
  // A real PNG made by the browser itself.
  const png = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 64;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#c62828';
    context.fillRect(0, 0, 64, 64);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
    return Array.from(new Uint8Array(await blob.arrayBuffer()));
  });
  // The browser's own picker ("Choose File / No file chosen") is hidden: a labelled button-like
  // label shows instead, and the input stays the keyboard's stop, named by that label.
  const picker = page.getByLabel('Choose a picture…');
  expect(
    await picker.evaluate((input) => [input.getBoundingClientRect().width, input.getBoundingClientRect().height]),
  ).toEqual([1, 1]);
  await expect(page.getByText('Choose a picture…')).toBeVisible();
  // Nothing comes between the top bar's last control and the picker for a member without a picture.
  await page.getByRole('button', { name: /^Account menu for / }).focus();
  await page.keyboard.press('Tab');
  await expect(picker).toBeFocused();
  await picker.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(png) });
  await expect(page.getByText('Chosen file: me.png')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Picture updated' })).toBeVisible();
  const avatar = page.getByRole('button', { name: 'View your picture full size' }).locator('img');
  await expect(avatar).toHaveAttribute('src', /\/api\/users\/\d+\/avatar\?v=/);
  // Served re-encoded at AVATAR_SIZE (256 px square), never as uploaded.
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);

  await picker.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not image bytes') });
  await expect(page.getByRole('alert').filter({ hasText: 'Could not upload the picture' })).toBeVisible();
});

test('the served app is a production build: the development-only /dev/machines page is not in it', async ({ page }) => {
  await page.goto('/login');
  await signIn(page);
  await page.goto('/dev/machines');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Running statecharts' })).toHaveCount(0);
});
