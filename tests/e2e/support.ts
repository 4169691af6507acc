import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { StreamChat } from 'stream-chat';

export const DEMO = { email: 'alex@sideline.example', name: 'Alex Morgan', password: 'sideline-demo' };
export const SECOND = { email: 'jordan@sideline.example', name: 'Jordan Weber', password: 'sideline-demo' };

/** Signs in through the form, starting from wherever the page is (it must show the sign-in form). */
export async function signIn(page: Page, who = DEMO): Promise<void> {
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeHidden();
}

/** A fresh email for tests that create accounts. */
export const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@league.example`;

/** Creates a member through the API in the page's browser context, which is then signed in as them. */
export async function registerViaApi(page: Page, name: string): Promise<void> {
  const { csrfToken } = (await (await page.request.get('/api/csrf')).json()) as { csrfToken: string };
  const response = await page.request.post('/api/auth/register', {
    headers: { 'X-CSRF-Token': csrfToken },
    data: { name, email: uniqueEmail('member'), password: 'a long enough password' },
  });
  expect(response.status()).toBe(201);
}

/** Runs axe on the page as it is now; fails listing every serious or critical violation. */
export async function expectNoSeriousViolations(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${screen}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

/** A demo member signed in through the product API, connected with the chat token it hands out. */
export async function memberClient(request: APIRequestContext, baseURL: string, who = SECOND): Promise<StreamChat> {
  const { csrfToken } = (await (await request.get('/api/csrf')).json()) as { csrfToken: string };
  const login = await request.post('/api/auth/login', {
    headers: { 'X-CSRF-Token': csrfToken },
    data: { email: who.email, password: who.password },
  });
  expect(login.status()).toBe(200);
  const me = (await (await request.get('/api/auth/me')).json()) as { id: number; token: string };
  const client = new StreamChat('sideline-local', { baseURL: `${baseURL}/chat`, allowServerSideConnect: true });
  await client.connectUser({ id: String(me.id) }, me.token);
  return client;
}

/**
 * The demo league's chat team (`league-<id>`, docs/decisions/0035) of a demo member's chat user:
 * channels a test makes for demo members must belong to it, or the members cannot reach them.
 */
export function leagueTeamOf(user: { teams?: string[] } | undefined): string {
  const team = user?.teams?.find((t) => t.startsWith('league-'));
  if (!team) throw new Error('the demo member is in no league team');
  return team;
}

/** Jordan, signed in through the product API, connected with the chat token it hands out. */
export const jordanClient = (request: APIRequestContext, baseURL: string) => memberClient(request, baseURL, SECOND);

/** The unread count on the navigation's Chat link (0 when there is no badge). */
export async function unreadBadge(page: Page): Promise<number> {
  const badge = page.getByRole('navigation', { name: 'Main' }).locator('.badge');
  return (await badge.count()) === 0 ? 0 : Number(await badge.first().textContent());
}
