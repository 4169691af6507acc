/**
 * Sharing a location (issue #13 item 4): the device's position as a preview, then "Share current
 * location" (a static message) or "Share live location" for a chosen duration (the position then
 * follows the device until the time is up or the member stops it). The share goes through the
 * member's live-location manager; its errors ('Failed to share the location', 'Failed to retrieve
 * location', …) show here, and the dialog closes once the message is out.
 */
import { useEffect, useId, useRef, useState } from 'react';
import {
  selectError,
  selectIsSharing,
  selectIsUnavailable,
} from '../../../../machines/live-location/live-location.selectors';
import { newMessageId } from '../../../../machines/shared/message-id';
import { useTranslation } from '../../../i18n/use-translation';
import { ModalDialog } from '../../../components/ui/ModalDialog';
import { useChatWorkspace, useOpenChannel } from '../workspace/chat-workspace-context';
import { coordinates, durationLabel } from './location-format';
import { DEFAULT_LIVE_DURATION_MS, LIVE_DURATIONS_MS } from './location-settings';
import { LocationMap } from './LocationMap';
import { useLiveLocation } from './live-location-session';
import { useCurrentPosition } from './use-current-position';
import '../channel-list/channel-list-overlays.css';
import './location.css';

export function LocationShareDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const shareRef = useRef<HTMLButtonElement>(null);
  const { userId } = useChatWorkspace();
  const { channel } = useOpenChannel();
  const { actor, value: sharing } = useLiveLocation(selectIsSharing);
  const error = useLiveLocation(selectError).value;
  const liveUnavailable = useLiveLocation(selectIsUnavailable).value;
  const { position, retry } = useCurrentPosition();
  const [duration, setDuration] = useState<number>(DEFAULT_LIVE_DURATION_MS);
  const [asked, setAsked] = useState(false);

  // An old error (a share made earlier, the watcher) is not this dialog's.
  useEffect(() => actor.send({ type: 'location.dismissError' }), [actor]);
  // The share asked for has been answered: done, unless it failed (the error shows).
  useEffect(() => {
    if (asked && !sharing && !error) onClose();
  }, [asked, sharing, error, onClose]);

  const place = position.status === 'found' ? position.place : null;
  const share = (durationMs?: number) => {
    if (!place || sharing) return;
    setAsked(true);
    actor.send({
      type: 'location.share',
      channelCid: channel.cid,
      messageId: newMessageId(userId),
      coords: place,
      ...(durationMs !== undefined ? { durationMs } : {}),
    });
  };
  const blocked = !place || sharing;

  return (
    <ModalDialog titleId={titleId} className="location-dialog" initialFocus={shareRef} onClose={onClose}>
      <div className="location-dialog-body" data-part="location-dialog" data-state={position.status}>
        <h2 id={titleId} className="cl-dialog-title">
          {t('chat.liveLocation.share')}
        </h2>
        <div className="location-preview" role="status">
          {position.status === 'locating' && <p className="chat-muted">{t('chat.location.locating')}</p>}
          {place && (
            <>
              <LocationMap place={place} />
              <p className="location-line">
                {t('chat.location.here')}{' '}
                <span data-part="location-coordinates">{coordinates(place, i18n.language)}</span>
              </p>
            </>
          )}
        </div>
        {(position.status === 'denied' || position.status === 'failed') && (
          <div role="alert">
            <p className="location-error">
              {position.status === 'denied' ? t('chat.location.denied') : t('chat.liveLocation.retrieveFailed')}
            </p>
            <button type="button" className="secondary" onClick={retry}>
              {t('chat.location.retry')}
            </button>
          </div>
        )}
        <button type="button" ref={shareRef} aria-disabled={blocked} onClick={() => share()}>
          {t('chat.location.shareCurrent')}
        </button>
        <fieldset className="location-durations" disabled={liveUnavailable}>
          <legend>{t('chat.location.duration')}</legend>
          {LIVE_DURATIONS_MS.map((ms) => (
            <label key={ms}>
              <input
                type="radio"
                name={`${titleId}-duration`}
                value={ms}
                checked={duration === ms}
                onChange={() => setDuration(ms)}
              />
              {durationLabel(ms, i18n.language)}
            </label>
          ))}
        </fieldset>
        <button
          type="button"
          aria-disabled={blocked || liveUnavailable}
          onClick={() => !liveUnavailable && share(duration)}
        >
          {t('chat.location.shareLive')}
        </button>
        <p className="location-line chat-muted">{t('chat.location.liveHint')}</p>
        {error && (
          <p role="alert" className="location-error">
            {t(error.key, error.values)}
          </p>
        )}
        {sharing && <p className="location-line chat-muted">{t('chat.location.sharing')}</p>}
        <div className="cl-dialog-actions">
          <button type="button" className="secondary" onClick={onClose}>
            {t('chat.location.cancel')}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
