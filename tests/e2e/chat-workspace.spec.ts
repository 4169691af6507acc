/**
 * The chat workspace's frame in Chromium: the address names the open channel (deep links,
 * back and forward), `/chat` opens the most recent channel on wide screens, a channel the member
 * cannot read says 'Channel Missing', and below the md breakpoint the channel list is the
 * navigation panel (open at first, closed by choosing a channel, reopened by ☰).
 */
import { expect, test, type Page } from './fixtures';
import { expectNoSeriousViolations, signIn } from './support';

const channelTitle = (page: Page) => page.locator('#chat-channel-title');
const channelNav = (page: Page) => page.locator('#chat-channel-panel');

/** The channel's row in the list, loading more pages until it is there (the list is ordered by activity). */
async function channelLink(page: Page, name: string) {
  const link = channelNav(page).getByRole('link', { name: new RegExp(`^${name}`) });
  const more = channelNav(page).getByRole('button', { name: 'Load more channels' });
  await expect(link.or(more).first()).toBeVisible();
  while (!(await link.isVisible()) && (await more.isVisible())) {
    await more.click();
    await expect(link.or(more).first()).toBeVisible();
  }
  return link;
}

test('the address names the open channel; back and forward move between channels', async ({ page }) => {
  await page.goto('/chat');
  await signIn(page);
  // Wide screen: the most recent channel opens by itself, replacing /chat.
  await expect(page).toHaveURL(/\/chat\/[\w-]+\/[\w!-]+$/);
  await expect(channelTitle(page)).not.toBeEmpty();

  await (await channelLink(page, 'League general')).click();
  await expect(page).toHaveURL(/\/chat\/team\/general$/);
  await expect(channelTitle(page)).toHaveText('League general');
  await (await channelLink(page, 'Match day')).click();
  await expect(channelTitle(page)).toHaveText('Match day');

  await page.goBack();
  await expect(page).toHaveURL(/\/chat\/team\/general$/);
  await expect(channelTitle(page)).toHaveText('League general');
  await page.goForward();
  await expect(channelTitle(page)).toHaveText('Match day');
  await expectNoSeriousViolations(page, '/chat/team/matchday');

  // A deep link opens its channel after a reload too.
  await page.goto('/chat/team/results');
  await expect(channelTitle(page)).toHaveText('Results');
});

test('a channel the member is not in, or that does not exist, is missing', async ({ page }) => {
  await page.goto('/chat/team/no-such-channel');
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Channel Missing' })).toBeVisible();
  await expectNoSeriousViolations(page, 'missing channel');
  await page.getByRole('link', { name: 'Back to your channels' }).click();
  await expect(page).toHaveURL(/\/chat(\/|$)/);
});

test('on a phone the channel list is a navigation panel over the conversation', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/chat');
  await signIn(page);
  // Open at first, and /chat stays /chat: the member chooses.
  await expect(channelNav(page)).toBeVisible();
  await expect(page).toHaveURL(/\/chat$/);
  await expectNoSeriousViolations(page, 'phone: panel open');

  await (await channelLink(page, 'Match day')).click();
  await expect(channelNav(page)).toBeHidden();
  await expect(channelTitle(page)).toHaveText('Match day');
  await expectNoSeriousViolations(page, 'phone: channel');

  await page.getByRole('button', { name: 'Channels' }).click();
  await expect(page.locator('.chat-workspace')).toHaveAttribute('data-panel', /opening|open/);
  await expect(channelNav(page)).toBeVisible();
  await page.getByRole('button', { name: 'Close the channel list' }).click();
  await expect(channelNav(page)).toBeHidden();
  await expect(channelTitle(page)).toHaveText('Match day');
});
