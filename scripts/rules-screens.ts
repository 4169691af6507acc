/**
 * Screenshots of the competition rules (decision 0039) for a look by eye: the commissioner's
 * rules screen empty and filled, and the league page with a deduction, an awarded result and a
 * place decided by the commissioner, at 1280×800 and 390×844, in English and German. Run it
 * against a running app with a throwaway data folder (it registers members):
 *
 *   PORT=3300 DATA_DIR=/tmp/screens-data npm start &
 *   npx tsx scripts/rules-screens.ts http://localhost:3300 /tmp/rules-screens
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type APIRequestContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../tests/support/chromium.js';

const [base = 'http://localhost:3300', out = '/tmp/rules-screens'] = process.argv.slice(2);
const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

async function call<T>(request: APIRequestContext, method: string, path: string, data?: unknown): Promise<T> {
  const { csrfToken } = (await (await request.get(`${base}/api/csrf`)).json()) as { csrfToken: string };
  const response = await request.fetch(`${base}/api${path}`, { method, headers: { 'X-CSRF-Token': csrfToken }, data });
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return (await response.json().catch(() => null)) as T;
}

async function shoot(page: Page, name: string) {
  await page.waitForLoadState('load');
  await page.waitForTimeout(700);
  await page.screenshot({ path: join(out, `${name}.png`), fullPage: true });
  console.log(`${name}.png`);
}

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
try {
  for (const language of ['en', 'de'] as const)
    for (const size of SIZES) {
      const context = await browser.newContext({ viewport: size, locale: language === 'de' ? 'de-DE' : 'en-US' });
      const page = await context.newPage();
      const { request } = page;
      const email = `cora-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@screens.example`;
      const me = await call<{ id: number }>(request, 'POST', '/auth/register', {
        name: 'Cora Commish',
        email,
        password: 'a long enough password',
      });
      await call(request, 'PUT', `/users/${me.id}`, { language });
      const league = await call<{ id: number }>(request, 'POST', '/leagues', {
        name: 'Riverside Sunday League',
        sport: 'football',
        season: '2026/27',
        time_zone: 'Europe/London',
      });
      const teams: { id: number; name: string }[] = [];
      for (const [i, name] of ['Harbour Hawks', 'Old Town Owls', 'Kingsway Wanderers', 'Eastgate Athletic'].entries())
        teams.push(
          await call(request, 'POST', `/leagues/${league.id}/teams`, {
            name,
            colours: { primary: ['#c62828', '#1565c0', '#2e7d32', '#6a1b9a'][i], secondary: '#ffffff' },
          }),
        );
      const body = { rounds: 1, first_date: '2026-03-14', times: ['14:00', '16:00'], venues: ['Riverside Park'] };
      const preview = await call<{ revision: number }>(request, 'POST', `/leagues/${league.id}/schedule/preview`, body);
      const schedule = await call<{ fixtures: { id: number; week: number }[] }>(
        request,
        'PUT',
        `/leagues/${league.id}/schedule`,
        { ...body, revision: preview.revision },
      );
      await page.goto(`${base}/dashboard`);
      await page.evaluate(
        (id) => localStorage.setItem('selectedLeague', JSON.stringify({ league_id: id, team_id: 0 })),
        league.id,
      );
      const prefix = `${language}-${size.width}`;
      await page.goto(`${base}/league/rules`);
      await page.locator('.rules-form').first().waitFor();
      await shoot(page, `${prefix}-rules-empty`);

      // Week 1: one result played 2–0, the other awarded 3–0; a deduction; the two week-1 losers level, decided.
      const [first, second] = schedule.fixtures.filter((f) => f.week === 1);
      await call(request, 'POST', `/fixtures/${first!.id}/result`, { home_score: 2, away_score: 0 });
      await call(request, 'PUT', `/fixtures/${second!.id}/award`, {
        home_score: 2,
        away_score: 0,
        reason: 'The away side could not field a team',
      });
      await call(request, 'POST', `/leagues/${league.id}/adjustments`, {
        team_id: teams[0]!.id,
        points: -1,
        reason: 'Late registration of a player',
      });
      const detail = await call<{ standings: { team: { id: number }; decided_by: string | null }[] }>(
        request,
        'GET',
        `/leagues/${league.id}`,
      );
      const rows = detail.standings;
      const level = rows.findIndex((row, i) => i < rows.length - 1 && row.decided_by === null);
      if (level >= 0)
        await call(request, 'POST', `/leagues/${league.id}/decisions`, {
          team_ids: [rows[level + 1]!.team.id, rows[level]!.team.id],
          reason: 'Play-off on 30 May, won 2–1',
        });
      await page.goto(`${base}/league/rules`);
      await page.locator('.rule-list').first().waitFor();
      await shoot(page, `${prefix}-rules-filled`);
      await page.goto(`${base}/league?week=1`);
      await page.locator('.fixture-list').waitFor();
      await page
        .locator('.fixture-record', { hasText: /details|Details/ })
        .nth(1)
        .click();
      await page.locator('.fixture-awarded').waitFor();
      await shoot(page, `${prefix}-league-awarded`);
      await context.close();
    }
} finally {
  await browser.close();
}
