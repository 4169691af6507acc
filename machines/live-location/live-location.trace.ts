import { testIn, type TraceEntry } from '../shared/trace';

const sharing = testIn('machines/live-location/live-location-sharing.test.ts');
const registry = testIn('machines/live-location/live-location-registry.test.ts');
const machine = 'liveLocation';
const dropped = 'registry.watching.expiry.scheduled';

export const trace: TraceEntry[] = [
  {
    clause: '§4.16a',
    statement:
      "Live location: starts on a started event; registered only for the user's own messages with an unexpired end_at.",
    machine,
    transitions: [
      'registry.empty --location.shared [isLiveShare]--> registry.watching',
      `${dropped} --location.shared [isLiveShare]--> ${dropped} (re-entered)`,
      'registry.loading --location.shared [isLiveShare]--> (stays)',
      'registry.empty --message.changed [isOwnLiveMessage]--> registry.watching',
      'registry.loading --done: fetchLiveShares--> registry.empty',
      'registry.empty --always [hasShares]--> registry.watching',
    ],
    tests: [
      registry('picks up the active shares at start (ended ones left out) and watches only while one exists'),
      registry('watching starts with the first live share and stops when the last one goes'),
      registry('follows message.changed: keeps a live share, drops it once no longer live, ignores other users'),
      registry('follows the chat while the active shares are still loading'),
    ],
  },
  {
    clause: '§4.16b',
    statement: 'Dropped on expiry, message deletion, message update to non-live, or a stopped event.',
    machine,
    transitions: [
      `${dropped} --after shareExpiry--> ${dropped} (re-entered)`,
      `${dropped} --message.removed [isRegistered]--> ${dropped} (re-entered)`,
      `${dropped} --message.changed [isRegistered]--> ${dropped} (re-entered)`,
      `${dropped} --location.stop [isRegistered]--> ${dropped} (re-entered)`,
      'registry.loading --message.removed [isRegistered]--> (stays)',
      'registry.loading --message.changed [isRegistered]--> (stays)',
      'registry.loading --location.stop [isRegistered]--> (stays)',
    ],
    tests: [
      registry('drops a share when it ends (the nearest end first), then stops watching'),
      registry('drops a share whose message is deleted (and one updated to deleted)'),
      registry('follows message.changed: keeps a live share, drops it once no longer live, ignores other users'),
      registry('location.stop ends the share on the server too; an unknown id does nothing'),
    ],
  },
  {
    clause: '§4.16c',
    statement: 'Location watching runs only while at least one live share exists.',
    machine,
    transitions: [
      'registry.watching --always [hasNoShares]--> registry.empty',
      'registry.empty --always [hasShares]--> registry.watching',
    ],
    tests: [
      registry('starts idle without shares: no position watching at all'),
      registry('watching starts with the first live share and stops when the last one goes'),
    ],
  },
  {
    clause: '§5.6a',
    statement: 'Shared location needs latitude and longitude; live duration at least 60 s.',
    machine,
    transitions: [
      'sharing.idle --location.share [isTooShort]--> (stays)',
      'sharing.idle --location.share [hasCoords]--> sharing.sending',
      'sharing.idle --location.share--> sharing.locating',
      'sharing.locating --done: getCurrentPosition--> sharing.sending',
    ],
    tests: [
      sharing('refuses a live share shorter than 60000 ms without asking the server'),
      sharing('locates the device first when no position is given'),
      sharing('a static share sends a location message without an end and registers nothing'),
    ],
  },
  {
    clause: '§5.6b',
    statement: 'Live sharing needs a client user id.',
    machine,
    transitions: [
      'sharing.sending --error: shareLocation [isClientSideOnly]--> sharing.idle',
      'registry.loading --error: fetchLiveShares [isClientSideOnly]--> registry.unavailable',
    ],
    tests: [
      sharing("live sharing needs a client user id: 'Live-location sharing is reserved for client-side use only'"),
    ],
  },
  {
    clause: '§8.8e',
    statement:
      "Thrown errors: live sharing without user id ('Live-location sharing is reserved for client-side use only').",
    machine,
    transitions: ['sharing.sending --error: shareLocation [isClientSideOnly]--> sharing.idle'],
    tests: [
      sharing("live sharing needs a client user id: 'Live-location sharing is reserved for client-side use only'"),
    ],
  },
  {
    clause: '§8.10m',
    statement: 'Failed to share the location (api:location:create:failed); Failed to retrieve location.',
    machine,
    transitions: [
      'sharing.sending --error: shareLocation--> sharing.idle',
      'sharing.locating --error: getCurrentPosition--> sharing.idle',
      'registry.watching --position.failed--> (stays)',
      '(liveLocation) --location.dismissError--> (stays)',
    ],
    tests: [
      sharing("'Failed to share the location' (api:location:create:failed) with the reason"),
      sharing("'Failed to retrieve location' when the device cannot be located; nothing is sent"),
      registry(
        "a failed listing still lets the registry run; 'Failed to retrieve location' from the watcher clears with the next position",
      ),
    ],
  },
  {
    clause: '§9.3h',
    statement: 'Minimum live location 60000 ms; location updates at most once per 3000 ms.',
    machine,
    transitions: [
      'sharing.idle --location.share [isTooShort]--> (stays)',
      'registry.watching.updates.ready --position.changed--> registry.watching.updates.throttled',
      'registry.watching.updates.throttled --position.changed--> (stays)',
      'registry.watching.updates.throttled --after updateThrottle [hasPendingPosition]--> registry.watching.updates.throttled (re-entered)',
      'registry.watching.updates.throttled --after updateThrottle--> registry.watching.updates.ready',
    ],
    tests: [
      sharing('refuses a live share shorter than 60000 ms without asking the server'),
      registry('sends positions at most once per 3000 ms, the latest one when the window ends'),
    ],
  },
];
