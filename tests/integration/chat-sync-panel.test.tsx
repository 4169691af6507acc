// @vitest-environment jsdom
/**
 * The league's chat sync on the commissioner's settings page, against a REAL server (issue #28
 * item 6, decision 0040): changes waiting, then the chat service refusing (a real server answering
 * 503; in jsdom the client sees a network error) with the reason and the next try, "Try now" making the change due at once, and "Chat is up
 * to date" once the chat is back — the panel reads the state again on its own while changes wait.
 * The outbox's worker is stopped: the test applies changes itself, so each state holds until it does.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { outboxState } from '../../server/api/chat/chat-outbox';
import { brokenChatService } from '../support/broken-chat';
import { uiSuite, withLeague } from '../support/league-setup-ui';

const WAIT = { timeout: 10_000 };

const suite = uiSuite(async () => {
  const { default: LeagueSettingsPage } = await import('../../src/features/league-admin/LeagueSettingsPage');
  return <Route path="/league/settings" element={<LeagueSettingsPage />} />;
});
const given = withLeague(suite, 'Harbour League', ['Harbour Hawks', 'Old Town Owls']);

beforeAll(async () => {
  await suite.server.app.chatOutbox.stop();
});

const state = () => outboxState(suite.server.database.db, given.league.id);

describe("the league's chat sync panel", () => {
  it('shows changes waiting, why the chat service refused them, and that the chat is up to date once it is back', async () => {
    const user = userEvent.setup();
    expect((await state()).pending).toBeGreaterThan(0);
    const pending = (await state()).pending;
    localStorage.setItem('selectedLeague', JSON.stringify({ league_id: given.league.id, team_id: 0 }));
    render(
      <suite.ui.App path="/league/settings" user={suite.ui.userOf(given.commissioner, given.commissioner.name)} />,
    );
    const panel = await screen.findByRole('region', { name: 'League chat' }, WAIT);
    expect(
      await screen.findByText(`${pending} ${pending === 1 ? 'change' : 'changes'} waiting to reach the chat`, {}, WAIT),
    ).toBeTruthy();

    const outage = await brokenChatService();
    suite.server.app.chatDirectory.setBaseUrl(outage.url);
    try {
      await suite.server.app.chatOutbox.runDue();
      expect(
        await screen.findByText(/^The chat service refused the last try: .+\. Next try at .+\.$/, {}, WAIT),
      ).toBeTruthy();
      expect(screen.getByText('Tried 1 time so far')).toBeTruthy();
      expect(panel.getAttribute('data-state')).toBe('failing');

      // "Try now": a change whose next try is an hour away is due at once, so the next run tries it again.
      const later = new Date(Date.now() + 3_600_000).toISOString();
      await suite.server.database.db.updateTable('chat_outbox').set({ next_attempt_at: later }).execute();
      await user.click(screen.getByRole('button', { name: 'Try now' }));
      await expect
        .poll(async () => Date.parse((await state()).failing!.next_attempt_at) <= Date.now(), WAIT)
        .toBe(true);
      await suite.server.app.chatOutbox.runDue();
      expect(await screen.findByText('Tried 2 times so far', {}, WAIT)).toBeTruthy();
    } finally {
      suite.server.app.chatDirectory.setBaseUrl(null);
      await outage.close();
    }

    await suite.server.app.chatOutbox.runDue();
    expect(await screen.findByText('Chat is up to date', {}, WAIT)).toBeTruthy();
    expect(screen.getByText(/^Last confirmed in step with the league: /)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Check the chat again' })).toBeTruthy();
  });
});
