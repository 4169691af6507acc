/**
 * Location sharing in Chromium with two members and a fake geolocation (the context's permission
 * granted, its position set by the test): Alex shares his live location for 15 minutes; Jordan —
 * on a phone, in German — sees the place, the time left and the last update; Alex moves and
 * Jordan sees the new place; Alex stops and both see it ended; then a one-off share of the current
 * position. The dialog and the cards pass axe; Escape closes the dialog with focus back on its
 * button. (Jordan's interface is in German: his locators use data-part.)
 */
import { expect, test, type Page } from './fixtures';
import { expectNoSeriousViolations, SECOND, signIn } from './support';

const CHANNEL = '/chat/team/coaches';
const AMSTERDAM = { latitude: 52.3676, longitude: 4.9041 };
const log = (page: Page) => page.locator('.chat-channel').getByRole('log');
const cards = (page: Page) => log(page).locator('[data-part="location"]');
const shot = (page: Page, name: string) =>
  process.env.E2E_SHOTS ? page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}.png` }) : Promise.resolve();

test('a live location is shared, followed by the other member, moved and stopped; then a one-off share', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.context().grantPermissions(['geolocation'], { origin: baseURL });
  await page.context().setGeolocation(AMSTERDAM);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(CHANNEL);
  await signIn(page);
  await expect(log(page)).toBeVisible();
  const before = await cards(page).count();

  const launcher = page.getByRole('button', { name: 'Share a location' });
  await launcher.click();
  const dialog = page.getByRole('dialog', { name: 'Share a location' });
  await expect(dialog.locator('[data-part="location-coordinates"]')).toHaveText('52.3676, 4.9041');
  await expect(dialog.getByRole('button', { name: 'Share current location' })).toBeFocused();
  await expect(dialog.getByRole('radio', { name: '15 minutes' })).toBeChecked();
  await expectNoSeriousViolations(page, 'location dialog');
  await shot(page, 'location-dialog-desktop');
  await dialog.getByRole('button', { name: 'Share live location' }).click();
  await expect(dialog).toBeHidden();
  await expect(launcher).toBeFocused();

  await expect(cards(page)).toHaveCount(before + 1);
  const mine = cards(page).last();
  await expect(mine).toHaveAttribute('data-state', 'live');
  await expect(mine.locator('[data-part="location-left"]')).toHaveText('Live · 15 min left');
  await expect(mine.locator('[data-part="location-sharer"]')).toHaveText('Shared by Alex Morgan');
  const stop = mine.getByRole('button', { name: 'Stop sharing' });
  await expect(stop).toHaveAttribute('aria-disabled', 'false');
  await expect(mine.getByRole('link', { name: /Open in map/ })).toHaveAttribute(
    'href',
    'https://www.openstreetmap.org/?mlat=52.3676&mlon=4.9041#map=16/52.3676/4.9041',
  );

  const jordan = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await jordan.goto(CHANNEL);
  await signIn(jordan, SECOND);
  const seen = cards(jordan).last();
  await expect(seen).toHaveAttribute('data-state', 'live');
  await expect(seen.locator('[data-part="location-coordinates"]')).toHaveText('52,3676, 4,9041');
  await expect(seen.locator('[data-part="location-left"]')).toContainText('Live · noch');
  await expect(seen.locator('[data-part="location-updated"]')).toContainText('Aktualisiert');
  await expect(seen.locator('[data-part="location-sharer"]')).toHaveText('Geteilt von Alex Morgan');
  // Only the sharer may stop it.
  await expect(seen.locator('[data-part="location-stop"]')).toHaveCount(0);
  await expectNoSeriousViolations(jordan, 'live location card on a phone');
  await shot(jordan, 'location-live-phone');

  // Alex moves: the device's watcher reports it and Jordan sees the new place.
  await page.context().setGeolocation({ latitude: 52.37, longitude: 4.91 });
  await expect(seen.locator('[data-part="location-coordinates"]')).toHaveText('52,3700, 4,9100');
  await expect(mine.locator('[data-part="location-coordinates"]')).toHaveText('52.3700, 4.9100');
  await expectNoSeriousViolations(page, 'live location card');
  await shot(page, 'location-live-desktop');

  await stop.click();
  await expect(mine).toHaveAttribute('data-state', 'ended');
  await expect(mine).toContainText('Live location ended');
  await expect(mine.getByRole('button', { name: 'Stop sharing' })).toHaveCount(0);
  await expect(seen).toHaveAttribute('data-state', 'ended');
  await expect(seen).toContainText('Live-Standort beendet');

  // A one-off share of the current position.
  await launcher.click();
  await expect(dialog.locator('[data-part="location-coordinates"]')).toHaveText('52.3700, 4.9100');
  await dialog.getByRole('button', { name: 'Share current location' }).click();
  await expect(dialog).toBeHidden();
  await expect(cards(page)).toHaveCount(before + 2);
  await expect(cards(page).last()).toHaveAttribute('data-state', 'static');
  await shot(page, 'location-static-desktop');
  const oneOff = cards(jordan).last();
  await expect(oneOff).toHaveAttribute('data-state', 'static');
  await expect(oneOff.locator('[data-part="location-left"]')).toHaveCount(0);
  await expect(oneOff.getByRole('link')).toHaveAttribute('target', '_blank');
  await shot(jordan, 'location-static-phone');

  // The dialog on a phone, in German; Escape closes it and gives the focus back.
  await jordan.context().grantPermissions(['geolocation'], { origin: baseURL });
  await jordan.context().setGeolocation({ latitude: -33.8688, longitude: 151.2093 });
  const jordanLauncher = jordan.locator('[data-part="composer-location"]');
  await jordanLauncher.click();
  const jordanDialog = jordan.getByRole('dialog');
  await expect(jordanDialog.locator('[data-part="location-coordinates"]')).toHaveText('-33,8688, 151,2093');
  await expectNoSeriousViolations(jordan, 'location dialog on a phone');
  await shot(jordan, 'location-dialog-phone');
  await jordan.keyboard.press('Escape');
  await expect(jordanDialog).toBeHidden();
  await expect(jordanLauncher).toBeFocused();
});
