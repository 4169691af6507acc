/**
 * Voice messages in Chromium with its fake microphone (a beep; tests/support/chromium.ts): Alex
 * records, pauses, resumes, stops, listens to the preview and sends; Jordan — in another browser,
 * on a phone, in German — sees the message, plays it, seeks with the keyboard and changes the
 * speed. The recorder and the player pass axe.
 */
import { expect, test, type Locator, type Page } from './fixtures';
import { expectNoSeriousViolations, SECOND, signIn } from './support';

const CHANNEL = '/chat/team/social';
const log = (page: Page) => page.locator('.chat-channel').getByRole('log');
const recorder = (page: Page) => page.locator('[data-part="voice-recorder"]');
const shot = (page: Page, name: string) =>
  process.env.E2E_SHOTS ? page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}.png` }) : Promise.resolve();
/** The timer's seconds (`m:ss`). */
const seconds = async (timer: Locator) => {
  const [m, s] = (await timer.innerText()).split(':').map(Number);
  return m! * 60 + s!;
};

test('a voice message is recorded, paused, resumed, previewed, sent, and played with seek and speed', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(CHANNEL);
  await signIn(page);
  await expect(log(page)).toBeVisible();
  const before = await log(page).locator('[data-type="voiceRecording"]').count();

  await page.getByRole('button', { name: 'Record a voice message' }).click();
  await expect(recorder(page)).toHaveAttribute('data-state', 'recording');
  await expect(page.locator('.composer-input')).toBeHidden();
  const timer = recorder(page).getByRole('timer');
  await expect.poll(() => seconds(timer)).toBeGreaterThanOrEqual(2);
  await expect(recorder(page).getByRole('button', { name: 'Pause recording' })).toBeFocused();
  await expectNoSeriousViolations(page, 'voice recorder');
  await shot(page, 'voice-recording-desktop');

  await recorder(page).getByRole('button', { name: 'Pause recording' }).click();
  await expect(recorder(page)).toHaveAttribute('data-state', 'paused');
  const paused = await timer.innerText();
  await page.waitForTimeout(1_200);
  await expect(timer).toHaveText(paused);
  await recorder(page).getByRole('button', { name: 'Resume recording' }).click();
  await expect(recorder(page)).toHaveAttribute('data-state', 'recording');
  await expect.poll(() => seconds(timer)).toBeGreaterThanOrEqual(3);
  const recorded = await seconds(timer);
  await recorder(page).getByRole('button', { name: 'Stop recording' }).click();

  await expect(recorder(page)).toHaveAttribute('data-state', 'preview');
  const preview = recorder(page).locator('[data-part="voice-player"]');
  const previewSlider = preview.getByRole('slider', { name: 'Playback position' });
  await expect(previewSlider).toHaveAttribute('aria-valuetext', /^0:00 of \d+:\d\d$/);
  // The preview lasts what the timer showed when stopped (one decimal more).
  expect(Math.floor(Number(await previewSlider.getAttribute('aria-valuemax')))).toBeGreaterThanOrEqual(recorded);
  await expect(recorder(page).getByRole('button', { name: 'Send voice message' })).toBeFocused();
  await expectNoSeriousViolations(page, 'voice recording preview');
  await shot(page, 'voice-preview-desktop');
  await recorder(page).getByRole('button', { name: 'Send voice message' }).click();
  await expect(recorder(page)).toBeHidden();
  await expect(page.getByRole('button', { name: 'Record a voice message' })).toBeFocused();
  const sent = log(page).locator('[data-type="voiceRecording"]');
  await expect(sent).toHaveCount(before + 1);
  await expect(sent.last().locator('.voice-bar')).toHaveCount(40);

  const jordan = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await jordan.goto(CHANNEL);
  await signIn(jordan, SECOND);
  const message = log(jordan).locator('[data-type="voiceRecording"]').last();
  await expect(log(jordan).locator('[data-type="voiceRecording"]')).toHaveCount(before + 1);
  const player = message.locator('[data-part="voice-player"]');
  const slider = player.getByRole('slider', { name: 'Wiedergabeposition' });
  await expect(slider).toHaveAttribute('aria-valuetext', /^0:00 von \d+:\d\d$/);
  expect(Number(await slider.getAttribute('aria-valuemax'))).toBeGreaterThanOrEqual(3);
  await message.scrollIntoViewIfNeeded();
  await expectNoSeriousViolations(jordan, 'voice message player');

  await player.getByRole('button', { name: 'Sprachnachricht abspielen' }).click();
  await expect(player).toHaveAttribute('data-state', 'playing');
  await expect.poll(async () => Number(await slider.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
  await player.getByRole('button', { name: 'Sprachnachricht pausieren' }).click();
  await expect(player).toHaveAttribute('data-state', 'paused');

  await slider.focus();
  await slider.press('Home');
  await expect(slider).toHaveAttribute('aria-valuenow', '0');
  await slider.press('ArrowRight');
  await slider.press('ArrowRight');
  await expect(slider).toHaveAttribute('aria-valuenow', '2');
  await expect(slider).toHaveAttribute('aria-valuetext', /^0:02 von /);
  await expect.poll(() => message.locator('audio').evaluate((a: HTMLAudioElement) => a.currentTime)).toBe(2);
  await expect(player.locator('[data-part="voice-player-error"]')).toHaveCount(0);

  const speed = player.locator('[data-part="voice-speed"]');
  await expect(speed).toHaveText('1×');
  await speed.click();
  await expect(speed).toHaveText('1.5×');
  await expect(speed).toHaveAccessibleName('Wiedergabegeschwindigkeit: 1.5×');
  await player.getByRole('button', { name: 'Sprachnachricht abspielen' }).click();
  await expect(player).toHaveAttribute('data-state', 'playing');
  await expect.poll(() => message.locator('audio').evaluate((a: HTMLAudioElement) => a.playbackRate)).toBe(1.5);
  await speed.click();
  await expect(speed).toHaveText('2×');
  await expect.poll(() => message.locator('audio').evaluate((a: HTMLAudioElement) => a.playbackRate)).toBe(2);
  await speed.click();
  await expect(speed).toHaveText('1×');
  await shot(jordan, 'voice-player-phone');
  await player.getByRole('button', { name: 'Sprachnachricht pausieren' }).click();
  await expect(player).toHaveAttribute('data-state', 'paused');

  // The same views the other way round: the player on a desktop, the recorder on a phone.
  await shot(page, 'voice-player-desktop');
  await jordan.getByRole('button', { name: 'Sprachnachricht aufnehmen' }).click();
  await expect(recorder(jordan)).toHaveAttribute('data-state', 'recording');
  await expectNoSeriousViolations(jordan, 'voice recorder on a phone');
  await shot(jordan, 'voice-recording-phone');
  await expect(recorder(jordan).getByRole('button', { name: 'Aufnahme pausieren' })).toBeFocused();
  await jordan.keyboard.press('Escape');
  await expect(recorder(jordan)).toBeHidden();
  await expect(jordan.getByRole('button', { name: 'Sprachnachricht aufnehmen' })).toBeFocused();
});
