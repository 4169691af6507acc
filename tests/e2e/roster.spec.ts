/**
 * The roster and the coach's team sheet, in Chromium against the demo league: Jordan (coach of
 * the Harbour Hawks, German interface) opens his roster, sets the week-10 team sheet with the
 * keyboard, saves, reloads and sees the same sheet. A save the server refuses (a substitute the
 * commissioner has just marked injured) shows the server's reason and the saved sheet again. axe
 * finds no serious or critical violation, on a wide screen and on a phone.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from './fixtures';
import { DEMO, expectNoSeriousViolations, SECOND, signIn } from './support';

interface Squad {
  id: number;
  next_fixture: { week: number } | null;
  squad: { id: number; name: string; status: string }[];
}

/** A product API session for `who` in `request` (its own cookies), with the CSRF token for writes. */
async function apiAs(request: APIRequestContext, who: { email: string; password: string }): Promise<string> {
  const csrf = async () => ((await (await request.get('/api/csrf')).json()) as { csrfToken: string }).csrfToken;
  const login = await request.post('/api/auth/login', {
    headers: { 'X-CSRF-Token': await csrf() },
    data: { email: who.email, password: who.password },
  });
  expect(login.status()).toBe(200);
  return csrf();
}

async function hawks(page: Page): Promise<Squad> {
  const { leagues } = (await (await page.request.get('/api/leagues')).json()) as {
    leagues: { my_team: { id: number; name: string } | null }[];
  };
  const team = leagues.find((l) => l.my_team?.name === 'Harbour Hawks')!.my_team!;
  return (await (await page.request.get(`/api/teams/${team.id}`)).json()) as Squad;
}

/** Chooses `choice` for the player with the keyboard: focus the group's checked radio, then arrows. */
async function choose(editor: Locator, name: string, choice: 'Startelf' | 'Ersatz' | 'Nicht nominiert') {
  const group = editor.getByRole('radiogroup', { name });
  const order = ['Startelf', 'Ersatz', 'Nicht nominiert'] as const;
  const radios = order.map((label) => group.getByRole('radio', { name: label, exact: true }));
  let at = -1;
  for (let i = 0; i < radios.length; i++) if (await radios[i]!.isChecked()) at = i;
  if (at === -1) {
    await radios[order.indexOf(choice)]!.focus();
    await radios[order.indexOf(choice)]!.press('Space');
  } else {
    await radios[at]!.focus();
    const steps = order.indexOf(choice) - at;
    for (let s = 0; s < Math.abs(steps); s++)
      await radios[at]!.page().keyboard.press(steps > 0 ? 'ArrowRight' : 'ArrowLeft');
  }
  await expect(radios[order.indexOf(choice)]!).toBeChecked();
}

test('the coach sets the week-10 team sheet with the keyboard, and a refused save rolls back', async ({
  page,
  request,
}) => {
  await page.goto('/league');
  await signIn(page, SECOND);
  const team = await hawks(page);
  expect(team.next_fixture?.week).toBe(10);
  await page.goto(`/roster/${team.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Harbour Hawks' })).toBeVisible();
  await expect(page.getByText('Trainer: Jordan Weber')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Nächstes Spiel: Spieltag 10' })).toBeVisible();
  const squad = page.getByRole('region', { name: 'Kader' });
  await expect(squad.getByRole('heading', { level: 3, name: 'Torhüter' })).toBeVisible();
  await expect(squad.getByText('Verletzt')).not.toHaveCount(0);

  const editor = page.getByRole('form', { name: 'Aufstellung festlegen' });
  await expect(editor).toBeVisible();
  const available = team.squad.filter((p) => p.status === 'available');
  const unavailable = team.squad.find((p) => p.status !== 'available')!;
  await expect(
    editor.getByRole('radiogroup', { name: unavailable.name }).getByRole('radio', { name: 'Startelf' }),
  ).toBeDisabled();
  expect(available.length).toBeGreaterThanOrEqual(15);
  const starters = available.slice(0, 11);
  const substitutes = available.slice(11, 14);
  for (const p of starters) await choose(editor, p.name, 'Startelf');
  for (const p of substitutes) await choose(editor, p.name, 'Ersatz');
  for (const p of available.slice(14)) await choose(editor, p.name, 'Nicht nominiert');
  await expect(editor.getByText('11 von 11 Startspielern')).toBeVisible();
  await expect(editor.getByText('3 von 5 Ersatzspielern')).toBeVisible();
  await expectNoSeriousViolations(page, '/roster (coach, editing)');

  await editor.getByRole('button', { name: 'Aufstellung speichern' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Aufstellung gespeichert.')).toBeVisible();

  const sheet = page.getByRole('region', { name: 'Aufstellung', exact: true });
  const expectSheet = async () => {
    const [startList, subList] = [sheet.getByRole('list').nth(0), sheet.getByRole('list').nth(1)];
    await expect(startList.getByRole('listitem')).toHaveCount(11);
    await expect(subList.getByRole('listitem')).toHaveCount(3);
    for (const p of starters) await expect(startList.getByRole('button', { name: p.name, exact: true })).toBeVisible();
    for (const p of substitutes) await expect(subList.getByRole('button', { name: p.name, exact: true })).toBeVisible();
  };
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Harbour Hawks' })).toBeVisible();
  await expectSheet();

  // The commissioner marks a player injured while Jordan's page still shows him available.
  const victim = available[14]!;
  const csrf = await apiAs(request, DEMO);
  const injure = await request.patch(`/api/players/${victim.id}`, {
    headers: { 'X-CSRF-Token': csrf },
    data: { status: 'injured' },
  });
  expect(injure.status()).toBe(200);
  try {
    await choose(editor, victim.name, 'Ersatz');
    await editor.getByRole('button', { name: 'Aufstellung speichern' }).click();
    await expect(page.getByText(/^Die Aufstellung wurde nicht gespeichert: .*injured/)).toBeVisible();
    // Back to the saved sheet, and the player now shown as injured.
    await expectSheet();
    await expect(editor.getByRole('radiogroup', { name: victim.name }).getByText('Verletzt')).toBeVisible();
  } finally {
    await request.patch(`/api/players/${victim.id}`, {
      headers: { 'X-CSRF-Token': csrf },
      data: { status: 'available' },
    });
  }

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(editor.getByRole('button', { name: 'Aufstellung speichern' })).toBeVisible();
  await expectNoSeriousViolations(page, '/roster on a phone');
  await page.setViewportSize({ width: 1280, height: 800 });
});
