/**
 * The channel details panel in Chromium with three members of a new channel (the product's server
 * creates it with Alex as its channel moderator, Jordan and Sofia as members): Alex opens the
 * details, adds Camille and makes her a moderator, bans Jordan for 24 hours with a reason —
 * Jordan, in another browser (in German), sees he cannot post — unbans him, and removes Camille;
 * Sofia, on a phone, leaves the channel and Alex sees her go. The panel and its dialogs pass axe
 * and are photographed at 1280×800 and 390×844.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { StreamChat } from 'stream-chat';
import { expect, test, type Page } from './fixtures';
import { expectNoSeriousViolations, leagueTeamOf, SECOND, signIn } from './support';

const SOFIA = { email: 'sofia@sideline.example', name: 'Sofia García', password: 'sideline-demo' };
const shot = (page: Page, name: string) =>
  process.env.E2E_SHOTS ? page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}.png` }) : Promise.resolve();
const panel = (page: Page) => page.locator('aside[data-part="channel-details"]');
const row = (page: Page, name: string) => panel(page).getByRole('listitem').filter({ hasText: name });
const composerInput = (page: Page) => page.locator('[data-part="composer-input"]');

async function choose(page: Page, name: string, action: string) {
  await row(page, name)
    .getByRole('button', { name: `Actions for ${name}` })
    .click();
  await page
    .getByRole('menu', { name: `Actions for ${name}` })
    .getByRole('menuitem', { name: action })
    .click();
}

/** A new channel made by the product's server: Alex moderates it; Jordan and Sofia are members. */
async function newChannel(baseURL: string): Promise<string> {
  const { chatApiSecret } = JSON.parse(readFileSync(join(process.env.E2E_DATA_DIR!, 'secrets.json'), 'utf8')) as {
    chatApiSecret: string;
  };
  const server = new StreamChat('sideline-local', chatApiSecret, { baseURL: `${baseURL}/chat` });
  const { users } = await server.queryUsers({ name: { $in: ['Alex Morgan', 'Jordan Weber', 'Sofia García'] } });
  const idOf = (name: string) => users.find((u) => u.name === name)!.id;
  const id = `referees-${Date.now().toString(36)}`;
  await server
    .channel('messaging', id, {
      name: 'Referee rota',
      team: leagueTeamOf(users.find((u) => u.name === 'Alex Morgan')),
      created_by_id: idOf('Alex Morgan'),
      members: [
        { user_id: idOf('Alex Morgan'), channel_role: 'channel_moderator' },
        { user_id: idOf('Jordan Weber') },
        { user_id: idOf('Sofia García') },
      ],
    } as never)
    .create();
  return `/chat/messaging/${id}`;
}

test('a moderator manages the members of a channel; a banned member cannot post; a member leaves', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const channel = await newChannel(baseURL!);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(channel);
  await signIn(page);
  await page.getByRole('button', { name: 'Channel details' }).click();
  await expect(panel(page).getByRole('heading', { name: 'Channel details' })).toBeFocused();
  await expect(panel(page).getByRole('textbox', { name: 'Name' })).toHaveValue('Referee rota');
  await expect(row(page, 'Jordan Weber')).toContainText('Member');
  await expect(row(page, 'Sofia García')).toBeVisible();
  await expectNoSeriousViolations(page, 'channel details');
  await shot(page, 'details-desktop');

  // Add Camille, then make her a moderator.
  await panel(page).getByRole('button', { name: 'Add members' }).click();
  const adding = page.getByRole('dialog', { name: 'Add members' });
  await expect(adding.getByRole('searchbox', { name: 'Search people by name' })).toBeFocused();
  await adding.getByRole('searchbox').fill('Cam');
  await adding.getByRole('checkbox', { name: 'Camille Dubois' }).check();
  await expectNoSeriousViolations(page, 'add members dialog');
  await shot(page, 'details-add-desktop');
  await adding.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(adding).toBeHidden();
  await expect(row(page, 'Camille Dubois')).toContainText('Member');
  await choose(page, 'Camille Dubois', 'Make moderator');
  await expect(row(page, 'Camille Dubois')).toContainText('Moderator');

  // Jordan, on a phone and in German, can write until he is banned.
  const jordan = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await jordan.goto(channel);
  await signIn(jordan, SECOND);
  await expect(composerInput(jordan)).toBeVisible();

  await choose(page, 'Jordan Weber', 'Ban…');
  const banning = page.getByRole('dialog', { name: 'Ban Jordan Weber?' });
  await expect(banning.getByRole('textbox', { name: 'Reason (optional)' })).toBeFocused();
  await banning.getByRole('textbox', { name: 'Reason (optional)' }).fill('Abusive language towards the referee');
  await banning.getByRole('radio', { name: '24 hours' }).check();
  await expectNoSeriousViolations(page, 'ban dialog');
  await shot(page, 'details-ban-desktop');
  await banning.getByRole('button', { name: 'Ban', exact: true }).click();
  await expect(banning).toBeHidden();
  await expect(row(page, 'Jordan Weber')).toContainText('Banned');
  await expect(jordan.getByText(/Du bist in diesem Kanal bis .* gesperrt/)).toBeVisible();
  await expect(composerInput(jordan)).toBeHidden();
  await shot(jordan, 'details-banned-phone');

  await choose(page, 'Jordan Weber', 'Unban');
  await expect(row(page, 'Jordan Weber')).not.toContainText('Banned');
  await expect(composerInput(jordan)).toBeVisible();

  await choose(page, 'Camille Dubois', 'Remove from channel');
  await expect(row(page, 'Camille Dubois')).toHaveCount(0);

  // Sofia, on a phone (in Spanish), sees the panel over the channel, and leaves.
  const sofia = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await sofia.goto(channel);
  await signIn(sofia, SOFIA);
  await sofia.locator('[data-part="details-open"]').click();
  await expect(panel(sofia)).toBeVisible();
  const box = await panel(sofia).boundingBox();
  expect(box?.width).toBeGreaterThan(380);
  await expect(panel(sofia).getByRole('textbox')).toHaveCount(0);
  await expectNoSeriousViolations(sofia, 'channel details on a phone');
  await shot(sofia, 'details-phone');
  await panel(sofia).getByRole('button', { name: 'Salir del canal' }).click();
  const confirm = sofia.getByRole('dialog');
  await expectNoSeriousViolations(sofia, 'leave dialog on a phone');
  await shot(sofia, 'details-leave-phone');
  await confirm.getByRole('button', { name: 'Salir', exact: true }).click();
  await expect(sofia).toHaveURL(/\/chat$/);
  await expect(row(page, 'Sofia García')).toHaveCount(0);

  // The moderator's panel and dialogs on a phone; Escape closes the panel, focus back on its button.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(panel(page)).toBeVisible();
  await shot(page, 'details-moderator-phone');
  await row(page, 'Jordan Weber').getByRole('button', { name: 'Actions for Jordan Weber' }).click();
  await expect(page.getByRole('menu', { name: 'Actions for Jordan Weber' })).toBeVisible();
  await expectNoSeriousViolations(page, 'member menu on a phone');
  await shot(page, 'details-menu-phone');
  await page.keyboard.press('Escape');
  await expect(row(page, 'Jordan Weber').getByRole('button', { name: 'Actions for Jordan Weber' })).toBeFocused();
  await choose(page, 'Jordan Weber', 'Ban…');
  await expectNoSeriousViolations(page, 'ban dialog on a phone');
  await shot(page, 'details-ban-phone');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await panel(page).getByRole('button', { name: 'Add members' }).click();
  await shot(page, 'details-add-phone');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(panel(page)).toBeHidden();
  await expect(page.getByRole('button', { name: 'Channel details' })).toBeFocused();
});
