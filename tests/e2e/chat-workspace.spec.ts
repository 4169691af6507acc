/**
 * The chat workspace's frame in Chromium: the address names the open channel (deep links,
 * back and forward), `/chat` opens the most recent channel on wide screens, a channel the member
 * cannot read says 'Channel Missing', and below the md breakpoint the channel list is the
 * navigation panel (open at first, closed by choosing a channel, reopened by ☰). On a phone with
 * its keyboard open (390×500) three messages stay in sight while a two-line draft is typed, and the
 * unread count stays on screen without opening a menu.
 */
import { expect, test, type Page } from './fixtures';
import { DEMO, expectNoSeriousViolations, jordanClient, leagueTeamOf, memberClient, signIn } from './support';

/** The league's general channel is named after the league (decision 0040); not its "· Match day" one. */
const GENERAL = 'Riverside League(?! ·)';
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

  await (await channelLink(page, GENERAL)).click();
  await expect(page).toHaveURL(/\/chat\/team\/general$/);
  await expect(channelTitle(page)).toHaveText('Riverside League');
  await (await channelLink(page, 'Riverside League · Match day')).click();
  await expect(channelTitle(page)).toHaveText('Riverside League · Match day');

  await page.goBack();
  await expect(page).toHaveURL(/\/chat\/team\/general$/);
  await expect(channelTitle(page)).toHaveText('Riverside League');
  await page.goForward();
  await expect(channelTitle(page)).toHaveText('Riverside League · Match day');
  await expectNoSeriousViolations(page, '/chat/team/matchday');

  // A deep link opens its channel after a reload too.
  await page.goto('/chat/team/results');
  await expect(channelTitle(page)).toHaveText('Riverside League · Results');
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

  await (await channelLink(page, 'Riverside League · Match day')).click();
  await expect(channelNav(page)).toBeHidden();
  await expect(channelTitle(page)).toHaveText('Riverside League · Match day');
  await expectNoSeriousViolations(page, 'phone: channel');

  await page.getByRole('button', { name: 'Channels' }).click();
  await expect(page.locator('.chat-workspace')).toHaveAttribute('data-panel', /opening|open/);
  await expect(channelNav(page)).toBeVisible();
  await page.getByRole('button', { name: 'Close the channel list' }).click();
  await expect(channelNav(page)).toBeHidden();
  await expect(channelTitle(page)).toHaveText('Riverside League · Match day');
});

test('on a phone with the keyboard open, three messages stay in sight under a two-line draft', async ({
  browser,
  playwright,
  baseURL,
}) => {
  // A phone: a touch screen, where each message carries its own actions button.
  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true })).newPage();
  await page.goto('/chat');
  await signIn(page);
  const request = await playwright.request.newContext({ baseURL });
  const alexRequest = await playwright.request.newContext({ baseURL });
  const jordan = await jordanClient(request, baseURL!);
  const alex = await memberClient(alexRequest, baseURL!, DEMO);
  const token = Date.now().toString(36);
  try {
    // Messages of a chat's average length (one or two lines on a phone) by two members in turn,
    // so each shows its author's name; then one elsewhere, unread.
    const members = { members: [jordan.userID!, alex.userID!], team: leagueTeamOf(jordan.user) };
    await jordan.channel('messaging', `phone-${token}`, members).create();
    const texts = [
      'Training moves to Thursday at seven, same pitch as last week.',
      'Thanks! Bring both kits, the referee wants the away colours.',
      'Who can give Sam a lift from the station before kick-off?',
      'I can, I will be there at half past nine with two free seats.',
    ];
    for (const [i, text] of texts.entries()) {
      await (i % 2 ? alex : jordan).channel('messaging', `phone-${token}`).sendMessage({ text });
    }
    await page.goto(`/chat/messaging/phone-${token}`);
    const log = page.locator('.chat-channel').getByRole('log');
    await expect(log.getByRole('article')).toHaveCount(4);
    const other = jordan.channel('messaging', `phone-other-${token}`, members);
    await other.create();
    await other.sendMessage({ text: 'Are you coming to the quiz night?' });
    const menu = page.getByRole('button', { name: 'Open navigation' });
    await expect(menu.locator('[data-part="unread-badge"]')).toBeVisible();

    // The keyboard opens: the window is 500 px high. A two-line draft is typed.
    await page.setViewportSize({ width: 390, height: 500 });
    const box = page.getByRole('textbox', { name: /^Message / });
    await box.click();
    await box.pressSequentially('Can someone bring the spare nets');
    await page.keyboard.press('Shift+Enter');
    await box.pressSequentially('and the corner flags on Saturday?');
    await expect(box).toHaveValue('Can someone bring the spare nets\nand the corner flags on Saturday?');
    const inSight = await log.evaluate((element) => {
      const frame = element.getBoundingClientRect();
      return [...element.querySelectorAll('[role="article"], article')].filter((article) => {
        const box = article.getBoundingClientRect();
        return box.top >= frame.top - 1 && box.bottom <= frame.bottom + 1 && box.bottom <= window.innerHeight;
      }).length;
    });
    expect(inSight).toBeGreaterThanOrEqual(3);
    await expect(page.getByRole('button', { name: 'Send' })).toBeInViewport();
    // The count stays in sight: on the way back to the channels while the top bar gives way.
    const back = page.getByRole('button', { name: /^Channels/ });
    await expect(back.locator('[data-part="unread-badge"]')).toBeInViewport();
    await expect(back).toHaveAccessibleName(/^Channels \d+ unread messages?$/);
    // The keyboard hint is not shown on a touch screen; screen readers still hear it.
    const hint = page.locator(`#${await box.getAttribute('aria-describedby')}`);
    await expect(hint).toHaveText(/Enter sends/);
    const size = await hint.boundingBox();
    expect(size!.width <= 1 && size!.height <= 1).toBe(true);
  } finally {
    await Promise.all([jordan.disconnectUser(), alex.disconnectUser()]);
    await Promise.all([request.dispose(), alexRequest.dispose()]);
  }
});
