/**
 * Moderation from the message side in Chromium with two members, in a channel the league's admin
 * set up for the test (Alex moderates it; Jordan is a member; a block list is on): Alex bans
 * Jordan with `/ban @Jordan Weber reason` and Jordan sees why and cannot send, then `/unban`;
 * `/mute` and `/unmute` (a personal mute: Jordan's messages stop counting as unread for Alex and
 * he is not offered as a mention); "Mute user" and "Block user" in a message's menu; `/giphy`
 * shuffle, cancel and send; and a message the moderation policy blocks. Axe runs on each view;
 * screenshots at 1280×800 and 390×844 with E2E_SHOTS.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { StreamChat } from 'stream-chat';
import { expect, test, type Browser, type Page } from './fixtures';
import { DEMO, expectNoSeriousViolations, leagueTeamOf, SECOND, signIn } from './support';

const composerInput = (page: Page) => page.locator('[data-part="composer-input"]');
const log = (page: Page) => page.locator('.chat-channel').getByRole('log');
const messageWith = (page: Page, text: string | RegExp) => log(page).getByRole('article').filter({ hasText: text });
const note = (page: Page, text: string) => log(page).locator('[data-part="moderation-note"]').filter({ hasText: text });
const notice = (page: Page) => page.locator('[data-part="composer"][role="status"]');
const shot = (page: Page, name: string) =>
  process.env.E2E_SHOTS ? page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}.png` }) : Promise.resolve();

/** The server-side client, with the secret the test server generated in its data folder. */
function leagueAdmin(baseURL: string): StreamChat {
  const { chatApiSecret } = JSON.parse(readFileSync(join(process.env.E2E_DATA_DIR!, 'secrets.json'), 'utf8')) as {
    chatApiSecret: string;
  };
  return new StreamChat('sideline-local', chatApiSecret, { baseURL: `${baseURL}/chat` });
}

/** Signs `who` in on `page` (at `/chat`) and answers their chat user id. */
async function signedIn(page: Page, who: typeof DEMO): Promise<string> {
  await page.goto('/chat');
  await signIn(page, who);
  const me = (await (await page.request.get('/api/auth/me')).json()) as { id: number };
  return String(me.id);
}

interface Desk {
  path: string;
  name: string;
  alex: Page;
  jordan: Page;
}

/** A fresh team channel of Alex (moderator) and Jordan with the conduct block list; both open it. */
async function openDesk(page: Page, browser: Browser, baseURL: string, jordanViewport = { width: 390, height: 844 }) {
  await page.setViewportSize({ width: 1280, height: 800 });
  const alexId = await signedIn(page, DEMO);
  const jordan = await (await browser.newContext({ viewport: jordanViewport })).newPage();
  const jordanId = await signedIn(jordan, SECOND);
  const admin = leagueAdmin(baseURL);
  await admin.createBlockList({ name: 'league-conduct', words: ['diver'] }).catch((error: unknown) => {
    if (!(error instanceof Error && /already exists/.test(error.message))) throw error;
  });
  const id = `desk-${Date.now().toString(36)}`;
  const name = `Referee desk ${id.slice(5)}`;
  const channel = admin.channel('team', id, {
    name,
    team: leagueTeamOf((await admin.queryUsers({ id: alexId })).users[0]),
    members: [alexId, jordanId],
    created_by_id: alexId,
    // The client's type leaves these two out; the service accepts them in config_overrides.
    config_overrides: { blocklist: 'league-conduct', blocklist_behavior: 'block' },
  } as Record<string, unknown>);
  await channel.create();
  await channel.addModerators([alexId]);
  await channel.sendMessage({ text: 'Desk is open for the weekend fixtures', user_id: jordanId });
  const path = `/chat/team/${id}`;
  for (const member of [page, jordan]) {
    await member.goto(path);
    await expect(composerInput(member)).toBeVisible();
  }
  return { path, name, alex: page, jordan } satisfies Desk;
}

/** Types `text` in the composer and sends it (Escape first closes a suggestion list, if any). */
async function send(page: Page, text: string): Promise<void> {
  await composerInput(page).fill(text);
  await composerInput(page).press('End');
  if (await page.getByRole('listbox').isVisible()) await composerInput(page).press('Escape');
  await composerInput(page).press('Enter');
  await expect(composerInput(page)).toHaveValue('');
}

test('a moderator bans a member with /ban; the member sees why and cannot send; /unban', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { alex, jordan } = await openDesk(page, browser, baseURL!);
  await send(alex, '/ban @Jordan Weber rude language');
  await expect(note(alex, 'Jordan Weber was banned from this channel. Reason: rude language')).toBeVisible();
  await expect(messageWith(alex, 'Jordan Weber was banned')).toContainText('Only visible to you');

  await expect(notice(jordan)).toHaveAttribute('data-state', 'banned');
  // Jordan reads German (his profile's language).
  await expect(notice(jordan)).toContainText('Du bist in diesem Kanal gesperrt');
  await expect(notice(jordan)).toContainText('Grund: rude language');
  await expect(composerInput(jordan)).toHaveCount(0);
  await expectNoSeriousViolations(jordan, 'banned member on a phone');
  await expectNoSeriousViolations(alex, 'ban result');
  await shot(jordan, 'moderation-banned-phone');
  await shot(alex, 'moderation-ban-result-desktop');

  // After a reload too: the reason is asked of the service.
  await jordan.reload();
  await expect(notice(jordan)).toContainText('Grund: rude language');

  await send(alex, '/unban @Jordan Weber');
  await expect(note(alex, 'Jordan Weber was unbanned and can post here again')).toBeVisible();
  await expect(composerInput(jordan)).toBeVisible();
  await send(jordan, 'Thanks, won’t happen again');
  await expect(messageWith(alex, 'Thanks, won’t happen again')).toBeVisible();
});

test('/mute is personal: no unread count, no mention suggestion; /unmute; the menu mutes and blocks', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { path, name, alex, jordan } = await openDesk(page, browser, baseURL!, { width: 1280, height: 800 });
  await send(alex, '/mute @Jordan Weber');
  await expect(note(alex, 'You muted Jordan Weber: their messages no longer count as unread')).toBeVisible();

  // Not offered as a mention while muted; only muted members after /unmute.
  await composerInput(alex).fill('@Jord');
  await expect(alex.getByRole('listbox')).toHaveCount(0);
  await composerInput(alex).fill('/unmute @Jord');
  await expect(alex.getByRole('listbox').getByRole('option')).toHaveText([/Jordan Weber/]);
  await composerInput(alex).fill('');

  // Away in another channel, Alex does not get Jordan's message as unread.
  await alex.goto('/chat/team/general');
  await expect(composerInput(alex)).toBeVisible();
  await send(jordan, 'Muted hello from the desk');
  const row = alex.getByRole('navigation', { name: /channels/i }).getByRole('link', { name });
  await expect(row).toContainText('Muted hello from the desk');
  await expect(row).not.toHaveAccessibleName(/unread/);

  await alex.goto(path);
  await send(alex, '/unmute @Jordan Weber');
  await expect(note(alex, 'You unmuted Jordan Weber')).toBeVisible();

  // The More menu of Jordan's message mutes and blocks him.
  const message = messageWith(alex, 'Muted hello from the desk');
  await message.hover();
  await message.getByRole('button', { name: 'More actions' }).click();
  const menu = alex.getByRole('menu', { name: 'More actions' });
  await expect(menu.getByRole('menuitem', { name: 'Mute user' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Block user' })).toBeVisible();
  await expectNoSeriousViolations(alex, 'message menu with mute and block');
  await shot(alex, 'moderation-menu-desktop');
  await menu.getByRole('menuitem', { name: 'Mute user' }).click();
  await expect(alex.getByText('Jordan Weber is muted: their messages no longer count as unread')).toBeVisible();
  await message.hover();
  await message.getByRole('button', { name: 'More actions' }).click();
  await menu.getByRole('menuitem', { name: 'Block user' }).click();
  await expect(alex.getByText(/^Jordan Weber is blocked: /)).toBeVisible();
  await message.hover();
  await message.getByRole('button', { name: 'More actions' }).click();
  await expect(menu.getByRole('menuitem', { name: 'Unmute user' })).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Unblock user' }).click();
  await expect(alex.getByText('Jordan Weber is no longer blocked')).toBeVisible();
  await message.hover();
  await message.getByRole('button', { name: 'More actions' }).click();
  await menu.getByRole('menuitem', { name: 'Unmute user' }).click();
  await expect(alex.getByText('Jordan Weber is no longer muted')).toBeVisible();
});

test('/giphy shuffles, cancels and sends; a message the policy blocks reads so, for its sender only', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { alex, jordan } = await openDesk(page, browser, baseURL!);
  await send(alex, '/giphy offside');
  const preview = log(alex).locator('[data-part="attachment"][data-type="giphy"]').last();
  await expect(preview).toBeVisible();
  const picture = preview.locator('img');
  const first = await picture.getAttribute('src');
  await preview.getByRole('button', { name: 'Shuffle' }).click();
  await expect(picture).not.toHaveAttribute('src', first!);
  await preview.getByRole('button', { name: 'Cancel' }).click();
  await expect(log(alex).locator('[data-part="attachment"][data-type="giphy"]')).toHaveCount(0);

  await send(alex, '/giphy goal');
  await expect(preview).toBeVisible();
  await preview.getByRole('button', { name: 'Send' }).click();
  await expect(log(jordan).locator('[data-part="attachment"][data-type="giphy"]')).toHaveCount(1);

  await send(alex, 'What a diver, honestly');
  const blocked = messageWith(alex, 'Message was blocked by moderation policies');
  await expect(blocked).toHaveAttribute('data-state', 'error');
  await expect(blocked).toContainText('Only visible to you');
  await expectNoSeriousViolations(alex, 'blocked message');
  await shot(alex, 'moderation-blocked-desktop');
  await send(jordan, 'Did something just happen?');
  await expect(messageWith(alex, 'Did something just happen?')).toBeVisible();
  await expect(messageWith(jordan, 'diver')).toHaveCount(0);

  await alex.setViewportSize({ width: 390, height: 844 });
  await expect(blocked).toBeVisible();
  await shot(alex, 'moderation-blocked-phone');
});
