/**
 * A shared location in a message (issue #13 item 4): a drawing of the place (no map service), its
 * coordinates, "Open in map" (OpenStreetMap, in a new tab), and who shared it. A live share also
 * says how long it has left and when it last moved (redrawn every second), offers "Stop sharing"
 * on the member's own, and reads "Live location ended" once it has ended.
 */
import { useEffect, useState } from 'react';
import type { LocalMessage } from 'stream-chat';
import { selectIsLiveShare } from '../../../../machines/live-location/live-location.selectors';
import { useTranslation } from '../../../i18n/use-translation';
import { useChatWorkspace } from '../workspace/chat-workspace-context';
import { ago, coordinates, mapLink, placeOf, timeLeft, type Place } from './location-format';
import { LIVE_CARD_TICK_MS } from './location-settings';
import { LocationMap } from './LocationMap';
import { useLiveLocation } from './live-location-session';
import './location.css';

/** The render time, moved on every tick until `until` (ms) has passed. */
function useNow(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  const ticking = until !== null && now < until;
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), LIVE_CARD_TICK_MS);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}

/** "Stop sharing" on the member's own live share (through their live-location manager). */
function StopSharing({ messageId }: { messageId: string }) {
  const { t } = useTranslation();
  // Showing it starts the manager: it lists the member's live shares and keeps this one moving.
  const { actor, value: registered } = useLiveLocation((s) => selectIsLiveShare(s, messageId));
  return (
    <button
      type="button"
      className="secondary"
      data-part="location-stop"
      aria-disabled={!registered}
      onClick={() => registered && actor.send({ type: 'location.stop', messageId })}
    >
      {t('chat.location.stop')}
    </button>
  );
}

function Live({ endAt, updatedAt, now }: { endAt: number; updatedAt: number; now: number }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <p className="location-line location-live" data-part="location-left">
        {t('chat.location.liveLeft', { time: timeLeft(endAt - now, i18n.language) })}
      </p>
      {Number.isFinite(updatedAt) && (
        <p className="location-line chat-muted" data-part="location-updated">
          {t('chat.location.updated', { ago: ago(now - updatedAt, i18n.language) })}
        </p>
      )}
    </>
  );
}

function Card({ message, place }: { message: LocalMessage; place: Place }) {
  const { t, i18n } = useTranslation();
  const { userId } = useChatWorkspace();
  const location = message.shared_location!;
  const name = message.user?.name || message.user?.id || t('chat.message.unknownUser');
  const endAt = location.end_at ? Date.parse(location.end_at) : null;
  const isLive = endAt !== null && Number.isFinite(endAt);
  const now = useNow(isLive ? endAt : null);
  const active = isLive && endAt > now;
  const state = !isLive ? 'static' : active ? 'live' : 'ended';
  const mine = message.user?.id === userId;
  const updatedAt = Date.parse(String(location.updated_at ?? location.created_at ?? ''));
  return (
    <section
      className="location-card"
      data-part="location"
      data-state={state}
      aria-label={t(isLive ? 'chat.location.liveLabel' : 'chat.location.label', { name })}
    >
      <LocationMap place={place} live={active} />
      <div className="location-body">
        <p className="location-title">{t(isLive ? 'chat.location.liveTitle' : 'chat.location.title')}</p>
        <p className="location-line" data-part="location-sharer">
          {t('chat.location.sharedBy', { name })}
        </p>
        <p className="location-line" data-part="location-coordinates">
          {coordinates(place, i18n.language)}
        </p>
        {active && <Live endAt={endAt} updatedAt={updatedAt} now={now} />}
        {state === 'ended' && (
          <p className="location-line chat-muted" data-part="location-ended">
            {t('chat.location.ended')}
          </p>
        )}
        <div className="location-actions">
          <a href={mapLink(place)} target="_blank" rel="noopener noreferrer">
            {t('chat.location.openInMap')}
            <span className="visually-hidden"> {t('chat.location.newTab')}</span>
          </a>
          {active && mine && <StopSharing messageId={message.id} />}
        </div>
      </div>
    </section>
  );
}

export function LocationCard({ message }: { message: LocalMessage }) {
  const place = placeOf(message.shared_location);
  return place ? <Card message={message} place={place} /> : null;
}
