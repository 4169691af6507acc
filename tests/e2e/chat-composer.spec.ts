/**
 * The composer in Chromium, with a second member in another browser context: ↑ edits my last
 * message and the edit reaches them; attachments show their progress and are sent, a blocked type
 * is refused; mentions are suggested and sent; `/giphy goal` answers with a preview that Send
 * publishes; a draft follows the member to their other tab; the suggestions pass axe.
 */
import { expect, test, type Browser, type Page } from './fixtures';
import { expectNoSeriousViolations, SECOND, signIn } from './support';

// Two members in two browser contexts and axe runs: more than the default 30 s on two shared cores.
test.describe.configure({ timeout: 90_000 });

const composerInput = (page: Page) => page.locator('[data-part="composer-input"]');
const composer = (page: Page) => page.locator('form[data-part="composer"]');

async function openAs(page: Page, path: string, who?: typeof SECOND): Promise<void> {
  await page.goto(path);
  await signIn(page, who);
  await expect(composerInput(page)).toBeVisible();
}

/** Jordan, signed in in a browser context of his own. */
async function jordan(browser: Browser, path: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openAs(page, path, SECOND);
  return page;
}

/** The message list's article holding `text`. */
const messageWith = (page: Page, text: string | RegExp) => page.getByRole('article').filter({ hasText: text });

test('↑ in an empty composer edits my last message, and the edit reaches the other member', async ({
  page,
  browser,
}) => {
  await openAs(page, '/chat/team/coaches');
  const other = await jordan(browser, '/chat/team/coaches');
  const input = composerInput(page);

  await input.fill('Training moves to 7 pm');
  await input.press('Enter');
  await expect(messageWith(other, 'Training moves to 7 pm')).toBeVisible();
  await expect(input).toHaveValue('');

  await input.press('ArrowUp');
  await expect(composer(page)).toHaveAttribute('data-state', 'editing');
  await expect(page.getByText('Editing message')).toBeVisible();
  await expect(input).toHaveValue('Training moves to 7 pm');
  await expectNoSeriousViolations(page, 'composer: editing');
  await input.press('Escape');
  await expect(composer(page)).toHaveAttribute('data-state', 'composing');
  await expect(input).toHaveValue('');

  await input.press('ArrowUp');
  await input.press('End');
  await input.press('Backspace');
  await input.press('Backspace');
  await input.press('Backspace');
  await input.press('Backspace');
  await input.pressSequentially('8 pm');
  await input.press('Enter');
  await expect(composer(page)).toHaveAttribute('data-state', 'composing');
  await expect(messageWith(other, 'Training moves to 8 pm')).toBeVisible();
  await expect(messageWith(other, 'Training moves to 7 pm')).toHaveCount(0);
  await other.context().close();
});

test('attachments show their progress and are sent; a blocked type is refused', async ({ page, browser }) => {
  await openAs(page, '/chat/team/transfers');
  const other = await jordan(browser, '/chat/team/transfers');
  // Every value the progress bar takes, from the moment it appears.
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { progressSeen: number[] }).progressSeen = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('[data-part="upload-tile"] [role="progressbar"]');
      if (bar) seen.push(Number(bar.getAttribute('aria-valuenow')));
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  const bytes = Buffer.alloc(6 * 1024 * 1024, 7);
  // As a member does: the Attach button first (its picker is what setInputFiles stands for).
  await page.getByRole('button', { name: 'Attach files' }).hover();
  await page
    .locator('[data-part="composer-file-input"]')
    .setInputFiles({ name: 'season-report.pdf', mimeType: 'application/pdf', buffer: bytes });
  const tile = page.locator('[data-part="upload-tile"]').filter({ hasText: 'season-report.pdf' });
  await expect(tile).toBeVisible();
  await expect(tile).toHaveAttribute('data-state', 'finished', { timeout: 20_000 });
  const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
  expect(seen.length).toBeGreaterThan(1);
  expect(new Set(seen).size).toBeGreaterThan(1);
  await expect(tile.getByRole('progressbar')).toHaveCount(0);

  await composerInput(page).fill('The season report');
  await composerInput(page).press('Enter');
  await expect(tile).toHaveCount(0);
  await expect(messageWith(other, 'The season report')).toContainText('season-report.pdf');

  // A type the app's upload settings block never uploads.
  await page
    .locator('[data-part="composer-file-input"]')
    .setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  const blocked = page.locator('[data-part="upload-tile"]').filter({ hasText: 'setup.exe' });
  await expect(blocked).toHaveAttribute('data-state', 'blocked');
  await expect(blocked).toContainText('Upload type not allowed');
  await expect(page.getByText('The attachment upload was blocked: unsupported file type')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send' })).toHaveAttribute('aria-disabled', 'true');
  await blocked.getByRole('button', { name: 'Remove setup.exe' }).click();
  await expect(blocked).toHaveCount(0);
  await other.context().close();
});

test('mentions are suggested as the member types and sent; the emoji picker inserts at the caret', async ({
  page,
  browser,
}) => {
  // Not a team channel: those hold the team's squad and coach, not Alex the commissioner (decision 0040).
  await openAs(page, '/chat/team/social');
  const other = await jordan(browser, '/chat/team/social');
  const input = composerInput(page);
  await input.pressSequentially('Captain this week: @jrdan');
  const listbox = page.getByRole('listbox', { name: 'Members' });
  await expect(listbox.getByRole('option')).toHaveText([/Jordan Weber/]);
  await expect(input).toHaveAttribute('aria-activedescendant', /option-0$/);
  await input.press('Enter');
  await expect(input).toHaveValue('Captain this week: @Jordan Weber ');
  await expect(listbox).toHaveCount(0);

  await page.getByRole('button', { name: 'Insert emoji' }).click();
  const picker = page.getByRole('dialog', { name: /emoji/i });
  await expect(picker).toBeVisible();
  await picker.locator('input[type="search"]').fill('soccer');
  await picker.locator('button[aria-label="⚽"], button[aria-label*="soccer" i]').first().click();
  await expect(picker).toHaveCount(0);
  await expect(input).toHaveValue('Captain this week: @Jordan Weber ⚽');
  await expect(input).toBeFocused();

  await input.press('Enter');
  await expect(messageWith(other, 'Captain this week:')).toContainText('@Jordan Weber');
  await other.context().close();
});

test('/giphy goal answers with a preview that Send publishes', async ({ page, browser }) => {
  await openAs(page, '/chat/team/kit-and-equipment');
  const other = await jordan(browser, '/chat/team/kit-and-equipment');
  const input = composerInput(page);
  await input.pressSequentially('/gi');
  await expect(page.getByRole('listbox', { name: 'Commands' }).getByRole('option')).toHaveText([
    /\/giphy \[text\]Post a random GIF to the channel/,
  ]);
  await input.press('Tab');
  await expect(input).toHaveValue('/giphy ');
  await input.pressSequentially('goal');
  await input.press('Enter');
  const preview = page.locator('[data-part="attachment"][data-type="giphy"]');
  await expect(preview).toBeVisible();
  await preview.getByRole('button', { name: 'Send' }).click();
  await expect(other.locator('[data-part="attachment"][data-type="giphy"]')).toBeVisible();
  await other.context().close();
});

test('a draft follows the member to their other tab and comes back after a reload', async ({ page, context }) => {
  await openAs(page, '/chat/team/social');
  const second = await context.newPage();
  await second.goto('/chat/team/social');
  await expect(composerInput(second)).toBeVisible();

  await composerInput(page).fill('Quiz night on Friday? Bring');
  await expect(composerInput(second)).toHaveValue('Quiz night on Friday? Bring');
  await second.reload();
  await expect(composerInput(second)).toHaveValue('Quiz night on Friday? Bring');

  // Leaving the channel and coming back restores it too.
  await page.goto('/chat/team/general');
  await expect(composerInput(page)).toBeVisible();
  await page.goto('/chat/team/social');
  await expect(composerInput(page)).toHaveValue('Quiz night on Friday? Bring');

  // Sending it removes the draft everywhere.
  await composerInput(page).press('Enter');
  await expect(composerInput(second)).toHaveValue('');
  await second.reload();
  await expect(composerInput(second)).toBeVisible();
  await expect(composerInput(second)).toHaveValue('');
});

test('the suggestions pass axe, on a wide screen and on a phone', async ({ page }) => {
  await openAs(page, '/chat/team/fixtures');
  await composerInput(page).pressSequentially('@s');
  await expect(page.getByRole('listbox', { name: 'Members' })).toBeVisible();
  await expectNoSeriousViolations(page, 'composer: mention suggestions');
  await composerInput(page).press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await composerInput(page).fill('/m');
  await expect(page.getByRole('listbox', { name: 'Commands' })).toBeVisible();
  await expectNoSeriousViolations(page, 'composer: command suggestions');
  // Emptied: the draft the pause saved is deleted before the page goes.
  await composerInput(page).fill('');
  await expect(composer(page)).toHaveAttribute('data-draft', 'idle');

  // On a phone the channel list is a panel over the conversation: closed once the channel shows.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/chat/team/fixtures');
  await expect(composerInput(page)).toBeVisible();
  const panel = page.locator('#chat-channel-panel');
  if (await panel.isVisible()) await page.getByRole('button', { name: 'Close the channel list' }).click();
  await expect(panel).toBeHidden();
  await composerInput(page).pressSequentially('@s');
  await expect(page.getByRole('listbox', { name: 'Members' })).toBeVisible();
  await expectNoSeriousViolations(page, 'composer: suggestions on a phone');
  await composerInput(page).fill('');
});
