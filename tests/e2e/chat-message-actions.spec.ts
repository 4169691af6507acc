/**
 * Message actions in Chromium, two members in two browser contexts: a reaction seen by the other
 * member, quote, pin and delete; mark unread from here on the badge; the toolbar, its menu and the
 * emoji picker by keyboard only; the toolbar on a 390 px touch screen, opened by the message's own
 * "Message actions" button and never by a tap on the message; axe with the menu and the picker
 * open. Jordan's interface is in German (his language), so shared helpers select by data-part and
 * data-action; Alex's English names are asserted where his keyboard use is.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from './fixtures';
import { DEMO, SECOND, signIn } from './support';

const CHANNEL = '/chat/team/results';

// Two signed-in browser contexts per test on a busy CI machine: more room than the default 30 s.
test.describe.configure({ timeout: 90_000 });
const unique = (label: string) => `${label} ${Date.now().toString(36)}`;

async function member(
  browser: Browser,
  who: typeof DEMO,
  viewport = { width: 1280, height: 800 },
  hasTouch = false,
): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'en-US', hasTouch });
  const page = await context.newPage();
  await page.goto(CHANNEL);
  await signIn(page, who);
  await expect(log(page)).toBeVisible();
  return page;
}

const log = (page: Page) => page.getByRole('log');
const article = (page: Page, text: string) => log(page).getByRole('article').filter({ hasText: text }).last();
const composer = (page: Page) => page.locator('[data-part="composer-input"]');
const chip = (page: Page, text: string, type: string) =>
  article(page, text).locator(`[data-part="reactions"] [data-reaction="${type}"]`);

async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press('Enter');
  await expect(article(page, text)).toHaveAttribute('data-state', /received|sent|read/);
}

/** Chooses a "More" menu item (of the message with this text or id) by its action id (quote, edit, delete, pin, unpin, markUnread, copyLink, flag). */
async function choose(page: Page, message: string, action: string) {
  const byId = log(page).locator(`[data-message-id="${message}"]`);
  const row = (await byId.count()) > 0 ? byId : article(page, message);
  await row.hover();
  await row.locator('[data-part="message-actions"] [data-action="more"]').click();
  await page.locator(`[data-part="message-menu"] [data-action="${action}"]`).click();
}

/** The parts this feature renders: toolbars, reaction chips, the menu and the dialogs (picker, who reacted, confirm). */
const OUR_PARTS = [
  'message-actions',
  'message-actions-toggle',
  'reactions',
  'message-menu',
  'emoji-picker',
  'reactors',
  'delete-confirm',
];

/** axe on the message actions' parts as they are now (the rest of the page has its own checks). */
async function expectNoSeriousViolations(page: Page, screen: string): Promise<void> {
  // One frame, no iframes: the single-pass run is enough and much lighter than the cross-frame one.
  const axe = new AxeBuilder({ page }).setLegacyMode();
  let parts = 0;
  for (const part of OUR_PARTS) {
    const selector = `[data-part="${part}"]`;
    if ((await page.locator(selector).count()) === 0) continue;
    axe.include(selector);
    parts++;
  }
  expect(parts).toBeGreaterThan(0);
  const results = await axe.analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${screen}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

test('a reaction, a pin, a quote and a delete, seen by the other member', async ({ browser }) => {
  const alex = await member(browser, DEMO);
  const jordan = await member(browser, SECOND);
  const text = unique('Who brings the corner flags?');
  await send(alex, text);
  await expect(article(jordan, text)).toBeVisible();
  const id = (await article(alex, text).getAttribute('data-message-id'))!;

  // Jordan (in German) reacts; Alex sees the count, not highlighted as his.
  const row = article(jordan, text);
  await row.hover();
  await row
    .getByRole('toolbar', { name: 'Nachrichtenaktionen' })
    .getByRole('button', { name: 'Mit ❤️ reagieren' })
    .click();
  await expect(chip(jordan, text, 'love')).toHaveAttribute('aria-pressed', 'true');
  await expect(article(alex, text).getByRole('button', { name: '❤️: 1 reaction' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  // Alex pins it; Jordan sees it pinned.
  await choose(alex, text, 'pin');
  await expect(article(jordan, text)).toHaveAttribute('data-pinned', 'true');

  // Jordan quotes it and answers.
  await choose(jordan, text, 'quote');
  await expect(composer(jordan)).toBeFocused();
  const answer = unique('I will, and the spare nets');
  await composer(jordan).fill(answer);
  await composer(jordan).press('Enter');
  await expect(article(alex, answer)).toContainText(text);

  // Alex deletes it after confirming; both see it deleted.
  await choose(alex, id, 'delete');
  const dialog = alex.getByRole('alertdialog', { name: 'Delete this message?' });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoSeriousViolations(alex, 'delete confirmation');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(log(alex).locator(`[data-message-id="${id}"]`)).toContainText('This message was deleted');
  await expect(log(jordan).locator(`[data-message-id="${id}"]`)).not.toContainText(text);
});

test("mark unread from here counts the messages from there on the channel's badge", async ({ browser }) => {
  const jordan = await member(browser, SECOND);
  const alex = await member(browser, DEMO);
  const first = unique('Pitch 2 is waterlogged');
  const second = unique('We move to pitch 4');
  await send(jordan, first);
  await send(jordan, second);
  await expect(article(alex, second)).toBeVisible();
  const results = alex.locator('#chat-channel-panel').getByRole('link', { name: /^Riverside League · Results/ });
  await choose(alex, first, 'markUnread');
  await expect(alex.getByText('Marked unread from this message')).toBeVisible();
  // Unread from the first of the two on: exactly two, whatever was read before.
  await expect(results).toHaveAccessibleName(/^Riverside League · Results, 2 unread/);
});

test('keyboard only: into the toolbar, its menu, and back', async ({ browser }) => {
  const jordan = await member(browser, SECOND);
  const alex = await member(browser, DEMO);
  await alex.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const text = unique('Keys only, please');
  await send(jordan, text);
  const row = article(alex, text);
  await expect(row).toBeVisible();
  const id = await row.getAttribute('data-message-id');

  await row.focus();
  await alex.keyboard.press('Tab');
  const toolbar = row.getByRole('toolbar', { name: 'Message actions' });
  await expect(toolbar.getByRole('button', { name: 'React with 👍' })).toBeFocused();
  await alex.keyboard.press('End');
  const more = toolbar.getByRole('button', { name: 'More actions' });
  await expect(more).toBeFocused();
  await alex.keyboard.press('Enter');
  const menu = alex.getByRole('menu', { name: 'More actions' });
  await expect(menu.getByRole('menuitem', { name: 'Quote' })).toBeFocused();
  await expectNoSeriousViolations(alex, 'message menu');
  await alex.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(more).toBeFocused();

  // ↑ opens at the last item: the author's Block, then Mute (decision 0025), Flag, Copy link.
  for (const name of ['Block user', 'Mute user', 'Flag', 'Copy link']) {
    await alex.keyboard.press('ArrowUp');
    await expect(menu.getByRole('menuitem', { name })).toBeFocused();
  }
  await alex.keyboard.press('Enter');
  await expect(alex.getByText('Link copied')).toBeVisible();
  await expect(more).toBeFocused();
  expect(await alex.evaluate(() => navigator.clipboard.readText())).toMatch(
    new RegExp(`/chat/team/results\\?message=${id}$`),
  );
});

test('keyboard only: the emoji picker opens, searches and picks', async ({ browser }) => {
  const jordan = await member(browser, SECOND);
  const alex = await member(browser, DEMO);
  const text = unique('Pick one by keys');
  await send(jordan, text);
  const row = article(alex, text);
  await expect(row).toBeVisible();

  await row.focus();
  await alex.keyboard.press('Tab');
  const toolbar = row.getByRole('toolbar', { name: 'Message actions' });
  await alex.keyboard.press('End');
  // More, then Reply in thread, then Add reaction.
  await alex.keyboard.press('ArrowLeft');
  await alex.keyboard.press('ArrowLeft');
  const add = toolbar.getByRole('button', { name: 'Add reaction' });
  await expect(add).toBeFocused();
  await alex.keyboard.press('Enter');
  const picker = alex.getByRole('dialog', { name: 'Add reaction' });
  const search = picker.getByRole('searchbox');
  await expect(search).toBeFocused();
  await expectNoSeriousViolations(alex, 'emoji picker');
  await alex.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  await expect(add).toBeFocused();
  await alex.keyboard.press('Enter');
  await expect(search).toBeFocused();
  await alex.keyboard.type('fire');
  // The first result is selected as you type; Enter picks it.
  await alex.keyboard.press('Enter');
  await expect(picker).toBeHidden();
  await expect(row.getByRole('button', { name: '🔥: 1 reaction', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(chip(jordan, text, 'fire')).toHaveText('🔥1');
});

test('on a 390 px touch screen the message’s own button shows the toolbar, and its menu fits the screen', async ({
  browser,
}) => {
  const jordan = await member(browser, SECOND);
  const alex = await member(browser, DEMO, { width: 390, height: 844 }, true);
  const text = unique('Phones too');
  await send(jordan, text);
  const row = article(alex, text);
  // A tap on the message is for what is in it: the toolbar stays closed.
  await row.tap({ position: { x: 60, y: 12 } });
  await expect(row.locator('[data-part="message-actions"]')).toHaveCount(0);
  await row.getByRole('button', { name: 'Message actions' }).tap();
  const more = row.getByRole('button', { name: 'More actions' });
  await expect(more).toBeVisible();
  await more.tap();
  const menu = alex.getByRole('menu', { name: 'More actions' });
  await expect(menu).toBeVisible();
  const box = (await menu.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(box.y + box.height).toBeLessThanOrEqual(844);
  await expectNoSeriousViolations(alex, 'message menu on a phone');
  await menu.getByRole('menuitem', { name: 'Quote' }).tap();
  await expect(composer(alex)).toBeFocused();
});
