/**
 * One look, measured in Chromium (what jsdom cannot compute): the spec's h4 typography (a display
 * font, heavy, red with a black outline) is the theme's display variant, worn by the wordmark,
 * while every section heading of a screen (the team sheet's "Starters" among them) keeps the
 * body font and text colour; the form letters sit in the middle of their squares, in English and
 * in German; the dashboard's chat card reads heading, count, link, one below the other, wide and on
 * a phone; and the team sheet names positions as German football does, with the full name.
 */
import { expect, test, type Locator, type Page } from './fixtures';
import { DEMO, SECOND, signIn } from './support';

const style = (locator: Locator) =>
  locator.evaluate((element) => {
    const css = getComputedStyle(element);
    return {
      font: css.fontFamily,
      weight: css.fontWeight,
      color: css.color,
      stroke: `${css.getPropertyValue('-webkit-text-stroke-width')} ${css.getPropertyValue('-webkit-text-stroke-color')}`,
    };
  });

/** How far each form letter's ink box sits from the middle of its square (x, y), in px. */
const letterOffsets = (page: Page, scope: string) =>
  page.locator(`${scope} .form-mark`).evaluateAll((marks) =>
    marks.map((mark) => {
      const box = mark.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(mark);
      const text = range.getBoundingClientRect();
      return [
        Math.abs(text.left + text.width / 2 - (box.left + box.width / 2)),
        Math.abs(text.top + text.height / 2 - (box.top + box.height / 2)),
      ] as [number, number];
    }),
  );

async function openWithLeague(page: Page, who: typeof DEMO, path: string) {
  await page.goto('/dashboard');
  await signIn(page, who);
  await page.evaluate(() => localStorage.setItem('selectedLeague', JSON.stringify({ league_id: 1, team_id: 1 })));
  const { standings } = (await (await page.request.get('/api/leagues/1')).json()) as {
    standings: { team: { id: number; name: string } }[];
  };
  await page.goto(path.replace(':bears', String(standings.find((r) => r.team.name === 'Bayside Bears')!.team.id)));
}

test('the h4 display look is the wordmark’s; section headings share the body style; form letters are centred', async ({
  page,
}) => {
  await openWithLeague(page, DEMO, '/roster/:bears');
  const sheet = page.getByRole('region', { name: 'Team sheet' });
  await expect(sheet.getByRole('heading', { level: 4, name: 'Starters' })).toBeVisible();

  // The spec's h4: display font, heavy, red, black outline — the theme variant on the wordmark.
  const wordmark = await style(page.locator('.top-bar .brand-name'));
  expect(wordmark.font).toMatch(/^Impact,/);
  expect(wordmark).toMatchObject({ weight: '900', color: 'rgb(211, 47, 47)', stroke: '1px rgb(0, 0, 0)' });

  // Every heading of the screen (h1–h4) in the body's font and colour, without an outline.
  const body = await style(page.locator('body'));
  const headings = page.locator('main h1, main h2, main h3, main h4');
  expect(await headings.count()).toBeGreaterThan(5);
  for (const heading of await headings.all())
    expect({ text: await heading.textContent(), ...(await style(heading)) }).toMatchObject({
      font: body.font,
      color: body.color,
      stroke: '0px rgb(26, 29, 33)',
    });

  // Form letters in the middle of their squares: the roster's header and the league's table.
  const roster = await letterOffsets(page, '.roster-page');
  expect(roster.length).toBe(5);
  // (Before: the letter hugged the left edge, 4–5 px off.)
  for (const [x, y] of roster) expect(x <= 0.75 && y <= 1.5, `${x}, ${y}`).toBe(true);
  await page.goto('/league');
  await expect(page.getByRole('table', { name: 'Standings' })).toBeVisible();
  const table = await letterOffsets(page, 'table');
  expect(table.length).toBe(8 * 5);
  for (const [x, y] of table) expect(x <= 0.75 && y <= 1.5, `${x}, ${y}`).toBe(true);
});

test('in German: centred form letters, positions as German football has them, with the full name', async ({ page }) => {
  await openWithLeague(page, SECOND, '/roster/:bears');
  const sheet = page.getByRole('region', { name: 'Aufstellung' });
  const keeper = sheet.getByRole('listitem').first().locator('abbr');
  await expect(keeper).toHaveAttribute('title', 'Torwart');
  await expect(keeper).toHaveText('TWTorwart');
  await expect(keeper.locator('[aria-hidden="true"]')).toHaveText('TW');
  await expect(keeper.locator('.visually-hidden')).toHaveText('Torwart');
  await expect(page.locator('.roster-page .form-mark').first()).toHaveText(/^[SUN]$/);
  for (const [x, y] of await letterOffsets(page, '.roster-page'))
    expect(x <= 0.75 && y <= 1.5, `${x}, ${y}`).toBe(true);
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
])
  test(`the dashboard's chat card reads heading, count, link, one below the other at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await openWithLeague(page, DEMO, '/dashboard');
    const card = page.getByRole('region', { name: 'Chat' });
    const parts = [
      card.getByRole('heading', { level: 2, name: 'Chat' }),
      card.getByText(/^(Unread chat messages: \d+|You are up to date in the chat\.)$/),
      card.getByRole('link', { name: 'Open the chat' }),
    ];
    const boxes = [];
    for (const part of parts) boxes.push((await part.boundingBox())!);
    for (let i = 1; i < boxes.length; i++) {
      expect(boxes[i]!.y).toBeGreaterThanOrEqual(boxes[i - 1]!.y + boxes[i - 1]!.height);
      expect(boxes[i]!.x).toBeCloseTo(boxes[0]!.x, 0);
    }
    // Laid out as the team card beside it: its heading starts at the same inset.
    const team = page.locator('.my-team h2');
    const teamBox = (await team.boundingBox())!;
    const cardBox = (await card.boundingBox())!;
    const teamCard = (await page.locator('.my-team').boundingBox())!;
    expect(boxes[0]!.x - cardBox.x).toBeCloseTo(teamBox.x - teamCard.x, 0);
  });
