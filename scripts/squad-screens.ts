/**
 * Screenshots of the squad screens (decision 0038) for a look by eye, each at 1280×800 and
 * 390×844, with an axe check of each: the roster with "Add player" and Release as the
 * commissioner, the Edit dialog of a player, the roster with a full squad, the release confirmation, the join page telling a member who opens their own used
 * link that they are already in the league, and the members list with a player not in a squad.
 * Run it against a running app on a throwaway data folder (it registers members):
 *
 *   PORT=3391 DATA_DIR=/tmp/squads-data npm start &
 *   npx tsx scripts/squad-screens.ts http://localhost:3391 /tmp/squad-screens
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type APIRequestContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../tests/support/chromium.js';

const [base = 'http://localhost:3391', out = '/tmp/squad-screens'] = process.argv.slice(2);
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

const register = (request: APIRequestContext, name: string) =>
  call<{ id: number }>(request, 'POST', '/auth/register', {
    name,
    email: `${name.split(' ')[0]!.toLowerCase()}-${Math.random().toString(36).slice(2, 9)}@screens.example`,
    password: 'a long enough password',
  });

async function shoot(page: Page, name: string, width: number) {
  await page.waitForLoadState('load');
  await page.waitForTimeout(600);
  await page.screenshot({ path: join(out, `${width}-${name}.png`), fullPage: true });
  const axe = await new AxeBuilder({ page }).analyze();
  console.log(`${width}-${name}.png`, axe.violations.length === 0 ? 'axe: clean' : JSON.stringify(axe.violations));
}

async function main() {
  mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  for (const size of SIZES) {
    const context = await browser.newContext({ viewport: size, locale: 'en-US' });
    const { request } = context;
    await register(request, 'Casey Commissioner');
    const league = await call<{ id: number }>(request, 'POST', '/leagues', {
      name: 'Sunday League',
      sport: 'football',
      season: '2026',
    });
    await call(request, 'PATCH', `/leagues/${league.id}`, {
      squad: { min: 1, max: 4 },
      sheet: { starters: 2, substitutes_max: 1 },
    });
    const colours = { primary: '#1565c0', secondary: '#ffffff' };
    const rovers = await call<{ id: number }>(request, 'POST', `/leagues/${league.id}/teams`, {
      name: 'Harbour Rovers',
      colours,
    });
    for (const [name, position, shirt] of [
      ['Sam Keeper', 'GK', 1],
      ['Ola Nordmann', 'DF', 4],
      ['Priya Sharma', 'FW', 9],
    ] as const)
      await call(request, 'POST', `/teams/${rovers.id}/players`, { name, position, shirt_number: shirt });

    // A player joins by a single-use link (the squad's last place), another after it is full.
    const guest = await browser.newContext({ viewport: size, locale: 'en-US' });
    await register(guest.request, 'Jamie Newcomer');
    const link = await call<{ token: string }>(request, 'POST', `/leagues/${league.id}/invitations`, {
      role: 'player',
      team_id: rovers.id,
    });
    await call(guest.request, 'POST', `/invitations/${link.token}/accept`);
    const late = await browser.newContext({ viewport: size, locale: 'en-US' });
    await register(late.request, 'Robin Latecomer');
    const second = await call<{ token: string }>(request, 'POST', `/leagues/${league.id}/invitations`, {
      role: 'player',
      team_id: rovers.id,
    });
    await call(late.request, 'POST', `/invitations/${second.token}/accept`);

    const page = await context.newPage();
    await page.addInitScript(
      (id) => localStorage.setItem('selectedLeague', JSON.stringify({ league_id: id, team_id: 0 })),
      league.id,
    );
    await page.goto(`${base}/roster/${rovers.id}`);
    await page.getByRole('region', { name: 'Add player' }).waitFor();
    await page.getByText('The squad is full (4 of 4). Release a player to add another.').waitFor();
    await shoot(page, 'roster-squad-full', size.width);
    await page.getByRole('button', { name: 'Edit Priya Sharma' }).filter({ visible: true }).click();
    await page.getByRole('dialog').waitFor();
    await page.getByLabel('Shirt number (optional)').fill('4');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/already wears 4/).waitFor();
    await shoot(page, 'roster-edit-player', size.width);
    await page.keyboard.press('Escape');
    // A place frees (Jamie released): the form comes back.
    const { squad } = await call<{ squad: { id: number; name: string }[] }>(request, 'GET', `/teams/${rovers.id}`);
    const jamie = squad.find((p) => p.name === 'Jamie Newcomer')!;
    await call(request, 'DELETE', `/teams/${rovers.id}/players/${jamie.id}`);
    await page.reload();
    await page.getByRole('button', { name: 'Add to squad' }).waitFor();
    await shoot(page, 'roster-add-player', size.width);
    await page.getByRole('button', { name: 'Release Ola Nordmann' }).filter({ visible: true }).click();
    await page.getByRole('dialog').waitFor();
    await shoot(page, 'roster-release-confirm', size.width);
    await page.keyboard.press('Escape');
    await page.goto(`${base}/league/members`);
    await page.getByText('Not in a squad').first().waitFor();
    await shoot(page, 'members-not-in-squad', size.width);

    const guestPage = await guest.newPage();
    await guestPage.goto(`${base}/join/${link.token}`);
    await guestPage.getByText('You are already a member of this league.').waitFor();
    await shoot(guestPage, 'join-already-member', size.width);
    await Promise.all([context.close(), guest.close(), late.close()]);
  }
  await browser.close();
}

await main();
