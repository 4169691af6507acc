/**
 * The composer's "Share a location" button (where the member may share locations: the
 * `share-location` capability, locations on in the channel's config) and its dialog, fetched with
 * its strings on first use (ahead when the button is pointed at or focused).
 */
import { useState } from 'react';
import type { Channel } from 'stream-chat';
import { withStrings } from '../../../i18n/bundles';
import { useTranslation } from '../../../i18n/use-translation';
import { preloadable } from '../../../lib/preloadable';
import { LauncherButton } from '../composer/LauncherButton';

const LocationShareDialog = preloadable(
  withStrings('location', () => import('./LocationShareDialog').then((m) => ({ default: m.LocationShareDialog }))),
);

export function LocationLauncher({ channel }: { channel: Channel }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const allowed =
    (channel.data?.own_capabilities ?? []).includes('share-location') &&
    channel.getConfig()?.shared_locations !== false;
  if (!allowed) return null;
  return (
    <>
      <LauncherButton
        label={t('chat.liveLocation.share')}
        part="composer-location"
        iconPath="M12 2a7 7 0 0 0-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z"
        preload={() => LocationShareDialog.preload()}
        onOpen={() => setOpen(true)}
      />
      {open && <LocationShareDialog onClose={() => setOpen(false)} />}
    </>
  );
}
