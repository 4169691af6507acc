/**
 * Screenshots of the league settings page's chat sync panel (decision 0040) for a look by eye, at
 * 1280×800 and 390×844, as the demo commissioner. Run it against a running demo app; to see the
 * "failing" state, start that app with its chat pointed at an address where nothing answers:
 *
 *   PORT=3310 DATA_DIR=/tmp/sync-ok npm start &
 *   PORT=3311 DATA_DIR=/tmp/sync-down CHAT_BASE_URL=http://127.0.0.1:9/chat npm start &
 *   npx tsx scripts/chat-sync-screens.ts http://localhost:3310 /tmp/chat-sync-screens up-to-date
 *   npx tsx scripts/chat-sync-screens.ts http://localhost:3311 /tmp/chat-sync-screens failing
 */
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../tests/support/chromium.js';

const [base = 'http://localhost:3310', out = '/tmp/chat-sync-screens', label = 'state'] = process.argv.slice(2);
const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
for (const viewport of SIZES) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`${base}/league/settings`);
  await page.getByLabel('Email').fill('alex@sideline.example');
  await page.getByLabel('Password').fill('sideline-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Sign in' }).waitFor({ state: 'hidden' });
  // The demo commissioner's league is chosen as the League page would.
  const leagueId = await page.evaluate(async () => {
    const answer = (await (await fetch('/api/leagues')).json()) as { leagues: { id: number }[] };
    return answer.leagues[0]!.id;
  });
  await page.evaluate(
    (id) => localStorage.setItem('selectedLeague', JSON.stringify({ league_id: id, team_id: 0 })),
    leagueId,
  );
  await page.goto(`${base}/league/settings`);
  const panel = page.getByRole('region', { name: 'League chat' });
  await panel.waitFor({ timeout: 20_000 });
  await page.waitForTimeout(1500);
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(out, `${label}-${viewport.width}.png`) });
  await panel.screenshot({ path: join(out, `${label}-${viewport.width}-panel.png`) });
  console.log(`${label}-${viewport.width}.png: ${await panel.innerText()}`);
  // Axe, as the end-to-end tests run it: serious and critical violations.
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  console.log(
    `axe at ${viewport.width}: ${serious.length === 0 ? 'no serious violations' : serious.map((v) => v.id).join(', ')}`,
  );
  await context.close();
}
await browser.close();
