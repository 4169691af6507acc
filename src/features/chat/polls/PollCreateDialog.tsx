/**
 * Creating a poll (issue #13 item 2) over the composer's poll-composer child: the question, an
 * optional description, the options (a new empty row appears below the last one that is filled,
 * up to 100), one vote per person or a limit of 2–10 votes, comments, suggested options and
 * anonymous voting, with the spec's texts under the fields once they are left. Create (or
 * Ctrl/⌘+Enter from anywhere in it) sends the poll as its own message; Enter never does: in a text
 * field it moves on to the next one (from an option to the option below, the new empty row when it
 * was the last filled one), as in other poll tools. Cancel, Escape or the backdrop close it and
 * keep nothing.
 */
import { useSelector } from '@xstate/react';
import { useId, useRef, type KeyboardEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { pollComposerMachine } from '../../../../machines/poll-composer/poll-composer.machine';
import {
  selectCanCreate,
  selectErrors,
  selectFailure,
  selectIsCreating,
  selectValues,
} from '../../../../machines/poll-composer/poll-composer.selectors';
import type { PollFlagField, PollTextField } from '../../../../machines/poll-composer/poll-composer.types';
import { useTranslation } from '../../../i18n/use-translation';
import { ModalDialog } from '../../../components/ui/ModalDialog';
import './polls.css';
import { CloseIcon } from '../../../components/ui/icons';

type PollComposerActor = ActorRefFrom<typeof pollComposerMachine>;

const FLAGS: [PollFlagField, string][] = [
  ['allow_answers', 'chat.poll.allowComments'],
  ['allow_user_suggested_options', 'chat.poll.allowSuggestions'],
];

/** The text fields Enter moves through, in order: the question, the description, the options. */
const ENTER_MOVES = 'input[data-enter="next"]';

/**
 * Enter in the dialog: Ctrl/⌘+Enter creates the poll from any field; a plain Enter in a text field
 * goes to the next one of {@link ENTER_MOVES} (from the last, nowhere) and never submits the form
 * (a browser submits a form on Enter in any of its fields). An input method composing text (Japanese,
 * Korean) keeps its Enter.
 */
function onDialogKeyDown(event: KeyboardEvent<HTMLFormElement>, submit: () => void) {
  if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
  if (event.ctrlKey || event.metaKey) {
    event.preventDefault();
    submit();
    return;
  }
  const field = event.target;
  if (!(field instanceof HTMLInputElement)) return; // buttons act on Enter themselves
  event.preventDefault();
  if (field.dataset.enter !== 'next') return;
  const fields = [...event.currentTarget.querySelectorAll<HTMLInputElement>(ENTER_MOVES)];
  fields[fields.indexOf(field) + 1]?.focus();
}

export function PollCreateDialog({ poll, onClose }: { poll: PollComposerActor; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const values = useSelector(poll, selectValues);
  const errors = useSelector(poll, selectErrors);
  const canCreate = useSelector(poll, selectCanCreate);
  const creating = useSelector(poll, selectIsCreating);
  const failure = useSelector(poll, selectFailure);
  const submit = () => poll.send({ type: 'poll.submit' });
  const text = (field: PollTextField, label: string, error?: string, inputMode?: 'numeric') => {
    const id = `${titleId}-${field}`;
    return (
      <div className="poll-field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          ref={field === 'name' ? nameRef : undefined}
          value={values[field]}
          inputMode={inputMode}
          data-enter={field === 'max_votes_allowed' ? undefined : 'next'}
          enterKeyHint={field === 'max_votes_allowed' ? undefined : 'next'}
          disabled={field === 'max_votes_allowed' && values.enforce_unique_vote}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => poll.send({ type: 'poll.change', field, value: event.target.value })}
          onBlur={() => poll.send({ type: 'poll.blur', field })}
        />
        {error && (
          <p id={`${id}-error`} className="poll-error">
            {t(error)}
          </p>
        )}
      </div>
    );
  };

  return (
    <ModalDialog titleId={titleId} className="poll-dialog" initialFocus={nameRef} onClose={onClose}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        onKeyDown={(event) => onDialogKeyDown(event, submit)}
      >
        <h2 id={titleId} className="cl-dialog-title">
          {t('chat.poll.create')}
        </h2>
        {text('name', t('chat.poll.question'), errors.name)}
        {text('description', t('chat.poll.description'))}
        <fieldset className="poll-field">
          <legend>{t('chat.poll.options')}</legend>
          {values.options.map((option, index) => {
            const error = errors.options?.[option.id];
            const last = index === values.options.length - 1;
            return (
              <div key={option.id} className="poll-option-row">
                <input
                  aria-label={t('chat.poll.optionN', { n: index + 1 })}
                  value={option.text}
                  data-part="poll-option-input"
                  data-enter="next"
                  enterKeyHint="next"
                  placeholder={last ? t('chat.poll.addOption') : undefined}
                  aria-invalid={Boolean(error)}
                  onChange={(event) =>
                    poll.send({ type: 'poll.changeOption', id: option.id, text: event.target.value })
                  }
                  onBlur={() => poll.send({ type: 'poll.blurOption', id: option.id })}
                />
                {!last && (
                  <button
                    type="button"
                    className="chat-icon-button"
                    aria-label={t('chat.poll.removeOption', { n: index + 1 })}
                    onClick={() => poll.send({ type: 'poll.removeOption', id: option.id })}
                  >
                    <CloseIcon />
                  </button>
                )}
                {error && <p className="poll-error">{t(error)}</p>}
              </div>
            );
          })}
        </fieldset>
        <label className="poll-check-field">
          <input
            type="checkbox"
            checked={values.enforce_unique_vote}
            onChange={(event) =>
              poll.send({ type: 'poll.change', field: 'enforce_unique_vote', value: event.target.checked })
            }
          />
          {t('chat.poll.oneVote')}
        </label>
        {text('max_votes_allowed', t('chat.poll.maxVotes'), errors.max_votes_allowed, 'numeric')}
        {FLAGS.map(([field, key]) => (
          <label key={field} className="poll-check-field">
            <input
              type="checkbox"
              checked={values[field]}
              onChange={(event) => poll.send({ type: 'poll.change', field, value: event.target.checked })}
            />
            {t(key)}
          </label>
        ))}
        <label className="poll-check-field">
          <input
            type="checkbox"
            checked={values.voting_visibility === 'anonymous'}
            onChange={(event) =>
              poll.send({
                type: 'poll.change',
                field: 'voting_visibility',
                value: event.target.checked ? 'anonymous' : 'public',
              })
            }
          />
          {t('chat.poll.anonymousVoting')}
        </label>
        {failure && (
          <p role="alert" className="poll-error">
            {t(failure.key, failure.values)}
          </p>
        )}
        <div className="cl-dialog-actions">
          <button type="button" className="secondary" onClick={onClose}>
            {t('chat.poll.cancel')}
          </button>
          <button
            type="submit"
            aria-disabled={!canCreate || creating}
            aria-keyshortcuts="Control+Enter Meta+Enter"
            title={t('chat.poll.createShortcut')}
          >
            {creating ? t('chat.poll.creating') : t('chat.poll.createButton')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
