/**
 * Layout guards on every screen (architecture §5, issue #27): every route signed out and signed in,
 * a chat channel and a thread open, and one dialog, panel, menu and popover of each kind, on a
 * 390×844 phone and a 1280×800 screen, in English and in German (long words). `layoutProblems`
 * (layout-guards.ts) lists sideways scrolling, screen-reader text that shows, overlapping table
 * cells and cut-off table text; the first test plants one regression of each kind to prove that
 * each check fails on it.
 */
import { expect, test, type Locator, type Page } from './fixtures';
import { layoutProblems } from './layout-guards';
import { DEMO } from './support';
import { say } from './strings';

const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;
const LANGUAGES = ['en', 'de'] as const;

test('each guard fails on a planted regression of its kind, and passes a sound page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const cell = 'padding: 4px; font: 16px sans-serif';
  const planted = {
    sideways: `<div style="width: 600px">A heading too wide for a phone</div>`,
    // The rule itself went missing once (it lived in a stylesheet only one page loaded).
    srOnly: `<span class="visually-hidden">Enter sends, Shift+Enter adds a new line</span>`,
    overlap: `<table style="table-layout: fixed; width: 200px"><tr>
      <td style="width: 60px; ${cell}; white-space: nowrap">Disponible</td><td style="${cell}">7</td></tr></table>`,
    clipped: `<div style="width: 200px; overflow-x: auto"><table><tr>
      <td style="${cell}">Harbour Hawks Harbour Hawks</td><td style="${cell}; white-space: nowrap">Points 18 Points 18</td>
      </tr></table></div>`,
    ellipsis: `<table style="table-layout: fixed; width: 150px"><tr>
      <td style="${cell}; overflow: hidden; text-overflow: ellipsis; white-space: nowrap">Krzysztof Szymański</td></tr></table>`,
  };
  const expected: Record<keyof typeof planted, RegExp> = {
    sideways: /the page scrolls sideways: 6\d\d px of content in a 390 px window/,
    srOnly:
      /screen-reader-only <span\.visually-hidden> "Enter sends, Shift\+Enter adds a new line" measures \d+×\d+ px/,
    overlap: /text of two cells overlaps: <td> "Disponible" and <td> "7"/,
    clipped: /table text is cut off: <td> "Points 18 Points 18" by <div> /,
    ellipsis: /table text is cut off: <td> "Krzysztof Szymański" by <td> /,
  };
  for (const [kind, html] of Object.entries(planted) as [keyof typeof planted, string][]) {
    await page.setContent(`<!doctype html><body style="margin: 0">${html}</body>`);
    const problems = await layoutProblems(page);
    expect(problems, kind).toHaveLength(1);
    expect(problems[0], kind).toMatch(expected[kind]);
  }
  const sound = `<style>.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden;
    clip: rect(0 0 0 0); white-space: nowrap }</style>
    <span class="visually-hidden">Enter sends</span>
    <table><caption class="visually-hidden">Table</caption><tr><td style="${cell}">Disponible</td><td style="${cell}">7</td></tr></table>`;
  await page.setContent(`<!doctype html><body style="margin: 0">${sound}</body>`);
  expect(await layoutProblems(page)).toEqual([]);
});

for (const language of LANGUAGES) {
  for (const size of SIZES) {
    test(`no sideways scrolling, visible screen-reader text or broken tables: ${language}, ${size.width}×${size.height}`, async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      const context = await browser.newContext({
        viewport: size,
        locale: language === 'de' ? 'de-DE' : 'en-US',
        hasTouch: size.width < 600,
        geolocation: { latitude: 52.3676, longitude: 4.9041 },
        permissions: ['geolocation'],
      });
      const page = await context.newPage();
      const t = (key: string, values?: Record<string, string | number>) => say(language, key, values);
      const problems: string[] = [];
      const check = async (where: string, ready: Locator) => {
        await expect(ready, where).toBeVisible();
        for (const problem of await layoutProblems(page)) problems.push(`${where}: ${problem}`);
      };
      const dialog = async (where: string, open: () => Promise<unknown>, shown: Locator) => {
        await open();
        await check(where, shown);
        await page.keyboard.press('Escape');
        await expect(shown, `${where} closes with Escape`).toBeHidden();
      };
      const heading = (name: string) => page.getByRole('heading', { level: 1, name });
      // A phone (a touch screen) opens a message's actions from its own button, a mouse by pointing.
      const openActions = (message: Locator) =>
        size.width < 600 ? message.locator('[data-part="message-actions-toggle"]').click() : message.hover();

      await page.goto('/login');
      await check('/login', heading(t('login.title')));
      await page.goto('/register');
      await check('/register', heading(t('register.title')));

      await signInAs(page, baseURL!, language);
      try {
        await page.goto('/dashboard');
        await check('/dashboard', page.locator('main .card').first());
        await page.goto('/league');
        await check('/league', page.locator('main table'));
        await dialog(
          'the result form',
          () =>
            page
              .getByRole('button', { name: t('league.recordResult') })
              .first()
              .click(),
          page.locator('form').filter({ has: page.getByRole('button', { name: t('league.saveResult') }) }),
        );
        await page.goto('/roster/1');
        await check('/roster/1', page.locator('main table').first());
        await page.goto('/explore');
        const players = page.getByRole('region', { name: t('explore.results') });
        await check('/explore', players.getByRole('listitem').first());
        await dialog(
          'the player card',
          () => players.getByRole('listitem').first().getByRole('button').first().click(),
          page.getByRole('dialog'),
        );
        await page.goto('/account');
        await check('/account', page.locator('main form').first());
        // The league's set-up screens (the demo commissioner's league, played fixtures: locked rules).
        await page.goto('/leagues/new');
        await check('/leagues/new', page.locator('main form').first());
        await page.goto('/league/settings');
        await check('/league/settings', page.getByRole('radio').first());
        await page.goto('/league/teams');
        await check('/league/teams', page.locator('.team-list li').first());
        await dialog(
          'the team removal',
          () =>
            page
              .getByRole('button', { name: new RegExp(`^${t('admin.teams.remove')} `) })
              .first()
              .click(),
          page.getByRole('dialog'),
        );
        await page.goto('/league/schedule');
        await check('/league/schedule', page.locator('main form').first());
        await page.goto('/league/members');
        await check('/league/members', page.locator('.member-list li').first());
        await page.goto(`/join/${await invitationToken(page)}`);
        await check('/join (signed in)', page.locator('.join-facts'));
        await page.goto('/help');
        await check('/help', heading(t('help.title')));
        await page.goto('/no-such-page');
        await check('not found', heading(t('notFound.title')));
        if (size.width < 600) {
          await dialog(
            'the navigation drawer',
            () => page.getByRole('button', { name: t('nav.openMenu') }).click(),
            page.locator('#nav-drawer'),
          );
        }

        await page.goto('/chat/threads');
        await check('/chat/threads', page.getByRole('heading', { level: 2, name: t('chat.threads.title') }));
        await page.goto('/chat/reminders');
        await check('/chat/reminders', page.getByRole('heading', { level: 2, name: t('chat.reminders.title') }));
        await page.goto('/chat/team/general');
        const log = page.locator('.chat-channel').getByRole('log');
        const message = log.getByRole('article').last();
        await check('a channel', message);
        await dialog(
          'the emoji picker',
          () => page.getByRole('button', { name: t('chat.composer.emoji') }).click(),
          page.getByRole('dialog', { name: t('chat.emoji.picker') }),
        );
        await dialog(
          'the poll dialog',
          () => page.getByRole('button', { name: t('chat.poll.create') }).click(),
          page.getByRole('dialog', { name: t('chat.poll.create') }),
        );
        await dialog(
          'the location dialog',
          () => page.getByRole('button', { name: t('chat.liveLocation.share') }).click(),
          page.getByRole('dialog', { name: t('chat.liveLocation.share') }),
        );
        await dialog(
          'the message menu',
          async () => {
            await openActions(message);
            await message.getByRole('button', { name: t('chat.actions.more') }).click();
          },
          page.getByRole('menu'),
        );
        await dialog(
          'the channel switcher',
          () => page.keyboard.press('Control+k'),
          page.getByRole('dialog', { name: t('chat.switcher.title') }),
        );
        await dialog(
          'the pinned messages',
          () => page.getByRole('button', { name: t('chat.pinned.open') }).click(),
          page
            .getByRole('complementary', { name: t('chat.pinned.title') })
            .or(page.getByRole('dialog', { name: t('chat.pinned.title') })),
        );
        await dialog(
          'the channel details',
          () => page.getByRole('button', { name: t('chat.workspace.details') }).click(),
          page
            .getByRole('complementary', { name: t('chat.details.title') })
            .or(page.getByRole('dialog', { name: t('chat.details.title') })),
        );
        await openActions(message);
        await message.getByRole('button', { name: t('chat.actions.replyInThread') }).click();
        await check('a thread', page.getByRole('complementary', { name: t('chat.thread.title') }).getByRole('textbox'));
        await page.goto('/chat');
        await check('/chat', page.getByRole('navigation', { name: t('chat.channelList.navLabel') }).first());
        await dialog(
          'the new direct message dialog',
          () => page.getByRole('button', { name: t('chat.newDirect.open') }).click(),
          page.getByRole('dialog', { name: t('chat.newDirect.title') }),
        );
      } finally {
        // The demo members follow their browser's language in every other test.
        await saveLanguage(page, null);
      }
      expect(problems).toEqual([]);
    });
  }
}

/** Signs the demo commissioner in through the API, in `language`, following the Riverside League. */
async function signInAs(page: Page, baseURL: string, language: string): Promise<void> {
  const { csrfToken } = (await (await page.request.get('/api/csrf')).json()) as { csrfToken: string };
  const headers = { 'X-CSRF-Token': csrfToken };
  const login = await page.request.post('/api/auth/login', {
    headers,
    data: { email: DEMO.email, password: DEMO.password },
  });
  expect(login.status()).toBe(200);
  await saveLanguage(page, language);
  await page.goto(`${baseURL}/login`);
  await page.evaluate(() =>
    localStorage.setItem('selectedLeague', JSON.stringify({ league_id: 1, team_id: 1, current_season_week: 10 })),
  );
}

/** A new invitation to the demo league (a supporter's), made by its commissioner through the API. */
async function invitationToken(page: Page): Promise<string> {
  const { csrfToken } = (await (await page.request.get('/api/csrf')).json()) as { csrfToken: string };
  const created = await page.request.post('/api/leagues/1/invitations', {
    headers: { 'X-CSRF-Token': csrfToken },
    data: { role: 'supporter' },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { token: string }).token;
}

/** Saves the signed-in member's language (`null`: follow the browser, as the demo members do). */
async function saveLanguage(page: Page, language: string | null): Promise<void> {
  const { id } = (await (await page.request.get('/api/auth/me')).json()) as { id: number };
  const { csrfToken } = (await (await page.request.get('/api/csrf')).json()) as { csrfToken: string };
  const saved = await page.request.put(`/api/users/${id}`, {
    headers: { 'X-CSRF-Token': csrfToken },
    data: { language },
  });
  expect(saved.status()).toBe(200);
}
