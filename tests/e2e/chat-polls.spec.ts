/**
 * Polls in Chromium with two members: Alex creates a poll from the composer (two votes each,
 * comments allowed); Jordan — on a phone's touch screen, in German — taps the card, which opens
 * nothing and votes nothing, opens the message's actions from their own button, then votes twice
 * with the options' vote controls, is stopped at the vote limit, moves a vote and comments; Alex
 * sees the counts and the comment live and ends the poll, after which Jordan can no longer vote.
 * The dialog and the card pass axe.
 */
import { expect, test, type Page } from './fixtures';
import { expectNoSeriousViolations, SECOND, signIn } from './support';

const CHANNEL = '/chat/team/social';
const unique = (label: string) => `${label} ${Date.now().toString(36)}`;
const log = (page: Page) => page.locator('.chat-channel').getByRole('log');
const card = (page: Page, question: string) =>
  log(page).locator('[data-part="poll"]').filter({ hasText: question }).last();
const option = (page: Page, question: string, text: string) =>
  card(page, question).locator('.poll-option').filter({ hasText: text });
/** An option's vote control: the only part of the option that votes. */
const vote = (page: Page, question: string, text: string) => option(page, question, text).locator('.poll-vote');
const count = (page: Page, question: string, text: string) =>
  option(page, question, text).locator('.poll-option-count');
const shot = (page: Page, name: string) =>
  process.env.E2E_SHOTS ? page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}.png` }) : Promise.resolve();

test('a poll is created, voted on within its limit, commented on and ended', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(CHANNEL);
  await signIn(page);
  await expect(log(page)).toBeVisible();

  const question = unique('Kit colour for the final?');
  await page.getByRole('button', { name: 'Create a poll' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a poll' });
  await expect(dialog.getByLabel('Question')).toBeFocused();
  await dialog.getByLabel('Question').fill(question);
  // Enter after each option goes on to the next (the new empty row), never creates the poll.
  await dialog.getByLabel('Option 1').focus();
  for (const text of ['Red', 'Blue', 'White']) {
    await page.keyboard.type(text);
    await page.keyboard.press('Enter');
  }
  await expect(dialog.getByLabel('Option 4')).toBeFocused();
  await expect(dialog.getByLabel('Option 4')).toHaveValue('');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('One vote per person').uncheck();
  await dialog.getByLabel(/Votes per person/).fill('12');
  await dialog.getByLabel(/Votes per person/).blur();
  await expect(dialog.getByText('Type a number from 2 to 10')).toBeVisible();
  await dialog.getByLabel(/Votes per person/).fill('2');
  await dialog.getByLabel('Allow comments').check();
  await expectNoSeriousViolations(page, 'poll dialog');
  await shot(page, 'poll-dialog');
  await dialog.getByRole('button', { name: 'Create poll' }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page, question)).toContainText('Choose up to 2');

  const jordan = await (await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true })).newPage();
  await jordan.goto(CHANNEL);
  await signIn(jordan, SECOND);
  // A tap on the card (to reach the message's actions) opens nothing and votes nothing.
  const message = log(jordan).getByRole('article').filter({ hasText: question }).last();
  await card(jordan, question).getByText(question).tap();
  await option(jordan, question, 'Red').locator('.poll-option-text').tap();
  await expect(message.locator('[data-part="message-actions"]')).toHaveCount(0);
  await expect(vote(jordan, question, 'Red')).toHaveAttribute('aria-pressed', 'false');
  // The message's own button opens them.
  await message.locator('[data-part="message-actions-toggle"]').tap();
  await expect(message.locator('[data-part="message-actions"]')).toBeVisible();
  await shot(jordan, 'poll-phone-actions');
  await message.locator('[data-part="message-actions-toggle"]').tap();
  await expect(message.locator('[data-part="message-actions"]')).toHaveCount(0);
  await expect(vote(jordan, question, 'Red')).toHaveAttribute('aria-pressed', 'false');

  await vote(jordan, question, 'Red').tap();
  await expect(vote(jordan, question, 'Red')).toHaveAttribute('aria-pressed', 'true');
  await vote(jordan, question, 'Blue').tap();
  await expect(vote(jordan, question, 'Blue')).toHaveAttribute('aria-pressed', 'true');
  await vote(jordan, question, 'White').tap();
  await expect(jordan.getByText('Stimmenlimit erreicht. Entferne zuerst eine vorhandene Stimme.')).toBeVisible();
  await expect(vote(jordan, question, 'White')).toHaveAttribute('aria-pressed', 'false');
  // Moving a vote: take Red back, then vote White.
  await vote(jordan, question, 'Red').tap();
  await expect(vote(jordan, question, 'Red')).toHaveAttribute('aria-pressed', 'false');
  await vote(jordan, question, 'White').tap();
  await expect(vote(jordan, question, 'White')).toHaveAttribute('aria-pressed', 'true');
  const comment = card(jordan, question).getByPlaceholder('Kommentar hinzufügen');
  await comment.fill('White looks sharp on a wet pitch');
  await comment.press('Enter');
  await expect(comment).toHaveValue('');
  await expectNoSeriousViolations(jordan, 'poll card on a phone');
  await shot(jordan, 'poll-phone');

  await expect(count(page, question, 'Red')).toHaveText('0');
  await expect(count(page, question, 'Blue')).toHaveText('1');
  await expect(count(page, question, 'White')).toHaveText('1');
  await expect(option(page, question, 'White')).toContainText('Jordan Weber');
  await expect(card(page, question)).toContainText('White looks sharp on a wet pitch');
  await shot(page, 'poll-desktop');

  await card(page, question).getByRole('button', { name: 'End the poll' }).click();
  await expect(card(page, question)).toContainText('Voting has ended');
  await expect(card(jordan, question)).toContainText('Die Abstimmung ist beendet');
  await expect(vote(jordan, question, 'Red')).toHaveAttribute('aria-disabled', 'true');
});
