// @vitest-environment jsdom
/**
 * Sharing a location (issue #13 item 4) against the REAL chat sandbox with REAL stream-chat clients
 * and the member's real live-location manager: the dialog shares the current position once or live
 * (Bob receives it), a live share follows the device and stops; the card shows the place, the
 * sharer, the time left and the last update, "Stop sharing" only on my own live share, and
 * "Live location ended". The device's position comes from a fake geolocation (jsdom has none).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import type { Channel, LocalMessage } from 'stream-chat';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocationCard } from '../../src/features/chat/location/LocationCard';
import { LocationShareDialog } from '../../src/features/chat/location/LocationShareDialog';
import {
  liveLocationSessions,
  resumeKey,
  useLiveLocationSession,
} from '../../src/features/chat/location/live-location-registry';
import { nextEvent, serverClient } from '../support/chat';
import { FakeGeolocation } from '../support/fake-geolocation';
import { renderInWorkspace } from '../support/chat-ui';
import { twoMembers } from '../support/two-members';

const WAIT = { timeout: 5000 };
const chat = twoMembers();

let geolocation: FakeGeolocation;
beforeEach(() => {
  geolocation = new FakeGeolocation();
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
});
afterEach(async () => {
  for (const session of liveLocationSessions.values()) session.stop();
  liveLocationSessions.clear();
  localStorage.clear();
  const { active_live_locations } = await chat.alice.getSharedLocations();
  for (const location of active_live_locations)
    await chat.alice.updateLocation({ message_id: location.message_id, end_at: new Date().toISOString() });
});

/** The card of message `id` as Alice's channel holds it now (re-rendered on its updates). */
function LiveCard({ channel, id }: { channel: Channel; id: string }) {
  const [message, setMessage] = useState<LocalMessage | undefined>(() => channel.state.findMessage(id));
  useEffect(() => {
    const subscription = channel.on('message.updated', () => setMessage(channel.state.findMessage(id)));
    return () => subscription.unsubscribe();
  }, [channel, id]);
  return message ? <LocationCard message={message} /> : null;
}

async function openDialog(room: string) {
  const { mine, bobs } = await chat.room(room);
  const onClose = vi.fn();
  await renderInWorkspace(<LocationShareDialog onClose={onClose} />, chat.workspace(mine));
  const dialog = screen.getByRole('dialog', { name: 'Share a location' });
  return { mine, bobs, onClose, dialog };
}

const card = (name: RegExp | string) => screen.getByRole('region', { name });

describe('sharing a location', () => {
  it('shares the current position once: Bob receives a static location; the card shows the place and the map link', async () => {
    const { mine, onClose, dialog } = await openDialog('loc-static');
    const user = userEvent.setup();
    expect(await within(dialog).findByText('52.3676, 4.9041')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Share current location' })).toBe(document.activeElement);
    const bobSees = nextEvent(chat.bob, 'message.new', 5000, (e) => Boolean(e.message?.shared_location));
    await user.click(within(dialog).getByRole('button', { name: 'Share current location' }));
    const { message } = await bobSees;
    expect(message?.user?.id).toBe('alice');
    expect(message?.shared_location).toMatchObject({ latitude: 52.3676, longitude: 4.9041 });
    expect(message?.shared_location?.end_at).toBeUndefined();
    await waitFor(() => expect(onClose).toHaveBeenCalled(), WAIT);

    await waitFor(() => expect(mine.state.findMessage(message!.id)).toBeTruthy(), WAIT);
    await renderInWorkspace(<LiveCard channel={mine} id={message!.id} />, chat.workspace(mine));
    const shown = card('Location shared by Alice Adams');
    expect(shown.getAttribute('data-state')).toBe('static');
    expect(within(shown).getByText('Shared by Alice Adams')).toBeTruthy();
    const link = within(shown).getByRole('link', { name: /Open in map/ });
    expect(link.getAttribute('href')).toBe(
      'https://www.openstreetmap.org/?mlat=52.3676&mlon=4.9041#map=16/52.3676/4.9041',
    );
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(shown).queryByText(/Live/)).toBeNull();
    expect(within(shown).queryByRole('button', { name: 'Stop sharing' })).toBeNull();
  });

  it('shares live for 1 hour: moves reach Bob, the card counts down and stops it', async () => {
    const { mine, bobs, dialog } = await openDialog('loc-live');
    const user = userEvent.setup();
    await within(dialog).findByText('52.3676, 4.9041');
    await user.click(within(dialog).getByRole('radio', { name: '1 hour' }));
    const bobSees = nextEvent(chat.bob, 'message.new', 5000, (e) => Boolean(e.message?.shared_location));
    const asked = Date.now();
    await user.click(within(dialog).getByRole('button', { name: 'Share live location' }));
    const { message } = await bobSees;
    const endAt = Date.parse(message!.shared_location!.end_at!);
    expect(endAt - asked).toBeGreaterThanOrEqual(3_600_000);
    expect(endAt - Date.now()).toBeLessThanOrEqual(3_600_000);
    await waitFor(() => expect(geolocation.watchers.size).toBe(1), WAIT);
    // This browser remembers the share's end, to resume it after a reload.
    await waitFor(() => expect(Number(localStorage.getItem(resumeKey('alice')))).toBe(endAt), WAIT);

    const moved = nextEvent(chat.bob, 'message.updated', 5000, (e) => e.message?.shared_location?.latitude === 52.37);
    geolocation.move(52.37, 4.9);
    await moved;
    await waitFor(() => expect(bobs.state.findMessage(message!.id)?.shared_location?.latitude).toBe(52.37), WAIT);

    await waitFor(() => expect(mine.state.findMessage(message!.id)?.shared_location?.latitude).toBe(52.37), WAIT);
    await renderInWorkspace(<LiveCard channel={mine} id={message!.id} />, chat.workspace(mine));
    const shown = card('Live location shared by Alice Adams');
    expect(shown.getAttribute('data-state')).toBe('live');
    expect(within(shown).getByText('52.3700, 4.9000')).toBeTruthy();
    expect(within(shown).getByText('Live · 1 hr left')).toBeTruthy();
    expect(within(shown).getByText(/^Updated /)).toBeTruthy();
    const stop = within(shown).getByRole('button', { name: 'Stop sharing' });
    await waitFor(() => expect(stop.getAttribute('aria-disabled')).toBe('false'), WAIT);
    const stopped = nextEvent(chat.bob, 'message.updated', 5000, (e) => e.message?.id === message!.id);
    await user.click(stop);
    expect(Date.parse((await stopped).message!.shared_location!.end_at!)).toBeLessThanOrEqual(Date.now());
    expect(geolocation.watchers.size).toBe(0);
    await waitFor(
      () => expect(card('Live location shared by Alice Adams').getAttribute('data-state')).toBe('ended'),
      WAIT,
    );
    expect(screen.getByText('Live location ended')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Stop sharing' })).toBeNull();
    expect((await chat.alice.getSharedLocations()).active_live_locations).toEqual([]);
  });

  it("offers no 'Stop sharing' on another member's live share", async () => {
    const { mine, bobs } = await chat.room('loc-bobs');
    const shared = nextEvent(chat.alice, 'message.new', 5000, (e) => Boolean(e.message?.shared_location));
    await bobs.sendSharedLocation({
      message_id: `bob-${Date.now()}`,
      latitude: -33.8688,
      longitude: 151.2093,
      created_by_device_id: 'bob-phone',
      end_at: new Date(Date.now() + 15 * 60_000).toISOString(),
    });
    const { message } = await shared;
    await waitFor(() => expect(mine.state.findMessage(message!.id)).toBeTruthy(), WAIT);
    await renderInWorkspace(<LiveCard channel={mine} id={message!.id} />, chat.workspace(mine));
    const shown = card('Live location shared by Bob Brown');
    expect(within(shown).getByText('Live · 15 min left')).toBeTruthy();
    expect(within(shown).getByText('-33.8688, 151.2093')).toBeTruthy();
    expect(within(shown).queryByRole('button', { name: 'Stop sharing' })).toBeNull();
  });

  it('says when the member refused location access or the device cannot find itself, and shares nothing', async () => {
    geolocation.refuse = true;
    const { dialog } = await openDialog('loc-denied');
    const store = chat.server.app.chatSandbox!.store;
    const before = store.messages.size;
    const user = userEvent.setup();
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Location access is blocked');
    const shareNow = within(dialog).getByRole('button', { name: 'Share current location' });
    expect(shareNow.getAttribute('aria-disabled')).toBe('true');
    await user.click(shareNow);
    await user.click(within(dialog).getByRole('button', { name: 'Share live location' }));
    expect(store.messages.size).toBe(before);
    geolocation.refuse = false;
    geolocation.lost = true;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toContain('Failed to retrieve location'));
    geolocation.lost = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('52.3676, 4.9041')).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it("'Failed to share the location' when the service refuses (locations turned off for the channel)", async () => {
    const { mine, onClose, dialog } = await openDialog('loc-refused');
    const user = userEvent.setup();
    await within(dialog).findByText('52.3676, 4.9041');
    await act(() =>
      serverClient(chat.server)
        .channel('messaging', 'loc-refused')
        .updatePartial({ set: { config_overrides: { shared_locations: false } } }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Share current location' }));
    expect((await within(dialog).findByRole('alert', undefined, WAIT)).textContent).toBe(
      'Failed to share the location',
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(mine.state.messages.some((m) => m.shared_location)).toBe(false);
  });

  it('resumes a live share this browser remembers when the chat opens, and stops following it when the chat closes', async () => {
    const { mine } = await chat.room('loc-resume');
    const endAt = Date.now() + 10 * 60_000;
    const { message } = await mine.sendSharedLocation({
      message_id: `alice-resume-${Date.now()}`,
      latitude: 1,
      longitude: 1,
      created_by_device_id: 'alice-before-reload',
      end_at: new Date(endAt).toISOString(),
    });
    localStorage.setItem(resumeKey('alice'), String(endAt));
    function ChatOpen() {
      useLiveLocationSession(chat.alice);
      return null;
    }
    const view = await renderInWorkspace(<ChatOpen />, chat.workspace(mine));
    await waitFor(() => expect(geolocation.watchers.size).toBe(1), WAIT);
    const moved = nextEvent(chat.bob, 'message.updated', 5000, (e) => e.message?.id === message.id);
    geolocation.move(1.5, 1);
    expect((await moved).message?.shared_location?.latitude).toBe(1.5);
    view.unmount();
    await waitFor(() => expect(geolocation.watchers.size).toBe(0), WAIT);
    expect(liveLocationSessions.has(chat.alice)).toBe(false);
  });
});
