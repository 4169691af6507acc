/**
 * Slow mode's seconds left, read from the composer's countdown child while it runs (0 when the
 * member may send): the composer itself keeps no copy, so this follows the child, not the composer.
 */
import { useSelector } from '@xstate/react';
import { selectCountdown } from '../../../../machines/composer/composer.selectors';
import { selectRemaining } from '../../../../machines/composer/countdown.machine';
import type { ComposerActor } from '../../../lib/chat/channel-machines';

export function useCooldownRemaining(composer: ComposerActor): number {
  const countdown = useSelector(composer, selectCountdown);
  return useSelector(countdown, (snapshot) => (snapshot ? selectRemaining(snapshot) : 0));
}
