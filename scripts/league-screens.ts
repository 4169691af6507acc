/**
 * Screenshots of the league set-up screens (issue #28) for a look by eye: a new commissioner's
 * league with four teams, each screen at 1280×800 and 390×844, in English and German. Run it
 * against a running app:
 *
 *   PORT=3300 DATA_DIR=/tmp/screens-data npm start &
 *   npx tsx scripts/league-screens.ts http://localhost:3300 /tmp/league-screens
 *
 * It registers fresh members through the API (the address must allow a few registrations), so it
 * leaves data behind: point it at a throwaway data folder.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type APIRequestContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../tests/support/chromium.js';

const [base = 'http://localhost:3300', out = '/tmp/league-screens'] = process.argv.slice(2);
const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;
const LANGUAGES = ['en', 'de'] as const;
/** The height of one part of a phone's screenshot. */
const PART = 1000;

async function call<T>(request: APIRequestContext, method: string, path: string, data?: unknown): Promise<T> {
  const { csrfToken } = (await (await request.get(`${base}/api/csrf`)).json()) as { csrfToken: string };
  const response = await request.fetch(`${base}/api${path}`, {
    method,
    headers: { 'X-CSRF-Token': csrfToken },
    data,
  });
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return (await response.json().catch(() => null)) as T;
}

const stamp = Date.now() % 1_000_000;
const register = (request: APIRequestContext, name: string) =>
  call<{ id: number }>(request, 'POST', '/auth/register', {
    name,
    email: `${name.split(' ')[0]!.toLowerCase()}-${stamp}-${Math.random().toString(36).slice(2, 7)}@screens.example`,
    password: 'a long enough password',
  });

async function shoot(page: Page, name: string, language: string, width: number) {
  // Settled: no request for half a second (a page may keep a connection open, so not 'networkidle').
  await page.waitForLoadState('load');
  await page.waitForTimeout(500);
  await page.screenshot({ path: join(out, `${language}-${width}-${name}.png`), fullPage: true });
  console.log(`${language}-${width}-${name}.png`);
  if (width >= 600) return;
  // A phone's long page also in parts, each readable when looked at on its own.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0, part = 1; y < height; y += PART, part++)
    await page.screenshot({
      path: join(out, `${language}-${width}-${name}-part${part}.png`),
      fullPage: true,
      clip: { x: 0, y, width, height: Math.min(PART, height - y) },
    });
}

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
try {
  for (const language of LANGUAGES) {
    for (const size of SIZES) {
      const context = await browser.newContext({ viewport: size, locale: language === 'de' ? 'de-DE' : 'en-US' });
      const page = await context.newPage();
      const { request } = page;
      const me = await register(request, 'Cora Commish');
      await call(request, 'PUT', `/users/${me.id}`, { language });

      await page.goto(`${base}/dashboard`);
      await page.getByRole('link', { name: /.+/ }).first().waitFor();
      await shoot(page, 'dashboard-no-league', language, size.width);
      await page.goto(`${base}/leagues/new`);
      await page.locator('form').waitFor();
      await shoot(page, 'new-league', language, size.width);
      await page.getByRole('radio').nth(2).check();
      await shoot(page, 'new-league-custom-order', language, size.width);

      const league = await call<{ id: number }>(request, 'POST', '/leagues', {
        name: 'Riverside Sunday League',
        sport: 'football',
        season: '2026/27',
        time_zone: 'Europe/London',
      });
      const teams: { id: number }[] = [];
      for (const [i, team] of ['Harbour Hawks', 'Old Town Owls', 'Kingsway Wanderers', 'Eastgate Athletic'].entries())
        teams.push(
          await call(request, 'POST', `/leagues/${league.id}/teams`, {
            name: team,
            colours: { primary: ['#c62828', '#1565c0', '#2e7d32', '#6a1b9a'][i], secondary: '#ffffff' },
          }),
        );
      await page.evaluate(
        (id) => localStorage.setItem('selectedLeague', JSON.stringify({ league_id: id, team_id: 0 })),
        league.id,
      );

      await page.goto(`${base}/league`);
      await page.locator('.league-links').waitFor();
      await shoot(page, 'league-new', language, size.width);
      await page.goto(`${base}/league/settings`);
      await page.locator('form').waitFor();
      await shoot(page, 'settings', language, size.width);
      await page.goto(`${base}/league/teams`);
      await page.locator('.team-list').waitFor();
      await page.locator('.team-row button').first().click();
      await page.locator('.crest-editor').waitFor();
      await shoot(page, 'teams', language, size.width);
      await page.locator('.team-row button.danger').first().click();
      await page.getByRole('dialog').waitFor();
      await shoot(page, 'teams-remove', language, size.width);
      await page.keyboard.press('Escape');

      await page.goto(`${base}/league/schedule`);
      await page.locator('form').waitFor();
      await page.locator('#first_date').fill('2026-09-05');
      await page.locator('#venues-0').fill('Riverside Park');
      await page.locator('.list-field button[data-part="add"]').first().click();
      await page.locator('#times-1').fill('16:00');
      await page.locator('form button[type="submit"]').click();
      await page.locator('.schedule-preview').waitFor();
      await shoot(page, 'schedule-preview', language, size.width);

      await page.goto(`${base}/league/members`);
      await page.locator('.invite-form').waitFor();
      await page.locator('.invite-form button[type="submit"]').click();
      await page.locator('.created-link').waitFor();
      await shoot(page, 'members', language, size.width);
      const link = await page.locator('.copy-link input').inputValue();

      const visitor = await browser.newContext({ viewport: size, locale: language === 'de' ? 'de-DE' : 'en-US' });
      const signedOut = await visitor.newPage();
      await signedOut.goto(link);
      await signedOut.locator('.join-facts').waitFor();
      await shoot(signedOut, 'join-signed-out', language, size.width);
      await visitor.close();
      await context.close();
    }
  }
} finally {
  await browser.close();
}
