/**
 * The composer's "Create a poll" button and, while the composer's poll-composer child runs, its
 * dialog (fetched on first use, ahead when the button is pointed at or focused).
 */
import { useSelector } from '@xstate/react';
import { Suspense } from 'react';
import type { ActorRefFrom } from 'xstate';
import { selectChild, selectPollOpen } from '../../../../machines/composer/composer.selectors';
import type { pollComposerMachine } from '../../../../machines/poll-composer/poll-composer.machine';
import { useTranslation } from '../../../i18n/use-translation';
import type { ComposerActor } from '../../../lib/chat/channel-machines';
import { lazyPart } from '../../../lib/lazy-part';

const PollCreateDialog = lazyPart(() => import('./PollCreateDialog').then((m) => ({ default: m.PollCreateDialog })));

function PollIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" className="icon">
      <path d="M5 20V10h3v10H5Zm5.5 0V4h3v16h-3ZM16 20v-7h3v7h-3Z" fill="currentColor" />
    </svg>
  );
}

export function PollLauncher({ composer }: { composer: ComposerActor }) {
  const { t } = useTranslation();
  const open = useSelector(composer, selectPollOpen);
  const child = useSelector(composer, (s) => (open ? selectChild(s, 'pollComposer') : undefined)) as
    ActorRefFrom<typeof pollComposerMachine> | undefined;
  const preload = () => void PollCreateDialog.preload();
  return (
    <>
      <button
        type="button"
        className="composer-icon-button"
        aria-label={t('chat.poll.create')}
        title={t('chat.poll.create')}
        data-part="composer-poll"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => composer.send({ type: 'composer.openPoll' })}
      >
        <PollIcon />
      </button>
      {child && (
        <Suspense fallback={null}>
          <PollCreateDialog poll={child} onClose={() => composer.send({ type: 'composer.closePoll' })} />
        </Suspense>
      )}
    </>
  );
}
