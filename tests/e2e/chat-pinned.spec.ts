/**
 * Pinned messages in Chromium: a message pinned from its menu is in the channel header's
 * "Pinned messages" dialog; choosing it jumps the list to it (highlighted, in the address); the
 * dialog passes axe, fits a 390 px phone, and Escape gives focus back to its button.
 */
import { expect, test, type Page } from './fixtures';
import { expectNoSeriousViolations, signIn } from './support';

const CHANNEL = '/chat/team/results';
const unique = (label: string) => `${label} ${Date.now().toString(36)}`;
const log = (page: Page) => page.getByRole('log');
const article = (page: Page, text: string) => log(page).getByRole('article').filter({ hasText: text }).last();
const pinnedButton = (page: Page) => page.getByRole('button', { name: 'Pinned messages' });
const pinnedDialog = (page: Page) => page.getByRole('dialog', { name: 'Pinned messages' });

test('a pinned message is in the header’s list, which jumps to it, on a wide screen and on a phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(CHANNEL);
  await signIn(page);
  await expect(log(page)).toBeVisible();

  const text = unique('Pitch 3 is closed on Sunday');
  const composer = page.locator('[data-part="composer-input"]');
  await composer.fill(text);
  await composer.press('Enter');
  await expect(article(page, text)).toHaveAttribute('data-state', /received|sent|read/);
  const id = (await article(page, text).getAttribute('data-message-id'))!;
  await article(page, text).hover();
  await article(page, text).locator('[data-part="message-actions"] [data-action="more"]').click();
  await page.locator('[data-part="message-menu"] [data-action="pin"]').click();
  await expect(article(page, text)).toHaveAttribute('data-pinned', 'true');
  // Later messages push it up the list.
  for (const n of [1, 2, 3]) {
    await composer.fill(unique(`Later note ${n}`));
    await composer.press('Enter');
  }

  await pinnedButton(page).click();
  const item = pinnedDialog(page).getByRole('button', { name: new RegExp(text) });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Pinned by Alex Morgan');
  await expectNoSeriousViolations(page, 'pinned messages');
  await item.click();
  await expect(pinnedDialog(page)).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`\\?message=${id}$`));
  await expect(log(page).locator(`[data-message-id="${id}"]`)).toHaveAttribute('data-highlighted', 'true');

  // A phone: the dialog fits the screen; Escape closes it and gives focus back.
  await page.setViewportSize({ width: 390, height: 844 });
  await pinnedButton(page).click();
  await expect(pinnedDialog(page).getByRole('button', { name: new RegExp(text) })).toBeVisible();
  const box = (await pinnedDialog(page).boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await expectNoSeriousViolations(page, 'pinned messages on a phone');
  await page.keyboard.press('Escape');
  await expect(pinnedDialog(page)).toBeHidden();
  await expect(pinnedButton(page)).toBeFocused();
});
