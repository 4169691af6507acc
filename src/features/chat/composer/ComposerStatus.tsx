/**
 * The line under the text: why the last send was refused (the machine's error), the slow-mode
 * countdown, the length against the channel's limit near or over it; and, for screen readers,
 * how many suggestions the popover holds.
 */
import { useSelector } from '@xstate/react';
import { useTranslation } from '../../../i18n/use-translation';
import {
  selectErrorKey,
  selectIsEditing,
  selectMaxLength,
  selectSendBlockedReason,
  selectText,
} from '../../../../machines/composer/composer.selectors';
import { useComposerSelector } from './use-composer-selector';
import { useCooldownRemaining } from './use-cooldown-remaining';
import type { ComposerActor } from '../../../lib/chat/channel-machines';
import type { SuggestionState } from './use-suggestions';

/** The counter shows from 90% of the limit on. */
const COUNTER_FROM = 0.9;

export function ComposerStatus({
  composer,
  suggestions,
}: {
  composer: ComposerActor;
  suggestions: SuggestionState | null;
}) {
  const { t } = useTranslation();
  const error = useSelector(composer, selectErrorKey);
  const cooldown = useCooldownRemaining(composer);
  const editing = useSelector(composer, selectIsEditing);
  const length = useSelector(composer, (s) => selectText(s).length);
  const max = useSelector(composer, selectMaxLength);
  const blocked = useComposerSelector(composer, selectSendBlockedReason);
  // A refusal shows while its reason holds (the uploads may have finished since); the slow-mode
  // refusal never does: the countdown below says the wait better than its frozen number.
  const stale =
    (error?.key === 'chat.composer.uploadsInProgress' && blocked !== 'uploading') ||
    error?.key === 'chat.composer.coolingDown';
  const shownError = error && !stale ? error : null;
  const counting = max !== null && length >= max * COUNTER_FROM;
  const announcement = suggestions
    ? suggestions.items.length > 0
      ? t('chat.suggestions.available', { count: suggestions.items.length })
      : suggestions.trigger === '/'
        ? t('chat.suggestions.noCommands', { query: suggestions.query })
        : t('chat.suggestions.noMembers', { query: suggestions.query })
    : '';
  return (
    <div className="composer-status">
      {shownError && (
        <p className="composer-error" role="alert" data-part="composer-error">
          {t(shownError.key, shownError.values)}
        </p>
      )}
      {cooldown > 0 && !editing && (
        <p className="composer-cooldown" data-part="composer-cooldown">
          {t('chat.composer.coolingDown', { count: cooldown })}
        </p>
      )}
      {counting && (
        <p className="composer-counter" data-over={length > max || undefined}>
          {t('chat.composer.counter', { length, max })}
        </p>
      )}
      <span className="visually-hidden" aria-live="polite">
        {announcement}
      </span>
    </div>
  );
}
