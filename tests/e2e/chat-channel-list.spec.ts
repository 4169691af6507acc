/**
 * The channel list in Chromium (issue #10 items 2 and 6): twelve new channels for Alex, made by
 * Jordan through the chat service, fill the first page and "load more" brings the rest; search
 * finds channels and messages (a message result opens its channel at the message); the Ctrl+K
 * switcher and Alt+↓ work from the keyboard alone and change the address; a row's menu opens with
 * Shift+F10 and hides the channel; axe finds no serious or critical violation on the list, the
 * search results or the switcher.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { StreamChat } from 'stream-chat';
import { DEMO, leagueTeamOf, SECOND, signIn } from './support';

/** A member signed in through the product API, connected to the chat with the token it hands out. */
async function chatClientFor(request: APIRequestContext, baseURL: string, who = SECOND) {
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

async function expectAccessible(page: Page, selector: string, screen: string) {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${screen}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

const list = (page: Page) => page.getByRole('navigation', { name: 'Your channels' });
const row = (page: Page, name: string) => list(page).getByRole('link', { name: new RegExp(`^${name}(,|$)`) });

test('twelve new channels: pages of 10 with load more, search, keyboard switcher and row menu', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const token = `Squad${Date.now().toString(36)}`;
  const request = await playwright.request.newContext({ baseURL });
  const alexRequest = await playwright.request.newContext({ baseURL });
  const jordan = await chatClientFor(request, baseURL!);
  const alexId = String(((await (await chatLogin(alexRequest)).json()) as { id: number }).id);
  const ids: string[] = [];
  try {
    // Jordan makes twelve channels with Alex, each with a message: the newest is number 12.
    for (let i = 1; i <= 12; i++) {
      const id = `${token.toLowerCase()}-${i}`;
      const channel = jordan.channel('team', id, {
        name: `${token} ${String(i).padStart(2, '0')}`,
        members: [jordan.userID!, alexId],
        team: leagueTeamOf(jordan.user),
      });
      await channel.create();
      await channel.sendMessage({ text: i === 7 ? `Corner kicks ${token}drill at seven` : `Hello squad ${i}` });
      ids.push(id);
    }

    await page.goto('/chat');
    await signIn(page, DEMO);
    await expect(row(page, `${token} 12`)).toBeVisible();
    await expect(row(page, `${token} 03`)).toBeVisible();
    await expect(row(page, `${token} 11`)).toHaveAccessibleName(`${token} 11, 1 unread`);
    await expect(row(page, `${token} 02`)).toHaveCount(0);
    await expectAccessible(page, '.cl-panel', 'channel list');

    await list(page).getByRole('button', { name: 'Load more channels' }).click();
    await expect(row(page, `${token} 02`)).toBeVisible();
    await expect(row(page, `${token} 01`)).toBeVisible();

    // Search: channels by name (pages of 10 too), then messages, whose result opens the message.
    const search = page.getByRole('searchbox', { name: 'Search channels and messages' });
    await search.fill(token.toLowerCase());
    const results = page.getByRole('region', { name: 'Search results' });
    const panel = results.getByRole('tabpanel');
    await expect(panel.getByRole('link')).toHaveCount(10);
    await results.getByRole('button', { name: 'Load more results' }).click();
    await expect(panel.getByRole('link')).toHaveCount(12);
    await expectAccessible(page, '.cl-panel', 'search results (channels)');
    await search.fill(`${token}drill`);
    await results.getByRole('tab', { name: 'Messages' }).click();
    const hit = panel.getByRole('link', { name: `Jordan Weber in ${token} 07: Corner kicks ${token}drill at seven` });
    await expect(hit).toBeVisible();
    await expectAccessible(page, '.cl-panel', 'search results (messages)');
    await hit.click();
    await expect(page).toHaveURL(new RegExp(`/chat/team/${ids[6]}\\?message=`));
    await search.fill('');
    await expect(list(page)).toBeVisible();

    // The switcher, by keyboard alone.
    await page.keyboard.press('Control+k');
    const switcher = page.getByRole('dialog', { name: 'Switch channel' });
    await expect(switcher).toBeVisible();
    await expect(switcher.getByRole('combobox', { name: 'Find a channel or member' })).toBeFocused();
    await page.keyboard.type(`${token} 05`);
    await expect(switcher.getByRole('option').first()).toHaveAccessibleName(`${token} 05`);
    await expectAccessible(page, '.cl-dialog', 'switcher');
    await page.keyboard.press('Enter');
    await expect(switcher).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/chat/team/${ids[4]}$`));

    // Alt+↓ goes to the next channel in the list (the next older one), Alt+↑ back.
    await page.keyboard.press('Alt+ArrowDown');
    await expect(page).toHaveURL(new RegExp(`/chat/team/${ids[3]}$`));
    await page.keyboard.press('Alt+ArrowUp');
    await expect(page).toHaveURL(new RegExp(`/chat/team/${ids[4]}$`));

    // A row's menu by keyboard: Shift+F10 on the row, then Hide (just above Leave, the last item).
    await row(page, `${token} 03`).focus();
    await page.keyboard.press('Shift+F10');
    const menu = page.getByRole('menu', { name: `Options for ${token} 03` });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Pin' })).toBeFocused();
    await expectAccessible(page, '.cl-menu', 'row menu');
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowUp');
    await expect(menu.getByRole('menuitem', { name: 'Hide' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(row(page, `${token} 03`)).toHaveCount(0);
    await expect(row(page, `${token} 02`)).toBeFocused();
  } finally {
    await jordan.disconnectUser();
    await request.dispose();
    await alexRequest.dispose();
  }
});

/** Alex's product-API login (for the chat user id). */
async function chatLogin(request: APIRequestContext) {
  const { csrfToken } = (await (await request.get('/api/csrf')).json()) as { csrfToken: string };
  await request.post('/api/auth/login', {
    headers: { 'X-CSRF-Token': csrfToken },
    data: { email: DEMO.email, password: DEMO.password },
  });
  return request.get('/api/auth/me');
}
