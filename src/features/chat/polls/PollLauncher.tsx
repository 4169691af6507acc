/**
 * The composer's "Create a poll" button and, while the composer's poll-composer child runs, its
 * dialog (fetched on first use, ahead when the button is pointed at or focused).
 */
import { useSelector } from '@xstate/react';
import { Suspense } from 'react';
import type { ActorRefFrom } from 'xstate';
import { selectChild, selectPollOpen } from '../../../../machines/composer/composer.selectors';
import type { pollComposerMachine } from '../../../../machines/poll-composer/poll-composer.machine';
import { withStrings } from '../../../i18n/bundles';
import { useTranslation } from '../../../i18n/use-translation';
import type { ComposerActor } from '../../../lib/chat/channel-machines';
import { lazyPart } from '../../../lib/lazy-part';
import { LauncherButton } from '../composer/LauncherButton';

// The dialog's strings (and the poll-composer machine's messages it shows) come with it.
const PollCreateDialog = lazyPart(
  withStrings('polls', () => import('./PollCreateDialog').then((m) => ({ default: m.PollCreateDialog }))),
);

export function PollLauncher({ composer }: { composer: ComposerActor }) {
  const { t } = useTranslation();
  const open = useSelector(composer, selectPollOpen);
  const child = useSelector(composer, (s) => (open ? selectChild(s, 'pollComposer') : undefined)) as
    ActorRefFrom<typeof pollComposerMachine> | undefined;
  return (
    <>
      <LauncherButton
        label={t('chat.poll.create')}
        part="composer-poll"
        iconPath="M5 20V10h3v10H5Zm5.5 0V4h3v16h-3ZM16 20v-7h3v7h-3Z"
        preload={() => PollCreateDialog.preload()}
        onOpen={() => composer.send({ type: 'composer.openPoll' })}
      />
      {child && (
        <Suspense fallback={null}>
          <PollCreateDialog poll={child} onClose={() => composer.send({ type: 'composer.closePoll' })} />
        </Suspense>
      )}
    </>
  );
}
