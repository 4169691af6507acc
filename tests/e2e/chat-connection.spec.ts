/**
 * The chat connection in a real browser: signing in connects the member to the chat (the chat
 * page's connection notice says connected, with nothing to warn about), the navigation badge
 * counts a message another member posts, going offline is announced after 5 s, and coming back
 * online reconnects.
 */
import { expect, test } from './fixtures';
import { DEMO, jordanClient, signIn, unreadBadge } from './support';

test('a signed-in member is connected to the chat and the badge counts new messages', async ({
  page,
  playwright,
  baseURL,
}) => {
  // A channel with nothing unread is open (opening it changes no count), and the new message in
  // League general stays unread.
  await page.goto('/chat/team/transfers');
  await signIn(page, DEMO);
  const notice = page.locator('.connection-notice');
  await expect(notice).toHaveAttribute('data-state', 'connected');
  await expect(notice).toHaveText('');
  await expect(page.locator('#chat-channel-title')).toHaveText('Transfers');
  const before = await unreadBadge(page);

  const request = await playwright.request.newContext({ baseURL });
  const jordan = await jordanClient(request, baseURL!);
  try {
    await jordan.channel('team', 'general').sendMessage({ text: 'Kick-off moved to 10:30' });
    await expect(page.getByRole('navigation', { name: 'Main' }).locator('.badge').first()).toHaveText(
      String(before + 1),
    );
    await expect(
      page
        .getByRole('navigation', { name: 'Main' })
        .getByLabel(`${before + 1} unread messages`)
        .first(),
    ).toBeVisible();
  } finally {
    await jordan.disconnectUser();
    await request.dispose();
  }

  // Offline closes the connection; once it has been down for 5 s the member is told, and back
  // online it reconnects and the notice clears.
  await page.context().setOffline(true);
  await expect(notice).toHaveAttribute('data-state', 'offline', { timeout: 15_000 });
  await expect(notice).toHaveText('Connection failure, reconnecting now...');
  await page.context().setOffline(false);
  await expect(notice).toHaveAttribute('data-state', 'connected', { timeout: 15_000 });
  await expect(notice).toHaveText('');
});
